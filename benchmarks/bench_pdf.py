# SPDX-License-Identifier: GPL-2.0-only
"""linuxpdf versus stock rst2pdf, and versus linuxlatex plus xelatex.

``linuxpdf`` is rst2pdf's builder with our table handling; it must not
make PDF builds noticeably slower than the stock ``pdf`` builder of
rst2pdf (the baseline, with the flat-table directive from
``linuxdoc_builders``), so the two are compared on the same project:
the table-heavy pages of ``benchmarks/bench_html.py`` (flat-tables
with row and column spans and stub columns, a grid table, a list-table,
prose).  Rows
span at most three rows of short text, which the stock builder can lay
out.  For reference, the TeX route is timed too: ``linuxlatex`` with
``latex_engine = 'xelatex'`` and then latexmk through Sphinx's generated
Makefile, the two steps together.

Every build is a full build into fresh directories, a ``sphinx-build``
process of its own (and ``make``'s for TeX); the variants take turns,
``--repeat`` times each, in one run.  Best and median wall time are
printed with the CPU time of the child processes beside them, which is
less disturbed by other load on the machine.  A build that fails, or
leaves no PDF or an empty one (rst2pdf's way of failing), stops the
benchmark.  Target: ``linuxpdf`` <= 1.1x stock rst2pdf.

Long plain tables are a case of their own (``--plain-rows``): one
list-table of 2500 and one of 5000 short rows, no spans, linuxpdf against
stock rst2pdf only.  They show whether table layout is linear in rows
(every row measured once, page breaks from running heights); target
<= 1.3x stock.

    python3 benchmarks/bench_pdf.py [--pages 20] [--rows 150] [--repeat 5]
                                    [--plain-rows 2500 5000] [--no-span-case]
"""

from __future__ import annotations

import argparse
import os
import re
import resource
import shutil
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path
from typing import NoReturn

# run as python3 benchmarks/bench_pdf.py: benchmarks/ is on sys.path
from bench_html import page

#: name: (builder, extensions, further configuration, compile with TeX)
VARIANTS = {
    'rst2pdf (stock)': ('pdf', ['linuxdoc_builders', 'rst2pdf.pdfbuilder'],
                        # what linuxpdf does by default; the book named as
                        # linuxpdf names it (stock rst2pdf 0.102 on Sphinx
                        # 5.3 and 7.2 would call it "Python")
                        'pdf_invariant = True\n'
                        "pdf_documents = [('index', 'tables', 'tables', "
                        "'')]\n", False),
    'linuxpdf': ('linuxpdf', ['linuxdoc_builders'], '', False),
    'linuxlatex+xelatex': ('linuxlatex', ['linuxdoc_builders'],
                           "latex_engine = 'xelatex'\n", True),
}
BASELINE = 'rst2pdf (stock)'
OURS = 'linuxpdf'
REFERENCE = 'linuxlatex+xelatex'
TARGET = 1.1
PLAIN_TARGET = 1.3
#: rst2pdf's and Sphinx's LaTeX file names come from the project name.
PROJECT = 'tables'


def build(root: Path, variant: str, project: str = 'project'
          ) -> tuple[float, float]:
    """Wall and CPU seconds of one full build of ``variant``.

    Exits with the tail of the failing step's output when a step fails or
    the PDF is missing or empty.
    """
    builder, _, _, tex = VARIANTS[variant]
    work = root / 'build' / project / _slug(variant)
    shutil.rmtree(work, ignore_errors=True)
    outdir = work / 'out'
    steps = [[sys.executable, '-m', 'sphinx', '-q', '-b', builder,
              '-c', str(root / 'conf' / _slug(variant)), '-d',
              str(work / 'doctrees'), str(root / project), str(outdir)]]
    if tex:
        steps.append(['make', '-C', str(outdir), 'all-pdf'])
    env = dict(os.environ,
               LATEXOPTS='-interaction=nonstopmode -halt-on-error')
    cpu_before = _children_cpu()
    start = time.perf_counter()
    for command in steps:
        result = subprocess.run(command, cwd=root, env=env, text=True,
                                stdin=subprocess.DEVNULL,
                                capture_output=True, check=False)
        if result.returncode:
            _fail(variant, f'{command[0]} exited {result.returncode}',
                  result)
    elapsed = time.perf_counter() - start
    cpu = _children_cpu() - cpu_before
    pdf = outdir / f'{PROJECT}.pdf'
    if not pdf.is_file() or pdf.stat().st_size == 0:
        _fail(variant, f'{pdf.name} is missing or empty', result)
    return elapsed, cpu


