# SPDX-License-Identifier: GPL-2.0-only
"""The kernel's PDF books rebuilt after a one-paragraph edit.

Issue 34, item 2: the whole kernel 6.12 Documentation/ tree (Debian's
linux-source-6.12, extracted into a cache outside the repository) built
by ``linuxpdf`` as ``make linuxpdfdocs`` builds it (``-j auto``, see
``tests/kernel/kernel_docs.py``), then one paragraph added to one
document of one book (``--edit``, by default the accounting book's
``psi.rst``) and the same command run again, as a maintainer rebuilds
after fixing a typo.  Target: the rebuild in <= 0.1x the full build's
wall time, and only the edited document's book written again (every
other PDF keeps its mtime).  The edit is undone at the end.

    python3 benchmarks/bench_kernel_rebuild.py [--edit accounting/psi.rst]

About half an hour on two cores.  Run it with the Python that has
linuxdoc-builders installed (``tox -e kernel`` makes one), from any
directory.
"""

from __future__ import annotations

import argparse
import sys
import tempfile
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1] / 'tests' /
                       'kernel'))

import whole_tree
from kernel_docs import WHOLE_TREE, Build, measure
from linux_source import full_kernel_tree

TARGET = 0.1


def mtimes(outdir: Path) -> dict[str, int]:
    return {pdf.name: pdf.stat().st_mtime_ns for pdf in outdir.glob('*.pdf')}


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument('--edit', default='accounting/psi.rst',
                        help='the document edited, in Documentation/')
    args = parser.parse_args()
    tree = full_kernel_tree()
    edited = tree / 'Documentation' / args.edit
    original = edited.read_bytes()
    with tempfile.TemporaryDirectory() as tmp:
        work = Path(tmp)
        whole_tree.prepare(tree, work)
        build = Build(tree, WHOLE_TREE, 'linuxpdf', ours=True, work=work,
                      jobs='auto')
        full = build.run()
        books = mtimes(build.outdir)
        print(f'full build: wall {full.wall:.0f} s, CPU {full.cpu:.0f} s, '
              f'peak {full.peak:.0f} MiB, {len(books)} PDFs', flush=True)
        try:
            edited.write_bytes(original + b'\nA paragraph added to time a '
                               b'rebuild.\n')
            again = measure(build.command(), build.env(), work,
                            work / 'rebuild.log')
        finally:
            edited.write_bytes(original)
        if again.status:
            sys.exit(f'the rebuild failed, exit {again.status}: '
                     f'{(work / "rebuild.log").read_text()[-2000:]}')
        after = mtimes(build.outdir)
        written = sorted(name for name, mtime in after.items()
                         if books.get(name) != mtime)
        print(f'rebuild after editing {args.edit}: wall {again.wall:.0f} s, '
              f'CPU {again.cpu:.0f} s, peak {again.peak:.0f} MiB; PDFs '
              f'written again: {", ".join(written) or "none"}')
        print(f'rebuild/full wall {again.wall / full.wall:.3f}x '
              f'(target <= {TARGET}x)')


if __name__ == '__main__':
    main()
