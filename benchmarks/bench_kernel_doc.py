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
to stock measured in the same run.  Target (issue 14, item 6(a)): >= 20x
less time.

Then the gpu docs built with ``-b xml`` (``tests/kernel/kernel_docs.py``),
one build at a time:

- (b) stock (the kernel's conf and extensions, Perl spawned per
  directive) against ours, where ours is the same conf with only the
  ``kerneldoc`` extension swapped for our directive: the kernel's
  rstFlatTable stays, so the two builds differ by kernel-doc alone, in
  time and in output.  Target: <= 0.65x the stock wall time.
- (c) each build again after one C file its documents include was
  touched (its mtime set to now, then put back: the tree is not
  edited), counting the documents Sphinx read again: they must be
  exactly those with a kernel-doc directive on that file.
- (item 5) the XML of every document of the stock and our build,
  compared after replacing the tree's and the build's absolute paths;
  the nodes' source and line (which the XML leaves out) from the pickled
  doctrees; the warnings and kernel-doc's diagnostics of both builds.

``--subdir userspace-api/media`` builds the media docs instead.

    python3 benchmarks/bench_kernel_doc.py [--limit N] [--repeat R]
        [--only directives|builds] [--subdir DIR] [--touch FILE]
        [--work DIR]

Run it with the Python that has linuxdoc-builders installed, from any
directory.
"""

from __future__ import annotations

import argparse
import difflib
import os
import pickle
import resource
import subprocess
import sys
import tempfile
import time
from collections import Counter
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1] / 'tests' /
                       'kernel'))

import kerneldoc_compare
import linux_source
import sphinx
from kernel_docs import GPU, MEDIA, Build, Run, measure

from linuxdoc_builders.kerneldoc import cache, command_line

#: The file touched before the rebuild (6(c)): one that a single document
#: of the directory includes with kernel-doc.
TOUCHED = {GPU: 'drivers/gpu/drm/drm_mm.c',
           MEDIA: 'include/uapi/linux/rkisp1-config.h'}


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


def directives_benchmark(tree: Path, limit: int, repeat: int) -> None:
    """Item 6(a): every directive, Perl per directive against ours."""
    directives = kerneldoc_compare.find_directives(tree)
    if limit:
        directives = directives[:limit]
    commands = [kerneldoc_compare.perl_command(tree, d, sphinx.__version__)
                for d in directives]
    files = len({c[-1] for c in commands})
    print(f'{len(commands)} directives over {files} files')
    best: dict[str, tuple[float, float]] = {}
    for _ in range(repeat):
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


def xml_documents(build: Build) -> dict[str, str]:
    """Each document's XML, keyed by its name, with the absolute paths
    of the tree and of the build replaced (they differ between builds
    by where they live, not by what the document says)."""
    return {str(path.relative_to(build.outdir).with_suffix('')):
            build.normalise(path.read_text(encoding='utf-8'))
            for path in sorted(build.outdir.rglob('*.xml'))}


def compare_documents(stock_build: Build, our_build: Build) -> None:
    """Item 5: the same doctrees as with the Perl script."""
    theirs, mine = xml_documents(stock_build), xml_documents(our_build)
    same = [name for name in theirs if mine.get(name) == theirs[name]]
    print(f'  XML documents: {len(same)} identical, '
          f'{len(set(theirs) & set(mine)) - len(same)} different, '
          f'{len(set(theirs) ^ set(mine))} in one build only '
          f'(of {len(theirs)} stock, {len(mine)} ours)')
    for name in sorted(set(theirs) | set(mine)):
        if name not in theirs or name not in mine:
            print(f'    {name}: only in '
                  f"{'ours' if name in mine else 'stock'}")
        elif mine[name] != theirs[name]:
            diff = difflib.unified_diff(
                theirs[name].splitlines(), mine[name].splitlines(),
                'stock', 'ours', n=0, lineterm='')
            print(f'    {name}: differs')
            for line in list(diff)[2:8]:
                print(f'      {line[:150]}')


def node_positions(build: Build) -> dict[str, list[tuple[str, str, int]]]:
    """Where each node of each document says it comes from, read from
    the pickled doctrees: the XML leaves out the ``source`` and ``line``
    that point Sphinx's messages at the C file's line."""
    found = {}
    for path in sorted(build.doctrees.rglob('*.doctree')):
        document = pickle.loads(path.read_bytes())
        found[str(path.relative_to(build.doctrees).with_suffix(''))] = [
            (node.tagname, build.normalise(node.source or ''),
             node.line or 0)
            for node in document.findall()]
    return found


def compare_positions(stock_build: Build, our_build: Build) -> None:
    """The nodes' (source, line) of every document, stock and ours."""
    # The stock doctrees hold nodes of the kernel's own extensions.
    sys.path.insert(0, str(stock_build.tree / 'Documentation' / 'sphinx'))
    theirs, mine = node_positions(stock_build), node_positions(our_build)
    differ = sorted(name for name in set(theirs) | set(mine)
                    if theirs.get(name) != mine.get(name))
    print(f'  node (source, line) in the doctrees: '
          f'{len(theirs) - len(differ)} documents identical, '
          f"{len(differ)} not{': ' if differ else ''}{', '.join(differ)}")


