# SPDX-License-Identifier: GPL-2.0-only
"""The kernel's own docs: stock builds against ours, in one run.

What users of the drop-in wait for: kernel 6.12's
Documentation/userspace-api/media and Documentation/gpu (Debian's
linux-source-6.12, extracted into a cache outside the repository), built
as ``make SPHINXDIRS=...`` builds them (see ``tests/kernel/kernel_docs.py``).
The baseline is the stock ``html`` builder with the kernel's
rstFlatTable; ours is ``linuxhtml`` with ``linuxdoc_builders`` in its
place.  Both serially and with ``-j auto`` (the kernel's default), the
variants taking turns, ``--repeat`` times each.  For the media book, the
PDF routes too: ``linuxpdf`` against ``linuxlatex`` plus xelatex run as
``make pdfdocs`` runs it, and the peak memory of linuxpdf's process
next to linuxlatex's Sphinx process (target: linuxpdf's no more than
linuxlatex's, issue 34; ``--repeat 0`` measures the PDF routes only).

Every build is a fresh full build, a process of its own; its wall time,
CPU time (with its children: parallel workers, TeX) and peak memory (of
its largest process) are printed, best and median, with the ratio of
ours to the baseline.  Target: ``linuxhtml`` <= 1.03x stock ``html``.
A failed build stops the benchmark.

On a shared machine one build's time varies by more than the target
(here 68-107 s for the same gpu build), and a build taking its turn
meets the neighbours' load of its own minutes.  Two ways round that:
``--side-by-side N`` starts the serial stock and our build together, one
per core, N times, so whatever slows the machine slows both, and prints
the ratio of each pair; ``--profile`` runs each serial HTML build once
more under cProfile and prints the Python function calls each made and
the time spent in the code that differs (rstFlatTable.py, or the
linuxdoc_builders package, callees excluded: the cells' nested parsing
is the same docutils work in both).

    python3 benchmarks/bench_kernel.py [--repeat 3] [--no-pdf] [--profile]
                                 [--side-by-side N]
                                 [--subdir userspace-api/media|gpu]

``--all`` builds the whole Documentation/ tree instead, every builder
and all 63 books, stock and ours, resumably (``tests/kernel/whole_tree.py``,
``tox -e kernel-full``; hours on two cores):

    python3 benchmarks/bench_kernel.py --all [--work DIR] [--fresh]
                                       [--redo BUILDER] [--only BUILDER]

Run it with the Python that has linuxdoc-builders installed (``tox -e
kernel`` makes one), from any directory.
"""

from __future__ import annotations

import argparse
import marshal
import statistics
import sys
import tempfile
from concurrent.futures import ThreadPoolExecutor
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1] / 'tests' /
                       'kernel'))

import whole_tree
from kernel_docs import (
    GPU,
    MEDIA,
    Build,
    Run,
    compile_latex,
    generate_media_headers,
    tex_errors,
)
from linux_source import cache_dir, full_kernel_tree, kernel_tree

TARGET = 1.03
#: linuxpdf's peak on the media book against linuxlatex's (issue 34).
PDF_PEAK_TARGET = 1.0


def html_builds(tree: Path, work: Path, subdirs: list[str]
                ) -> dict[str, tuple[Build, Build]]:
    """Per directory and parallelism: (stock html, our linuxhtml)."""
    pairs = {}
    for subdir in subdirs:
        for jobs in (None, 'auto'):
            label = f"{subdir}{' -j auto' if jobs else ''}"
            pairs[label] = (
                Build(tree, subdir, 'html', ours=False, work=work,
                      jobs=jobs),
                Build(tree, subdir, 'linuxhtml', ours=True, work=work,
                      jobs=jobs))
    return pairs