def _fail(variant: str, problem: str,
          result: subprocess.CompletedProcess[str]) -> NoReturn:
    print(f'{variant}: {problem}; the benchmark of a failed build is '
          'meaningless.', file=sys.stderr)
    for name, text in (('stdout', result.stdout), ('stderr', result.stderr)):
        tail = text.splitlines()[-30:]
        if tail:
            print(f'--- {name} (tail)', *tail, sep='\n', file=sys.stderr)
    sys.exit(1)


def _slug(variant: str) -> str:
    """A directory name for ``variant``: no blanks or brackets for make."""
    return re.sub(r'\W+', '-', variant).strip('-')


def _children_cpu() -> float:
    usage = resource.getrusage(resource.RUSAGE_CHILDREN)
    return usage.ru_utime + usage.ru_stime


def write_project(root: Path, pages: int, rows: int) -> None:
    """The sources in ``root/project``, a ``conf.py`` per variant."""
    srcdir = root / 'project'
    srcdir.mkdir()
    toctree = ['Tables', '======', '', '.. toctree::', '']
    for number in range(pages):
        (srcdir / f'page{number}.rst').write_text(page(number, rows))
        toctree.append(f'   page{number}')
    (srcdir / 'index.rst').write_text('\n'.join(toctree) + '\n')
    for name, (_, extensions, conf, _) in VARIANTS.items():
        confdir = root / 'conf' / _slug(name)
        confdir.mkdir(parents=True)
        (confdir / 'conf.py').write_text(
            f'project = {PROJECT!r}\nextensions = {extensions!r}\n' + conf)


def write_plain_project(root: Path, rows: int) -> str:
    """One list-table of ``rows`` short rows and a header row, no spans,
    in ``root/plainROWS``; the directory's name."""
    name = f'plain{rows}'
    srcdir = root / name
    srcdir.mkdir()
    lines = ['Plain rows', '==========', '', '.. list-table::',
             '   :header-rows: 1', '', '   * - Name', '     - Value',
             '     - Bits']
    for row in range(rows):
        lines += [f'   * - FIELD_{row}', f'     - value {row} of the table',
                  f'     - {row % 32}']
    (srcdir / 'index.rst').write_text('\n'.join(lines) + '\n')
    return name


def _report(label: str, times: dict[str, list[tuple[float, float]]],
            comparisons: list[tuple[str, str]]) -> None:
    """Best and median of each variant, and linuxpdf's ratios."""
    for summary, pick in (('best', min), ('median', statistics.median)):
        wall = {n: pick([w for w, _ in v]) for n, v in times.items()}
        cpu = {n: pick([c for _, c in v]) for n, v in times.items()}
        repeat = len(next(iter(times.values())))
        for name in times:
            print(f'{label}: {name:18s} {summary} of {repeat}: wall '
                  f'{wall[name]:7.2f} s, CPU {cpu[name]:7.2f} s')
        for other, note in comparisons:
            print(f'{label}: {OURS}/{other} {summary}: wall '
                  f'{wall[OURS] / wall[other]:.3f}x, CPU '
                  f'{cpu[OURS] / cpu[other]:.3f}x{note}')


def _run(root: Path, project: str, variants: list[str], repeat: int
         ) -> dict[str, list[tuple[float, float]]]:
    times: dict[str, list[tuple[float, float]]] = {n: [] for n in variants}
    for run in range(repeat):
        for name in variants:
            seconds = build(root, name, project)
            times[name].append(seconds)
            print(f'{project} run {run + 1}/{repeat} {name}: wall '
                  f'{seconds[0]:.2f} s, CPU {seconds[1]:.2f} s',
                  file=sys.stderr)
    return times


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument('--pages', type=int, default=20)
    parser.add_argument('--rows', type=int, default=150)
    parser.add_argument('--repeat', type=int, default=5)
    parser.add_argument('--plain-rows', type=int, nargs='*',
                        default=[2500, 5000])
    parser.add_argument('--no-span-case', action='store_true',
                        help='only the long plain tables')
    args = parser.parse_args()
    with tempfile.TemporaryDirectory() as tmp:
        root = Path(tmp)
        write_project(root, args.pages, args.rows)
        if not args.no_span_case:
            _report('span-heavy', _run(root, 'project', list(VARIANTS),
                                       args.repeat),
                    [(BASELINE, f' (target <= {TARGET}x)'),
                     (REFERENCE, '')])
        for rows in args.plain_rows:
            project = write_plain_project(root, rows)
            _report(f'{rows} plain rows',
                    _run(root, project, [BASELINE, OURS], args.repeat),
                    [(BASELINE, f' (target <= {PLAIN_TARGET}x)')])


if __name__ == '__main__':
    main()