def including_documents(tree: Path, subdir: str, source: str) -> set[str]:
    """The documents of ``subdir`` with a kernel-doc directive that
    reads ``source`` (as its file or an ``:export:`` file)."""
    return {str(Path(d.rst).relative_to(subdir).with_suffix(''))
            for d in kerneldoc_compare.find_directives(tree)
            if d.rst.startswith(subdir + '/')
            and (d.argument == source
                 or any(source in value.split() for _, value in d.options))}


def touched_rebuild(build: Build, source: Path) -> tuple[Run, set[str]]:
    """Item 6(c): ``build`` again after ``source`` was touched; the
    documents it read again (their pickled doctrees were rewritten).

    Only the file's modification time changes, and it is put back
    afterwards: the extracted tree is shared and never edited.
    """
    before = {path: path.stat().st_mtime_ns
              for path in build.doctrees.rglob('*.doctree')}
    stat = source.stat()
    try:
        os.utime(source, ns=(stat.st_atime_ns, time.time_ns()))
        run = measure(build.command(), build.env(), build.work,
                      build.work / f'{build.name}-touched.log')
    finally:
        os.utime(source, ns=(stat.st_atime_ns, stat.st_mtime_ns))
    if run.status:
        run.fail(f'{build.name}: rebuild')
    reread = {str(path.relative_to(build.doctrees).with_suffix(''))
              for path in build.doctrees.rglob('*.doctree')
              if before.get(path) != path.stat().st_mtime_ns}
    return run, reread


def builds_benchmark(tree: Path, subdir: str, touch: str,
                     work: Path) -> None:
    """Items 6(b), 6(c) and 5 from the same builds."""
    pair = (Build(tree, subdir, 'xml', ours=False, work=work),
            Build(tree, subdir, 'xml', ours=True, work=work,
                  kernel_doc_only=True))
    print(f'{subdir} built to XML, one build at a time')
    full = [build.run() for build in pair]
    for build, run in zip(pair, full, strict=True):
        print(f'  {build.name:28} wall {run.wall:7.2f} s  '
              f'cpu {run.cpu:7.2f} s')
    stock_run, our_run = full
    print(f'  ours/stock: {our_run.wall / stock_run.wall:.2f}x wall, '
          f'{our_run.cpu / stock_run.cpu:.2f}x CPU (target <= 0.65x wall)')
    compare_documents(*pair)
    compare_positions(*pair)
    for what in ('sphinx_warnings', 'kernel_doc_messages'):
        theirs, mine = (getattr(build, what)() for build in pair)
        alone = (Counter(theirs) - Counter(mine)) + (Counter(mine)
                                                     - Counter(theirs))
        print(f"  {what.replace('_', ' ')}: {len(theirs)} stock, "
              f'{len(mine)} ours, {alone.total()} in one only')
    expected = including_documents(tree, subdir, touch)
    print(f'after touching {touch}, included by '
          f"{', '.join(sorted(expected)) or 'no document'}:")
    rebuilt = [touched_rebuild(build, tree / touch) for build in pair]
    for build, (run, reread) in zip(pair, rebuilt, strict=True):
        verdict = 'exactly those' if reread == expected else 'NOT those'
        print(f'  {build.name:28} wall {run.wall:7.2f} s  '
              f'cpu {run.cpu:7.2f} s  {len(reread)} documents read '
              f'again ({verdict}: {", ".join(sorted(reread))})')
    (stock_again, _), (ours_again, _) = rebuilt
    print(f'  ours/stock: {ours_again.wall / stock_again.wall:.2f}x wall, '
          f'{ours_again.cpu / stock_again.cpu:.2f}x CPU')


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split('\n')[0])
    parser.add_argument('--limit', type=int, default=0,
                        help='only the first N directives')
    parser.add_argument('--repeat', type=int, default=1,
                        help='runs of each, taking turns; best is kept')
    parser.add_argument('--only', choices=('directives', 'builds'),
                        help='only item 6(a), or only 6(b), 6(c) and 5')
    parser.add_argument('--subdir', default=GPU, choices=(GPU, MEDIA),
                        help='the doc directory built (default: gpu)')
    parser.add_argument('--touch',
                        help='the C file touched before the rebuild, '
                        'relative to the tree (default: '
                        f"{TOUCHED[GPU]} for gpu, {TOUCHED[MEDIA]} for "
                        'media)')
    parser.add_argument('--work', type=Path,
                        help='where the builds go (default: a temporary '
                        'directory, removed at the end)')
    args = parser.parse_args()
    touch = args.touch or TOUCHED[args.subdir]
    tree = linux_source.full_kernel_tree()
    if args.only != 'builds':
        directives_benchmark(tree, args.limit, args.repeat)
    if args.only != 'directives':
        if args.work:
            args.work.mkdir(parents=True, exist_ok=True)
            builds_benchmark(tree, args.subdir, touch, args.work)
        else:
            with tempfile.TemporaryDirectory() as work:
                builds_benchmark(tree, args.subdir, touch, Path(work))
    return 0


if __name__ == '__main__':
    sys.exit(main())