def pdf_routes(tree: Path, work: Path, runs: dict[str, list[Run]]) -> None:
    """linuxpdf, and linuxlatex plus xelatex, on the media book once."""
    pdf = Build(tree, MEDIA, 'linuxpdf', ours=True, work=work)
    run = pdf.run()
    book = pdf.outdir / 'media.pdf'
    if not book.is_file() or book.stat().st_size == 0:
        run.fail('linuxpdf')
    runs.setdefault('media linuxpdf', []).append(run)
    _progress('media linuxpdf', run)
    latex = Build(tree, MEDIA, 'linuxlatex', ours=True, work=work)
    sphinx = latex.run()
    tex = compile_latex(latex)
    errors = tex_errors(latex.outdir)
    if tex.status and not errors:
        tex.fail('latexmk')
    runs.setdefault('media linuxlatex+xelatex', []).append(sphinx + tex)
    _progress('media linuxlatex+xelatex', sphinx + tex,
              f'(sphinx {sphinx.wall:.1f} s, xelatex {tex.wall:.1f} s, '
              f'{len(errors)} TeX errors)')
    print(f'media peak memory: linuxpdf {run.peak:.0f} MiB, linuxlatex '
          f'{sphinx.peak:.0f} MiB, linuxpdf/linuxlatex '
          f'{run.peak / sphinx.peak:.2f}x (target <= {PDF_PEAK_TARGET:.2f}x)')


def profiles(tree: Path, work: Path, subdirs: list[str]) -> None:
    """Each directory's serial stock and our HTML build under cProfile:
    function calls, and the own time of the flat-table code that differs."""
    for subdir in subdirs:
        figures = []
        for ours, builder, code in ((False, 'html', 'rstFlatTable.py'),
                                    (True, 'linuxhtml', 'linuxdoc_builders')):
            profile = work / f"{subdir.replace('/', '-')}-{builder}.prof"
            Build(tree, subdir, builder, ours=ours, work=work,
                  profile=profile).run()
            # cProfile's table, as pstats reads it: per function (file,
            # line, name), its primitive and total calls, own and
            # cumulative time, and callers.
            table = marshal.loads(profile.read_bytes())
            calls = sum(row[1] for row in table.values())
            total = sum(row[2] for row in table.values())
            own = sum(row[2] for (path, _, _), row in table.items()
                      if code in path)
            figures.append(calls)
            print(f'{subdir} {builder:9s} under cProfile: {calls:,} function '
                  f'calls, {own:.2f} s of {total:.1f} s in {code}')
        print(f'{subdir}: linuxhtml/html function calls '
              f'{figures[1] / figures[0]:.4f}x')


def side_by_side(tree: Path, work: Path, subdirs: list[str], turns: int
                 ) -> None:
    """Each directory's serial stock and our HTML build started at the
    same moment, ``turns`` times; the ratio of each pair, then their
    median and range."""
    for subdir in subdirs:
        pair = (Build(tree, subdir, 'html', ours=False, work=work),
                Build(tree, subdir, 'linuxhtml', ours=True, work=work))
        if subdir == MEDIA:
            # Made once here, so that neither build writes them while the
            # other reads them.
            generate_media_headers(tree, pair[0].headers)
        ratios: dict[str, list[float]] = {'wall': [], 'CPU': []}
        for turn in range(turns):
            with ThreadPoolExecutor(len(pair)) as pool:
                stock, ours = pool.map(Build.run, pair)
            ratios['wall'].append(ours.wall / stock.wall)
            ratios['CPU'].append(ours.cpu / stock.cpu)
            print(f'  {subdir} side by side {turn + 1}/{turns}: html wall '
                  f'{stock.wall:.1f} s, CPU {stock.cpu:.1f} s; linuxhtml '
                  f'wall {ours.wall:.1f} s, CPU {ours.cpu:.1f} s',
                  file=sys.stderr, flush=True)
        for what, values in ratios.items():
            print(f'{subdir} side by side, linuxhtml/html {what}: median '
                  f'{statistics.median(values):.3f}x of {turns} pairs, '
                  f'{min(values):.3f}-{max(values):.3f}x (target <= '
                  f'{TARGET}x)')


def _progress(name: str, run: Run, note: str = '') -> None:
    print(f'  {name}: wall {run.wall:.1f} s, CPU {run.cpu:.1f} s, peak '
          f'{run.peak:.0f} MiB {note}', file=sys.stderr, flush=True)


