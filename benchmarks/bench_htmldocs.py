# SPDX-License-Identifier: GPL-2.0-only
"""The kernel's whole ``make htmldocs``, stock against ours, side by side.

Issue 32, item 4: the whole kernel 6.12 Documentation/ tree (Debian's
linux-source-6.12, extracted into a cache outside the repository), built
as ``make htmldocs`` builds it (``-j auto``, see
``tests/kernel/kernel_docs.py``), once with the kernel's own
extensions and the stock ``html`` builder, once with linuxdoc_builders
in place of its ``kerneldoc``, ``rstFlatTable`` and ``automarkup`` and
the ``linuxhtml`` builder.  Target: ours <= 0.8x stock's wall time.

The two builds of a pair start at the same moment, so whatever load the
machine has slows both (but the one that finishes first leaves the
other the whole machine for its end, which draws the wall ratio towards
1); with ``--in-turn`` they take turns instead, each with the machine to
itself, as one times ``make htmldocs`` (the stock build first in odd
pairs, ours in even ones).  Each pair's wall and CPU times, peak memory
(largest process) and page counts are printed, then the ratios' median
over the pairs.  A failed build or a pair whose page counts differ stops
the benchmark.  About 20 minutes a pair on two cores.

    python3 benchmarks/bench_htmldocs.py [--pairs N] [--in-turn]

Run it with the Python that has linuxdoc-builders installed (``tox -e
kernel`` makes one), from any directory.
"""

from __future__ import annotations

import argparse
import statistics
import sys
import tempfile
from concurrent.futures import ThreadPoolExecutor
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1] / 'tests' /
                       'kernel'))

import whole_tree
from kernel_docs import WHOLE_TREE, Build
from linux_source import full_kernel_tree

TARGET = 0.8


def pages(build: Build) -> int:
    """The HTML pages written, Sphinx's own (``_static`` ...) left out."""
    return sum(1 for page in build.outdir.rglob('*.html')
               if not any(part.startswith('_')
                          for part in page.relative_to(build.outdir).parts))


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument('--pairs', type=int, default=1,
                        help='pairs of builds (default: %(default)s)')
    parser.add_argument('--in-turn', action='store_true',
                        help='the builds of a pair one after the other')
    args = parser.parse_args()
    tree = full_kernel_tree()
    ratios: dict[str, list[float]] = {'wall': [], 'CPU': [], 'peak': []}
    with tempfile.TemporaryDirectory() as tmp:
        work = Path(tmp)
        whole_tree.prepare(tree, work)
        pair = (Build(tree, WHOLE_TREE, 'html', ours=False, work=work,
                      jobs='auto'),
                Build(tree, WHOLE_TREE, 'linuxhtml', ours=True, work=work,
                      jobs='auto'))
        for turn in range(args.pairs):
            if args.in_turn:
                order = pair if turn % 2 == 0 else pair[::-1]
                runs = {build.builder: build.run() for build in order}
                stock, ours = runs['html'], runs['linuxhtml']
            else:
                with ThreadPoolExecutor(len(pair)) as pool:
                    stock, ours = pool.map(Build.run, pair)
            counts = [pages(build) for build in pair]
            print(f'pair {turn + 1}/{args.pairs}: html wall {stock.wall:.0f}'
                  f' s, CPU {stock.cpu:.0f} s, peak {stock.peak:.0f} MiB; '
                  f'linuxhtml wall {ours.wall:.0f} s, CPU {ours.cpu:.0f} s, '
                  f'peak {ours.peak:.0f} MiB; pages {counts[0]} and '
                  f'{counts[1]}', flush=True)
            if counts[0] != counts[1]:
                sys.exit('the two builds wrote different pages')
            ratios['wall'].append(ours.wall / stock.wall)
            ratios['CPU'].append(ours.cpu / stock.cpu)
            ratios['peak'].append(ours.peak / stock.peak)
    how = 'in turn' if args.in_turn else 'side by side'
    for what, values in ratios.items():
        print(f'whole tree htmldocs ({how}), linuxhtml/html {what}: median '
              f'{statistics.median(values):.3f}x of {args.pairs} pairs '
              f'({min(values):.3f}-{max(values):.3f}x)'
              + (f', target <= {TARGET}x' if what == 'wall' else ''))


if __name__ == '__main__':
    main()
