# SPDX-License-Identifier: GPL-2.0-only
"""The whole kernel 6.12 Documentation tree, stock and ours, resumable.

``python3 benchmarks/bench_kernel.py --all`` (``tox -e kernel-full``)
builds Documentation/ as ``make htmldocs`` and ``make pdfdocs`` do
(``SPHINXDIRS=.``, ``-j auto``, see ``kernel_docs.py`` beside this):

1. ``html`` stock and ``linuxhtml`` ours;
2. ``latex`` stock and ``linuxlatex`` ours (the Sphinx phase: what each
   says), then every book of ours through xelatex, as many books at once
   as there are CPUs (what upstream's newest ``pdfdocs`` does with the
   make jobserver);
3. ``linuxpdf``, its books in parallel workers (``-j auto``);
4. every book of both PDF routes read back (``visible_books.py``): what
   is hidden, and what is set below half the body's size.

Ours swaps both the kernel's rstFlatTable and its kerneldoc extension
for linuxdoc_builders through the overlay conf.py.  Per builder: exit
code, Sphinx/docutils warnings of ours against stock's (the same
builder's, and for linuxpdf stock ``latex``'s, which reads the same
sources: new ones are listed), kernel-doc's diagnostics, wall, CPU and
peak memory.  Per book: exit code, pages and size of the PDF from
xelatex and from linuxpdf.

The run takes hours on two cores, so every step's result goes into
``results.json`` in the work directory the moment it is known; run
again, and what is recorded is not built again: a builder whose build
was cut off starts over, a book that xelatex or linuxpdf already wrote
is kept (linuxpdf is restarted on the books still missing, with the
environment it had read, through ``linuxdoc_pdf_books``).  Each
builder's results name the commit of linuxdoc_builders they are of;
``--redo BUILDER`` builds one again (a fix measured without the rest),
``--fresh`` starts from nothing.  Stock
``latex`` is not compiled: the table compares our two PDF routes.
"""

from __future__ import annotations

import json
import os
import shutil
import subprocess
import sys
import threading
import time
from collections import Counter
from concurrent.futures import ThreadPoolExecutor
from dataclasses import asdict, replace
from pathlib import Path
from typing import Any

import visible_books
from kernel_docs import (
    WHOLE_TREE,
    Build,
    Run,
    generate_media_headers,
    measure,
    tex_errors,
)

#: The builders, in the order they are reported: (name, Sphinx builder,
#: ours).
BUILDERS = (('html', 'html', False), ('linuxhtml', 'linuxhtml', True),
            ('latex', 'latex', False), ('linuxlatex', 'linuxlatex', True),
            ('linuxpdf', 'linuxpdf', True))
#: ... and the order they run in: ours first, what can fail first.
RUN_ORDER = ('linuxpdf', 'linuxlatex', 'linuxhtml', 'latex', 'html')
#: Whose warnings each of ours is held against.
STOCK_OF = {'linuxhtml': 'html', 'linuxlatex': 'latex', 'linuxpdf': 'latex'}


class Results:
    """``results.json``: written again after every step, under a lock
    (xelatex's books finish on several threads)."""

    def __init__(self, path: Path) -> None:
        self.path = path
        self.data: dict[str, Any] = (json.loads(path.read_text())
                                     if path.exists() else {})
        self.lock = threading.Lock()

    def set(self, *keys_and_value: Any) -> None:
        *keys, value = keys_and_value
        with self.lock:
            node = self.data
            for key in keys[:-1]:
                node = node.setdefault(key, {})
            node[keys[-1]] = value
            self.path.write_text(json.dumps(self.data, indent=1) + '\n')

    def drop(self, key: str) -> None:
        with self.lock:
            self.data.pop(key, None)
            self.path.write_text(json.dumps(self.data, indent=1) + '\n')

    def get(self, *keys: str) -> Any:
        node: Any = self.data
        for key in keys:
            node = node.get(key) if isinstance(node, dict) else None
        return node


#: What else goes when a builder is built again: what came of its output.
DERIVED = {'linuxlatex': ('xelatex', 'xelatex_wall'),
           'linuxpdf': ('linuxpdf_books',)}


def run(tree: Path, work: Path, *, fresh: bool, redo: list[str],
        only: list[str] | None = None) -> None:
    """Every step not yet recorded in ``work`` (and those of ``redo``
    again) of the builders ``only`` names (default: all), then the
    report."""
    if fresh and work.exists():
        shutil.rmtree(work)
    work.mkdir(parents=True, exist_ok=True)
    results = Results(work / 'results.json')
    commit = _commit()
    prepare(tree, work)
    builds = {name: Build(tree, WHOLE_TREE, builder, ours=ours, work=work,
                          jobs='auto')
              for name, builder, ours in BUILDERS}
    for name in redo:
        _discard(results, builds[name], name)
    for name in RUN_ORDER:
        if only and name not in only:
            continue
        build = builds[name]
        if name == 'linuxpdf':
            _linuxpdf(build, results, commit)
        elif results.get(name, 'done') is None:
            _progress(f'{name}: building the whole tree')
            outcome = build.run(check=False)
            _record(results, name, build, outcome, commit)
        if name == 'linuxlatex' and results.get(name, 'status') == 0:
            _xelatex(build, results)
    if not only or 'visible' in only:
        visible_books.check(work, _routes(builds))
    report(results, builds)