def report(label: str, runs: dict[str, list[Run]], baseline: str,
           ours: str, target: float | None) -> None:
    for summary, pick in (('best', min), ('median', statistics.median)):
        figures = {}
        for name in (baseline, ours):
            figures[name] = (pick(r.wall for r in runs[name]),
                             pick(r.cpu for r in runs[name]),
                             pick(r.peak for r in runs[name]))
            wall, cpu, peak = figures[name]
            print(f'{name:32s} {summary} of {len(runs[name])}: wall '
                  f'{wall:7.1f} s, CPU {cpu:7.1f} s, peak {peak:5.0f} MiB')
        ratios = [o / b for o, b in zip(figures[ours], figures[baseline],
                                        strict=True)]
        note = f' (target <= {target}x)' if target else ''
        print(f'{label} {summary}: wall {ratios[0]:.3f}x, CPU '
              f'{ratios[1]:.3f}x, peak memory {ratios[2]:.3f}x{note}')


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument('--repeat', type=int, default=3,
                        help='timed turns (0: only what other options ask)')
    parser.add_argument('--no-pdf', action='store_true',
                        help='skip linuxpdf and linuxlatex+xelatex')
    parser.add_argument('--profile', action='store_true',
                        help='also count function calls under cProfile')
    parser.add_argument('--side-by-side', type=int, default=0, metavar='N',
                        help='also N pairs of serial builds run together')
    parser.add_argument('--subdir', action='append', choices=[MEDIA, GPU],
                        help='time only this directory in HTML (repeatable)')
    parser.add_argument('--all', action='store_true',
                        help='the whole Documentation/ tree, every builder '
                        'and book (resumable; the other options do not '
                        'apply)')
    parser.add_argument('--work', type=Path,
                        default=cache_dir() / 'whole-tree',
                        help='where --all keeps its builds and results '
                        '(default: %(default)s)')
    parser.add_argument('--fresh', action='store_true',
                        help='--all from nothing, not from what --work has')
    parser.add_argument('--redo', action='append', default=[],
                        choices=[name for name, *_ in whole_tree.BUILDERS],
                        help='--all builds this builder again (repeatable)')
    parser.add_argument('--only', action='append', default=[],
                        choices=[*(name for name, *_ in whole_tree.BUILDERS),
                                 'visible'],
                        help='--all builds only this builder (repeatable; '
                        'linuxlatex includes xelatex; visible: only read '
                        'back the PDFs there are)')
    args = parser.parse_args()
    if args.all:
        whole_tree.run(full_kernel_tree(), args.work, fresh=args.fresh,
                       redo=args.redo, only=args.only)
        return
    tree = kernel_tree()
    runs: dict[str, list[Run]] = {}
    with tempfile.TemporaryDirectory() as tmp:
        work = Path(tmp)
        subdirs = args.subdir or [MEDIA, GPU]
        pairs = html_builds(tree, work, subdirs)
        for turn in range(args.repeat):
            print(f'turn {turn + 1}/{args.repeat}', file=sys.stderr)
            for label, pair in pairs.items():
                # Alternate who goes first, so neither build always meets
                # the page cache or the CPU's clock as the other left them.
                for build in pair if turn % 2 == 0 else reversed(pair):
                    name = f'{label} {build.builder}'
                    run = build.run()
                    runs.setdefault(name, []).append(run)
                    _progress(name, run)
        if not args.no_pdf:
            pdf_routes(tree, work, runs)
        if args.side_by_side:
            side_by_side(tree, work, subdirs, args.side_by_side)
        if args.profile:
            profiles(tree, work, subdirs)
    for label in pairs if args.repeat else ():
        report(f'{label}: linuxhtml/html', runs, f'{label} html',
               f'{label} linuxhtml', TARGET)
    if not args.no_pdf:
        report('media: linuxpdf/(linuxlatex+xelatex)', runs,
               'media linuxlatex+xelatex', 'media linuxpdf', None)


if __name__ == '__main__':
    main()
