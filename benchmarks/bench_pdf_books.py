# SPDX-License-Identifier: GPL-2.0-only
"""linuxpdf books written in parallel (``-j N``) against one at a time.

linuxpdf writes each book of ``pdf_documents`` in a worker process of its
own when Sphinx runs with ``-j N``.  The project here has ``--books``
books of the same size (the table-heavy pages of
``benchmarks/bench_html.py``); each variant is timed three ways:

* full: ``-E``, the sources read and every book written;
* write: the environment already read (a first build fills the doctree
  directory), then ``-a``, so only the books are written.  This is the
  part that runs in parallel;
* edit: after a full build, one paragraph of the first book changed,
  then a plain build, as a maintainer rebuilds after fixing a typo:
  linuxpdf writes only that book again (stock rst2pdf writes all).
  Target (issue 34): with ``--books 3``, at most 0.4x the full build.

Stock rst2pdf (its ``pdf`` builder, which writes books one after another
whatever ``-j`` says) is the baseline measured in the same run.  Target
on a 2-CPU machine: two books with ``-j 2`` in at most 0.6x the serial
write time.  Every PDF must exist and not be empty, or the benchmark
stops.

    python3 benchmarks/bench_pdf_books.py [--books 2] [--pages 8]
                                          [--rows 120] [--repeat 3]
"""

from __future__ import annotations

import argparse
import os
import shutil
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

# run as python3 benchmarks/bench_pdf_books.py: benchmarks/ is on sys.path
import bench_pdf
from bench_html import page

#: name: (builder, extensions, further configuration, -j)
VARIANTS = {
    'rst2pdf (stock)': ('pdf', ['linuxdoc_builders', 'rst2pdf.pdfbuilder'],
                        'pdf_invariant = True\n', '1'),
    'linuxpdf -j 1': ('linuxpdf', ['linuxdoc_builders'], '', '1'),
    'linuxpdf -j N': ('linuxpdf', ['linuxdoc_builders'], '', 'N'),
}
BASELINE = 'rst2pdf (stock)'
SERIAL = 'linuxpdf -j 1'
PARALLEL = 'linuxpdf -j N'
TARGET = 0.6
#: The edit phase's target: its time over the full build's, linuxpdf.
EDIT_TARGET = 0.4


def write_project(root: Path, books: int, pages: int, rows: int) -> None:
    """``books`` books of ``pages`` pages each in ``root/project``, and a
    ``conf.py`` per variant naming them all."""
    srcdir = root / 'project'
    srcdir.mkdir()
    index = ['Books', '=====', '', '.. toctree::', '']
    documents = []
    for book in range(books):
        name = f'book{book}'
        (srcdir / name).mkdir()
        toctree = [f'Book {book}', '=' * 10, '', '.. toctree::', '']
        for number in range(pages):
            (srcdir / name / f'page{number}.rst').write_text(
                page(book * pages + number, rows))
            toctree.append(f'   page{number}')
        (srcdir / name / 'index.rst').write_text('\n'.join(toctree) + '\n')
        index.append(f'   {name}/index')
        documents.append((f'{name}/index', name, f'Book {book}', 'me'))
    (srcdir / 'index.rst').write_text('\n'.join(index) + '\n')
    for name, (_, extensions, conf, _) in VARIANTS.items():
        confdir = root / 'conf' / _slug(name)
        confdir.mkdir(parents=True)
        (confdir / 'conf.py').write_text(
            f"project = 'books'\nextensions = {extensions!r}\n"
            f'pdf_documents = {documents!r}\n' + conf)


def _slug(variant: str) -> str:
    return ''.join(c if c.isalnum() else '-' for c in variant).strip('-')


def build(root: Path, variant: str, books: int, jobs: int, phase: str
          ) -> tuple[float, float]:
    """Wall and CPU seconds of one build of ``variant`` in ``phase``."""
    builder, _, _, job = VARIANTS[variant]
    work = root / 'build' / _slug(variant)
    outdir = work / 'out'
    command = [sys.executable, '-m', 'sphinx', '-q', '-b', builder,
               '-j', str(jobs) if job == 'N' else job,
               '-c', str(root / 'conf' / _slug(variant)),
               '-d', str(work / 'doctrees'), str(root / 'project'),
               str(outdir)]
    if phase != 'full':
        shutil.rmtree(outdir, ignore_errors=True)
        subprocess.run([*command, '-E'], cwd=root, check=True,
                       capture_output=True)
        if phase == 'write':
            command.append('-a')
        else:
            with (root / 'project' / 'book0' / 'page0.rst').open('a') as page:
                page.write(f'\nA paragraph added before {variant}.\n')
    else:
        shutil.rmtree(work, ignore_errors=True)
        command.append('-E')
    cpu_before = bench_pdf._children_cpu()
    start = time.perf_counter()
    result = subprocess.run(command, cwd=root, text=True,
                            capture_output=True, check=False,
                            env=dict(os.environ))
    elapsed = time.perf_counter() - start
    cpu = bench_pdf._children_cpu() - cpu_before
    if result.returncode:
        bench_pdf._fail(variant, f'sphinx-build exited {result.returncode}',
                      result)
    for book in range(books):
        pdf = outdir / f'book{book}.pdf'
        if not pdf.is_file() or pdf.stat().st_size == 0:
            bench_pdf._fail(variant, f'{pdf.name} is missing or empty',
                          result)
    return elapsed, cpu


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument('--books', type=int, default=2)
    parser.add_argument('--pages', type=int, default=8)
    parser.add_argument('--rows', type=int, default=120)
    parser.add_argument('--repeat', type=int, default=3)
    parser.add_argument('--jobs', type=int, default=0,
                        help='N of -j N (default: the number of CPUs)')
    args = parser.parse_args()
    jobs = args.jobs or os.cpu_count() or 1
    print(f'{args.books} books of {args.pages} pages, -j N = -j {jobs}, '
          f'{os.cpu_count()} CPUs')
    with tempfile.TemporaryDirectory() as tmp:
        root = Path(tmp)
        write_project(root, args.books, args.pages, args.rows)
        medians: dict[str, dict[str, float]] = {}
        for phase in ('full', 'write', 'edit'):
            times: dict[str, list[tuple[float, float]]] = {
                name: [] for name in VARIANTS}
            for run in range(args.repeat):
                for name in VARIANTS:
                    seconds = build(root, name, args.books, jobs, phase)
                    times[name].append(seconds)
                    print(f'{phase} run {run + 1}/{args.repeat} {name}: '
                          f'wall {seconds[0]:.2f} s, CPU {seconds[1]:.2f} s',
                          file=sys.stderr)
            wall = medians[phase] = {
                n: statistics.median(w for w, _ in v)
                for n, v in times.items()}
            for name in VARIANTS:
                print(f'{phase}: {name:16s} median of {args.repeat}: wall '
                      f'{wall[name]:7.2f} s')
            if phase == 'edit':
                for name in VARIANTS:
                    print(f'edit/full: {name:16s} wall '
                          f'{wall[name] / medians["full"][name]:.3f}x'
                          + ('' if name == BASELINE else
                             f' (target <= {EDIT_TARGET}x)'))
                continue
            print(f'{phase}: {PARALLEL}/{SERIAL} wall '
                  f'{wall[PARALLEL] / wall[SERIAL]:.3f}x'
                  + (f' (target <= {TARGET}x)' if phase == 'write' else ''))
            print(f'{phase}: {PARALLEL}/{BASELINE} wall '
                  f'{wall[PARALLEL] / wall[BASELINE]:.3f}x')


if __name__ == '__main__':
    main()