def _routes(builds: dict[str, Build]) -> dict[str, Path]:
    """Where each PDF route's books are."""
    return {'xelatex': builds['linuxlatex'].outdir,
            'linuxpdf': builds['linuxpdf'].outdir}


def _discard(results: Results, build: Build, name: str) -> None:
    """``name``'s results and output, to build it again."""
    for key in (name, *DERIVED.get(name, ())):
        results.drop(key)
    for path in (build.outdir, build.doctrees):
        shutil.rmtree(path, ignore_errors=True)


def _commit() -> str:
    """The commit of the linuxdoc_builders being measured, recorded
    with each builder's results: the report names it, so figures of
    different versions are never taken for one."""
    import linuxdoc_builders

    source = Path(linuxdoc_builders.__file__).parent
    found = subprocess.run(['git', '-C', str(source), 'describe', '--always',
                            '--dirty'], check=False, capture_output=True,
                           text=True)
    return found.stdout.strip() if found.returncode == 0 else \
        getattr(linuxdoc_builders, '__version__', 'unknown')


def prepare(tree: Path, work: Path) -> None:
    """What ``make htmldocs`` makes before Sphinx runs: the media
    headers (in ``$BUILDDIR``) and the netlink specs' pages, which
    ``tools/net/ynl/ynl-gen-rst.py`` writes into the tree itself."""
    generate_media_headers(tree, work / 'headers')
    specs = tree / 'Documentation' / 'netlink' / 'specs'
    pages = tree / 'Documentation' / 'networking' / 'netlink_spec'
    tool = tree / 'tools' / 'net' / 'ynl' / 'ynl-gen-rst.py'
    env = dict(os.environ, PYTHONDONTWRITEBYTECODE='1')
    for spec in sorted(specs.glob('*.yaml')):
        page = pages / f'{spec.stem}.rst'
        if not page.exists():
            subprocess.run([sys.executable, str(tool), '-i', str(spec),
                            '-o', str(page)], check=True, env=env)
    if not (pages / 'index.rst').exists():
        subprocess.run([sys.executable, str(tool), '-o',
                        str(pages / 'index.rst'), '-x'], check=True, env=env)


def _record(results: Results, name: str, build: Build, outcome: Run,
            commit: str) -> None:
    kernel_doc = build.kernel_doc_messages()
    results.set(name, {
        'done': True, 'status': outcome.status, 'wall': outcome.wall,
        'cpu': outcome.cpu, 'peak': outcome.peak, 'commit': commit,
        'warnings': build.sphinx_warnings(), 'kernel_doc': len(kernel_doc),
        **({'attempts': results.get(name, 'attempts')}
           if name == 'linuxpdf' else {}),
    })
    _progress(f'{name}: exit {outcome.status}, wall {outcome.wall:.0f} s, '
              f'CPU {outcome.cpu:.0f} s, peak {outcome.peak:.0f} MiB, '
              f'{len(build.sphinx_warnings())} warnings')


def _xelatex(build: Build, results: Results) -> None:
    """Each book of ``linuxlatex``'s output through latexmk and xelatex,
    as many at once as there are CPUs, the largest first."""
    books = sorted(build.outdir.glob('*.tex'), key=lambda t: -t.stat().st_size)
    todo = [tex for tex in books
            if results.get('xelatex', tex.stem) is None]

    def compile_book(tex: Path) -> None:
        outcome = measure(
            ['make', '-C', str(build.outdir), f'{tex.stem}.pdf',
             'PDFLATEX=latexmk -xelatex',
             'LATEXOPTS=-interaction=batchmode -no-shell-escape'],
            dict(os.environ), build.work,
            build.work / f'xelatex-{tex.stem}.log')
        pdf = tex.with_suffix('.pdf')
        errors = tex_errors(build.outdir, tex.stem)
        record = {'status': outcome.status, 'wall': outcome.wall,
                  'cpu': outcome.cpu, 'peak': outcome.peak,
                  'tex_errors': len(errors), **_pdf_figures(pdf)}
        results.set('xelatex', tex.stem, record)
        _progress(f"xelatex {tex.stem}: exit {outcome.status}, "
                  f"{record['pages']} pages, wall {outcome.wall:.0f} s")

    if todo:
        _progress(f'xelatex: {len(todo)} of {len(books)} books to compile')
    start = time.perf_counter()
    with ThreadPoolExecutor(os.cpu_count() or 1) as pool:
        list(pool.map(compile_book, todo))
    if todo and len(todo) == len(books):
        # what ``make pdfdocs`` waits for after Sphinx, when nothing was
        # compiled before (benchmarks/bench_kernel_rebuild.py compares a
        # rebuild with it)
        results.set('xelatex_wall', time.perf_counter() - start)


