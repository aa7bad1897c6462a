# SPDX-License-Identifier: GPL-2.0-only
"""kernel-doc: the Perl script spawned per directive against ours.

Every ``.. kernel-doc::`` directive of kernel 6.12's Documentation/
(Debian's linux-source-6.12, extracted into a cache outside the
repository), in document order, the way a serial ``make htmldocs`` meets
them:

- stock: kernel 6.12's ``scripts/kernel-doc`` run once per directive
  with the arguments its kerneldoc.py passes (no cache: that is what the
  kernel's extension does);
- ours: the same arguments through our parser in this process, from a
  cold cache (each file parsed at its first directive, kept for the
  next ones, as within one Sphinx process).

Both produce the reST only (no Sphinx parsing: that is the same docutils
work either way).  Wall and CPU time are printed, with the ratio of ours
to stock measured in the same run.  Target (issue 14): >= 20x less time.

    python3 benchmarks/bench_kernel_doc.py [--limit N] [--repeat R]

Run it with the Python that has linuxdoc-builders installed, from any
directory.
"""

from __future__ import annotations

import argparse
import resource
import subprocess
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1] / 'tests' /
                       'kernel'))

import kerneldoc_compare
import linux_source
import sphinx

from linuxdoc_builders.kerneldoc import cache, command_line


def _cpu() -> float:
    own = resource.getrusage(resource.RUSAGE_SELF)
    children = resource.getrusage(resource.RUSAGE_CHILDREN)
    return (own.ru_utime + own.ru_stime + children.ru_utime
            + children.ru_stime)


def stock(commands: list[list[str]]) -> tuple[float, float]:
    wall, cpu = time.perf_counter(), _cpu()
    for cmd in commands:
        subprocess.run(cmd, capture_output=True, check=False)
    return time.perf_counter() - wall, _cpu() - cpu


def ours(commands: list[list[str]]) -> tuple[float, float]:
    cache.clear_memory()
    wall, cpu = time.perf_counter(), _cpu()
    for cmd in commands:
        command_line.run(cmd[1:])
    return time.perf_counter() - wall, _cpu() - cpu


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split('\n')[0])
    parser.add_argument('--limit', type=int, default=0,
                        help='only the first N directives')
    parser.add_argument('--repeat', type=int, default=1,
                        help='runs of each, taking turns; best is kept')
    args = parser.parse_args()
    tree = linux_source.full_kernel_tree()
    directives = kerneldoc_compare.find_directives(tree)
    if args.limit:
        directives = directives[:args.limit]
    commands = [kerneldoc_compare.perl_command(tree, d, sphinx.__version__)
                for d in directives]
    files = len({c[-1] for c in commands})
    print(f'{len(commands)} directives over {files} files')
    best: dict[str, tuple[float, float]] = {}
    for _ in range(args.repeat):
        for name, run in (('stock (Perl per directive)', stock),
                          ('ours (in-process, cold)', ours)):
            wall, cpu = run(commands)
            print(f'  {name:28} wall {wall:7.2f} s  cpu {cpu:7.2f} s')
            if name not in best or wall < best[name][0]:
                best[name] = (wall, cpu)
    (s_wall, s_cpu), (o_wall, o_cpu) = best.values()
    print(f'best: stock {s_wall:.2f} s, ours {o_wall:.2f} s: ours is '
          f'{s_wall / o_wall:.1f}x faster in wall time, '
          f'{s_cpu / o_cpu:.1f}x in CPU (target >= 20x)')
    return 0


if __name__ == '__main__':
    sys.exit(main())
