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

    python3 benchmarks/bench_pdf.py [--pages 20] [--rows 150] [--repeat 5]
"""

from __future__ import annotations

import argparse
import importlib.util
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
from typing import TYPE_CHECKING, NoReturn

if TYPE_CHECKING:
    from collections.abc import Callable

#: name: (builder, extensions, further configuration, compile with TeX)
VARIANTS = {
    'rst2pdf (stock)': ('pdf', ['linuxdoc_builders', 'rst2pdf.pdfbuilder'],
                        # what linuxpdf does by default
                        'pdf_invariant = True\n', False),
    'linuxpdf': ('linuxpdf', ['linuxdoc_builders'], '', False),
    'linuxlatex+xelatex': ('linuxlatex', ['linuxdoc_builders'],
                           "latex_engine = 'xelatex'\n", True),
}
BASELINE = 'rst2pdf (stock)'
OURS = 'linuxpdf'
REFERENCE = 'linuxlatex+xelatex'
TARGET = 1.1
#: rst2pdf's and Sphinx's LaTeX file names come from the project name.
PROJECT = 'tables'


def _html_page() -> Callable[[int, int], str]:
    """The page generator of ``benchmarks/bench_html.py``, loaded by path."""
    path = Path(__file__).with_name('bench_html.py')
    spec = importlib.util.spec_from_file_location('benchmarks_html', path)
    if spec is None or spec.loader is None:
        raise ImportError(f'cannot load {path}')
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    page: Callable[[int, int], str] = module.page
    return page


def build(root: Path, variant: str) -> tuple[float, float]:
    """Wall and CPU seconds of one full build of ``variant``.

    Exits with the tail of the failing step's output when a step fails or
    the PDF is missing or empty.
    """
    builder, _, _, tex = VARIANTS[variant]
    work = root / 'build' / _slug(variant)
    shutil.rmtree(work, ignore_errors=True)
    outdir = work / 'out'
    steps = [[sys.executable, '-m', 'sphinx', '-q', '-b', builder,
              '-c', str(root / 'conf' / _slug(variant)), '-d',
              str(work / 'doctrees'), str(root / 'project'), str(outdir)]]
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
    page = _html_page()
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


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument('--pages', type=int, default=20)
    parser.add_argument('--rows', type=int, default=150)
    parser.add_argument('--repeat', type=int, default=5)
    args = parser.parse_args()
    times: dict[str, list[tuple[float, float]]] = {n: [] for n in VARIANTS}
    with tempfile.TemporaryDirectory() as tmp:
        root = Path(tmp)
        write_project(root, args.pages, args.rows)
        for run in range(args.repeat):
            for name in VARIANTS:
                seconds = build(root, name)
                times[name].append(seconds)
                print(f'run {run + 1}/{args.repeat} {name}: wall '
                      f'{seconds[0]:.2f} s, CPU {seconds[1]:.2f} s',
                      file=sys.stderr)
    for summary, pick in (('best', min), ('median', statistics.median)):
        wall = {n: pick([w for w, _ in v]) for n, v in times.items()}
        cpu = {n: pick([c for _, c in v]) for n, v in times.items()}
        for name in VARIANTS:
            print(f'{name:18s} {summary} of {args.repeat}: wall '
                  f'{wall[name]:7.2f} s, CPU {cpu[name]:7.2f} s')
        for other, note in ((BASELINE, f' (target <= {TARGET}x)'),
                            (REFERENCE, '')):
            print(f'{OURS}/{other} {summary}: wall '
                  f'{wall[OURS] / wall[other]:.3f}x, CPU '
                  f'{cpu[OURS] / cpu[other]:.3f}x{note}')


if __name__ == '__main__':
    main()
