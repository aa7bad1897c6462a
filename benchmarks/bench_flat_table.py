# SPDX-License-Identifier: GPL-2.0-only
"""flat-table versus list-table: a 4000-row table, stock HTML builder.

Both projects are built in the same run, alternately, several times; the
best time of each is compared.  The flat-table has row and column spans;
the list-table holds the same cell texts without spans (list-table cannot
span), so the flat-table has fewer cells to write.  Target: ratio <= 1.0.

    python3 benchmarks/bench_flat_table.py [--rows 4000] [--repeat 3]
"""

from __future__ import annotations

import argparse
import shutil
import tempfile
import time
from pathlib import Path

from sphinx.application import Sphinx

CONF = ("extensions = ['linuxdoc_builders']\n"
        "linuxdoc_html_translator = False\n")


def flat_table(rows: int) -> str:
    lines = ['.. flat-table:: generated', '   :header-rows: 1',
             '   :stub-columns: 1', '',
             '   * - key', '     - :cspan:`1` value', '     - note', '']
    for y in range(rows - 1):
        if y % 4 == 0:
            lines += [f'   * - :rspan:`1` key {y}', f'     - a {y}',
                      f'     - b {y}', f'     - c {y}', '']
        elif y % 4 == 1:
            lines += [f'   * - :cspan:`1` a {y}', f'     - c {y}', '']
        else:
            lines += [f'   * - key {y}', f'     - a {y}', f'     - b {y}',
                      f'     - c {y}', '']
    return '\n'.join(lines)


def list_table(rows: int) -> str:
    lines = ['.. list-table:: generated', '   :header-rows: 1',
             '   :stub-columns: 1', '',
             '   * - key', '     - value', '     - value', '     - note', '']
    for y in range(rows - 1):
        lines += [f'   * - key {y}', f'     - a {y}', f'     - b {y}',
                  f'     - c {y}', '']
    return '\n'.join(lines)


def build(srcdir: Path) -> float:
    outdir = srcdir / '_build'
    shutil.rmtree(outdir, ignore_errors=True)
    start = time.perf_counter()
    app = Sphinx(srcdir, srcdir, outdir, outdir / '.doctrees', 'html',
                 status=None, warning=None, freshenv=True)
    app.build(force_all=True)
    elapsed = time.perf_counter() - start
    if app.statuscode:
        msg = f'build of {srcdir} failed'
        raise SystemExit(msg)
    return elapsed


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument('--rows', type=int, default=4000)
    parser.add_argument('--repeat', type=int, default=3)
    args = parser.parse_args()
    with tempfile.TemporaryDirectory() as tmp:
        projects = {}
        for name, text in (('list-table', list_table(args.rows)),
                           ('flat-table', flat_table(args.rows))):
            srcdir = Path(tmp) / name
            srcdir.mkdir()
            (srcdir / 'conf.py').write_text(CONF)
            (srcdir / 'index.rst').write_text(f'Table\n=====\n\n{text}\n')
            projects[name] = srcdir
        times: dict[str, list[float]] = {name: [] for name in projects}
        for _ in range(args.repeat):
            for name, srcdir in projects.items():
                times[name].append(build(srcdir))
    best = {name: min(values) for name, values in times.items()}
    for name, value in best.items():
        print(f'{name:10s} best of {args.repeat}: {value:6.2f} s')
    print(f'ratio flat-table / list-table: '
          f'{best["flat-table"] / best["list-table"]:.2f}x')


if __name__ == '__main__':
    main()
