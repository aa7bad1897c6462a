# SPDX-License-Identifier: GPL-2.0-only
"""html (docutils' table writer) versus linuxhtml on the same project.

A generated project of table-heavy pages (flat-tables with row and column
spans and stub columns, a grid table, a list-table, prose) is built,
alternately and in one run, with the stock ``html`` builder and
``linuxdoc_html_translator = False`` (the baseline), with ``html`` and our
translator, and with ``linuxhtml``.  The middle one isolates the
translator's cost from anything Sphinx or a theme does by builder name.
Two builds each, best of ``--repeat``: a full build (read and write, what
users wait for) and a write-only rebuild from the pickled environment
(where the translator's cost is not diluted by reading).  Best and
median are both printed: on a shared 2-core machine one identical build
varies by 15% from run to run, so use enough repeats.  Each build is a
``sphinx-build`` process of its own; its CPU time is printed beside the
wall time, as it is less disturbed by other load on the machine.  Target:
``linuxhtml`` full build <= 1.03x the baseline.

    python3 benchmarks/bench_html.py [--pages 40] [--rows 150] [--repeat 8]
"""

from __future__ import annotations

import argparse
import resource
import shutil
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

CONF = ("extensions = ['linuxdoc_builders']\n"
        "linuxdoc_html_translator = False\n")

GRID_TABLE = '''
+----------+----------+----------+
| Head A   | Head B   | Head C   |
+==========+==========+==========+
| wide cell spanning  | c1       |
+----------+----------+----------+
| two-row  | x        | y        |
| span     +----------+----------+
|          | z        | w        |
+----------+----------+----------+
'''


def page(number: int, rows: int) -> str:
    lines = [f'Page {number}', '=' * 20, '',
             'Registers of one device, with merged cells.', '',
             '.. flat-table:: Registers', '   :header-rows: 2',
             '   :stub-columns: 1', '',
             '   * - :rspan:`1` Register', '     - :cspan:`1` Bits',
             '     - :rspan:`1` Meaning', '',
             '   * - first', '     - last', '']
    for y in range(rows):
        if y % 3 == 0:
            lines += [f'   * - :rspan:`2` REG{y}', f'     - {y}',
                      f'     - {y + 1}', f'     - field {y}, *emphasised*',
                      '']
        else:
            lines += [f'   * - {y}', f'     - {y + 1}',
                      f'     - field {y} with ``code``', '']
    lines += [GRID_TABLE, '.. list-table::', '   :header-rows: 1',
              '   :stub-columns: 1', '']
    for y in range(20):
        lines += [f'   * - key {y}', f'     - value {y}']
    lines += ['', 'A closing paragraph. ' * 20, '']
    return '\n'.join(lines)


#: name: (builder, configuration overrides)
VARIANTS = {
    'html (stock)': ('html', {}),
    'html (ours)': ('html', {'linuxdoc_html_translator': True}),
    'linuxhtml': ('linuxhtml', {}),
}
BASELINE = 'html (stock)'


def build(srcdir: Path, variant: str, fresh: bool) -> tuple[float, float]:
    """Wall and CPU seconds of one ``sphinx-build`` in a new process.

    A new process for every build gives each the same start: in one
    process the garbage of earlier builds decides when the collector runs,
    and that swamps the translator's cost.
    """
    builder, overrides = VARIANTS[variant]
    outdir = srcdir / '_build' / variant
    doctrees = srcdir / '_build' / f'doctrees-{variant}'
    if fresh:
        shutil.rmtree(outdir, ignore_errors=True)
        shutil.rmtree(doctrees, ignore_errors=True)
    command = [sys.executable, '-m', 'sphinx', '-q', '-b', builder,
               '-d', str(doctrees), str(srcdir), str(outdir)]
    for name, value in overrides.items():
        command += ['-D', f'{name}={int(value)}']
    if not fresh:
        command.append('-a')
    cpu_before = _children_cpu()
    start = time.perf_counter()
    subprocess.run(command, check=True, cwd=srcdir.parent)
    return time.perf_counter() - start, _children_cpu() - cpu_before


def _children_cpu() -> float:
    usage = resource.getrusage(resource.RUSAGE_CHILDREN)
    return usage.ru_utime + usage.ru_stime


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument('--pages', type=int, default=40)
    parser.add_argument('--rows', type=int, default=150)
    parser.add_argument('--repeat', type=int, default=8)
    args = parser.parse_args()
    full: dict[str, list[tuple[float, float]]] = {n: [] for n in VARIANTS}
    write: dict[str, list[tuple[float, float]]] = {n: [] for n in VARIANTS}
    with tempfile.TemporaryDirectory() as tmp:
        srcdir = Path(tmp) / 'project'
        srcdir.mkdir()
        (srcdir / 'conf.py').write_text(CONF)
        toctree = ['Tables', '======', '', '.. toctree::', '']
        for number in range(args.pages):
            (srcdir / f'page{number}.rst').write_text(
                page(number, args.rows))
            toctree.append(f'   page{number}')
        (srcdir / 'index.rst').write_text('\n'.join(toctree) + '\n')
        for _ in range(args.repeat):
            for name in VARIANTS:
                full[name].append(build(srcdir, name, fresh=True))
                write[name].append(build(srcdir, name, fresh=False))
    for label, times in (('full build', full), ('write only', write)):
        for summary, pick in (('best', min), ('median', statistics.median)):
            wall = {n: pick([w for w, _ in v]) for n, v in times.items()}
            cpu = {n: pick([c for _, c in v]) for n, v in times.items()}
            for name in VARIANTS:
                print(f'{label} {name:12s} {summary} of {args.repeat}: '
                      f'wall {wall[name]:6.2f} s '
                      f'{wall[name] / wall[BASELINE]:.3f}x, CPU '
                      f'{cpu[name]:6.2f} s {cpu[name] / cpu[BASELINE]:.3f}x')


if __name__ == '__main__':
    main()
