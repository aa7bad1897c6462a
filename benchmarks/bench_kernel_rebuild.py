# SPDX-License-Identifier: GPL-2.0-only
"""The kernel's PDF books rebuilt after a one-paragraph edit.

Issue 34, item 2: the whole kernel 6.12 Documentation/ tree (Debian's
linux-source-6.12, extracted into a cache outside the repository) built
in both PDF routes as ``make linuxpdfdocs`` and ``make pdfdocs`` build
it (``-j auto``, see ``tests/kernel/kernel_docs.py``): ``linuxpdf``, and
``linuxlatex`` followed by every book through latexmk and xelatex, as
many at once as there are CPUs.  Then one paragraph is added to one
document of one book (``--edit``, by default the accounting book's
``psi.rst``) and each route run again as a maintainer rebuilds after
fixing a typo: Sphinx, then for LaTeX ``make all-pdf`` in the output,
where make and latexmk skip every book whose ``.tex`` kept its mtime.
Target: each rebuild in <= 0.1x its full build's wall time, and only
the edited document's book written again (every other PDF and ``.tex``
keeps its mtime).  The edit is then undone and the books rebuilt
(untimed), so the work directory holds the tree's own books again.

The full builds are those of ``python3 benchmarks/bench_kernel.py
--all`` in the same work directory (``--work``, the same default): made
here when it has none, taken as they are when it has (their wall time
is the full build's).

    python3 benchmarks/bench_kernel_rebuild.py [--edit accounting/psi.rst]
                                               [--route linuxpdf|latex]
                                               [--work DIR]

An hour and a half on two cores from nothing, a few minutes after
``bench_kernel.py --all``.  Run it with the Python that has
linuxdoc-builders installed (``tox -e kernel`` makes one), from any
directory.
"""

from __future__ import annotations

import argparse
import os
import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1] / 'tests' /
                       'kernel'))

import whole_tree
from kernel_docs import WHOLE_TREE, Build, Run, measure
from linux_source import cache_dir, full_kernel_tree

TARGET = 0.1
ROUTES = ('linuxpdf', 'latex')


def mtimes(outdir: Path, pattern: str) -> dict[str, int]:
    return {path.name: path.stat().st_mtime_ns
            for path in outdir.glob(pattern)}


def rebuild(build: Build, route: str, log: str) -> Run:
    """The route run again on what its last run left: Sphinx, and for
    LaTeX make's ``all-pdf`` (latexmk driving xelatex, as
    ``whole_tree`` compiles each book)."""
    work = build.work
    sphinx = measure(build.command(), build.env(), work,
                     work / f'{log}-sphinx.log')
    if sphinx.status or route == 'linuxpdf':
        return sphinx
    tex = measure(['make', '-C', str(build.outdir), f'-j{os.cpu_count()}',
                   'all-pdf', 'PDFLATEX=latexmk -xelatex',
                   'LATEXOPTS=-interaction=batchmode -no-shell-escape'],
                  dict(os.environ), work, work / f'{log}-make.log')
    return sphinx + tex


def full_wall(results: whole_tree.Results, route: str) -> float:
    """The full build's wall time, as ``bench_kernel.py --all`` took it."""
    if route == 'linuxpdf':
        attempts = results.get('linuxpdf', 'attempts') or []
        if len(attempts) != 1:
            sys.exit('linuxpdf was built in several attempts: its full '
                     'time is not one build\'s (run bench_kernel.py --all '
                     '--redo linuxpdf)')
        return float(attempts[0]['wall'])
    compiled = results.get('xelatex_wall')
    if compiled is None:
        sys.exit('the books were not all compiled in one go: xelatex\'s '
                 'full time is unknown (run bench_kernel.py --all --redo '
                 'linuxlatex)')
    return float(results.get('linuxlatex', 'wall')) + float(compiled)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument('--edit', default='accounting/psi.rst',
                        help='the document edited, in Documentation/')
    parser.add_argument('--route', action='append', choices=ROUTES,
                        help='time only this route (repeatable)')
    parser.add_argument('--work', type=Path,
                        default=cache_dir() / 'whole-tree',
                        help='the whole-tree work directory of '
                        'bench_kernel.py --all (default: %(default)s)')
    args = parser.parse_args()
    routes = args.route or list(ROUTES)
    tree = full_kernel_tree()
    builders = {'linuxpdf': 'linuxpdf', 'latex': 'linuxlatex'}
    whole_tree.run(tree, args.work, fresh=False, redo=[],
                   only=[builders[route] for route in routes])
    results = whole_tree.Results(args.work / 'results.json')
    edited = tree / 'Documentation' / args.edit
    original = edited.read_bytes()
    for route in routes:
        build = Build(tree, WHOLE_TREE, builders[route], ours=True,
                      work=args.work, jobs='auto')
        full = full_wall(results, route)
        patterns = ('*.pdf',) if route == 'linuxpdf' else ('*.tex', '*.pdf')
        before = {p: mtimes(build.outdir, p) for p in patterns}
        try:
            edited.write_bytes(original + b'\nA paragraph added to time a '
                               b'rebuild.\n')
            again = rebuild(build, route, f'rebuild-{route}')
        finally:
            edited.write_bytes(original)
        if again.status:
            sys.exit(f'{route}: the rebuild failed, exit {again.status}; '
                     f'see {again.log}')
        for pattern in patterns:
            after = mtimes(build.outdir, pattern)
            written = sorted(name for name, mtime in after.items()
                             if before[pattern].get(name) != mtime)
            print(f'{route}: {pattern} written again: '
                  f'{", ".join(written) or "none"} (of {len(after)})')
        print(f'{route}: full build {full:.0f} s, rebuild after editing '
              f'{args.edit} {again.wall:.0f} s (CPU {again.cpu:.0f} s, peak '
              f'{again.peak:.0f} MiB): {again.wall / full:.3f}x (target <= '
              f'{TARGET}x)', flush=True)
        restored = rebuild(build, route, f'restore-{route}')
        if restored.status:
            sys.exit(f'{route}: rebuilding the unedited tree failed; see '
                     f'{restored.log}')


if __name__ == '__main__':
    main()