def _linuxpdf(build: Build, results: Results, commit: str) -> None:
    """``linuxpdf`` until every book is written: a run cut off leaves
    the books it finished, and the next one of the same commit writes
    only the others (``linuxdoc_pdf_books``), from the environment
    already read, with links into every book as a whole build makes."""
    if results.get('linuxpdf', 'done'):
        return
    if results.get('linuxpdf', 'commit') not in (None, commit):
        _discard(results, build, 'linuxpdf')
    results.set('linuxpdf', 'commit', commit)
    attempts: list[dict[str, Any]] = results.get('linuxpdf', 'attempts') \
        or []
    if attempts or build.doctrees.exists():
        written = {pdf.stem for pdf in build.outdir.glob('*.pdf')
                   if _pdf_figures(pdf)['pages']}
        wanted = [book for book in _books(build) if book not in written]
        _progress(f'linuxpdf: resumed, {len(wanted)} books still to write')
        rest = replace(build, options=(
            '-D', f"linuxdoc_pdf_books={','.join(wanted)}"))
        outcome = measure(rest.command(), rest.env(), build.work,
                          build.work / f'{build.name}-{len(attempts)}.log')
    else:
        _progress('linuxpdf: building the whole tree')
        outcome = build.run(check=False)
    attempts.append(asdict(outcome) | {'log': str(outcome.log)})
    results.set('linuxpdf', 'attempts', attempts)
    total = Run(sum(a['wall'] for a in attempts),
                sum(a['cpu'] for a in attempts),
                max(a['peak'] for a in attempts), outcome.status, outcome.log)
    _record(results, 'linuxpdf', build, total, commit)
    for book in _books(build):
        results.set('linuxpdf_books', book,
                    _pdf_figures(build.outdir / f'{book}.pdf'))


def _books(build: Build) -> list[str]:
    """The books' targets: the LaTeX documents the kernel's conf.py
    makes, one per directory of Documentation/ with an index.rst."""
    docs = build.tree / 'Documentation'
    return sorted(entry.name for entry in docs.iterdir()
                  if (entry / 'index.rst').is_file())


def _pdf_figures(pdf: Path) -> dict[str, int]:
    """Pages and bytes of a PDF; 0 pages if it is missing or cut short."""
    import pymupdf

    if not pdf.is_file() or b'%%EOF' not in pdf.read_bytes()[-1024:]:
        return {'pages': 0, 'bytes': pdf.stat().st_size
                if pdf.is_file() else 0}
    with pymupdf.open(pdf) as document:
        return {'pages': document.page_count, 'bytes': pdf.stat().st_size}


def report(results: Results, builds: dict[str, Build]) -> None:
    """The tables, printed and written to ``report.md`` beside the
    results."""
    lines = ['| builder | exit | warnings | new vs stock | kernel-doc '
             '| wall s | CPU s | peak MiB | commit |', '|---' * 9 + '|']
    for name in builds:
        row = results.get(name)
        if not row or 'status' not in row:
            lines.append(f'| {name} | not run | | | | | | | |')
            continue
        stock = results.get(STOCK_OF.get(name, ''), 'warnings')
        new = sorted((Counter(row['warnings'])
                      - Counter(stock or [])).elements()) \
            if stock is not None and name in STOCK_OF else []
        lines.append(
            f"| {name} | {row['status']} | {len(row['warnings'])} | "
            f"{len(new) if name in STOCK_OF else ''} | {row['kernel_doc']} "
            f"| {row['wall']:.0f} | {row['cpu']:.0f} | {row['peak']:.0f} "
            f"| {row['commit']} |")
        for warning in new:
            lines.append(f'|   new: {warning.splitlines()[0]} '
                         '| | | | | | | | |')
    books = _books(builds['linuxpdf'])
    lines += ['', '| book | xelatex exit | pages | MiB | TeX errors '
              '| linuxpdf pages | MiB |', '|---|---|---|---|---|---|---|']
    for book in books:
        tex = results.get('xelatex', book) or {}
        pdf = results.get('linuxpdf_books', book) or {}
        lines.append(
            f"| {book} | {tex.get('status', '-')} | {tex.get('pages', '-')} "
            f"| {_mib(tex)} | {tex.get('tex_errors', '-')} "
            f"| {pdf.get('pages', '-')} | {_mib(pdf)} |")
    missing = [book for book in books
               if not (results.get('xelatex', book) or {}).get('pages')
               or not (results.get('linuxpdf_books', book) or {}).get('pages')]
    lines += ['', f'{len(books)} books; without a non-empty PDF in both '
              f"routes: {', '.join(missing) or 'none'}"]
    visible = results.path.parent / 'visible.json'
    if visible.exists():
        lines += ['', *visible_books.report(json.loads(visible.read_text()))]
    text = '\n'.join(lines) + '\n'
    (results.path.parent / 'report.md').write_text(text)
    print(text)


def _mib(record: dict[str, int]) -> str:
    return f"{record['bytes'] / 2**20:.1f}" if record.get('bytes') else '-'


def _progress(text: str) -> None:
    print(f'  {text}', file=sys.stderr, flush=True)
