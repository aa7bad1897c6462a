# SPDX-License-Identifier: GPL-2.0-only
"""What a reader cannot see, or cannot read, in the whole tree's books.

Issue 33's figures, for every PDF book of both routes (xelatex's from
``linuxlatex``, and ``linuxpdf``'s): the characters hidden
(:func:`pdf_visible.hidden_text`: past the page's edge, over other
text, under a fill), and the characters set below half the body's size
(the size most of the book's text has), with where they are, so that a
table shrunk past reading is found among footnote marks and figure
labels.  A book takes from seconds to minutes; each result goes into
``visible.json`` in the work directory as soon as it is known (a file of
its own: it may run beside the builds, which write ``results.json``),
and a book already checked is not checked again unless its PDF changed.
"""

from __future__ import annotations

import json
import os
import sys
from collections import Counter
from concurrent.futures import ProcessPoolExecutor, as_completed
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from pdf_visible import hidden_text

#: How many places of each kind a book's record keeps.
SAMPLES = 8


def check_book(pdf: Path) -> dict[str, Any]:
    """One book's hidden characters by reason, and its characters below
    half the body's size, each with samples (page from 1, word)."""
    import pymupdf

    hidden: dict[str, list[Any]] = {}
    for char in hidden_text(pdf):
        hidden.setdefault(char.why, []).append((char.page + 1, char.word))
    sizes: Counter[float] = Counter()
    spans = []
    with pymupdf.open(pdf) as document:
        pages = document.page_count
        for page in document:
            for block in page.get_text('dict')['blocks']:
                for line in block.get('lines', ()):
                    for span in line['spans']:
                        text = ''.join(span['text'].split())
                        if text:
                            size = round(span['size'], 1)
                            sizes[size] += len(text)
                            spans.append((page.number + 1, size, text))
    body = sizes.most_common(1)[0][0] if sizes else 0.0
    small = [span for span in spans if span[1] < body / 2 - 0.05]
    return {
        'mtime': pdf.stat().st_mtime_ns, 'pages': pages, 'body': body,
        'hidden': {why: {'chars': len(found),
                         'samples': list(dict.fromkeys(found))[:SAMPLES]}
                   for why, found in hidden.items()},
        'small': {'chars': sum(len(text) for _, _, text in small),
                  'smallest': min((size for _, size, _ in small),
                                  default=None),
                  'pages': sorted({page for page, _, _ in small}),
                  'samples': [(page, size, text[:40]) for page, size, text
                              in small[:SAMPLES]]},
    }


def check(work: Path, routes: dict[str, Path]) -> dict[str, Any]:
    """Every book of ``routes`` (route name: output directory) not yet
    checked, a process per CPU, largest first; all records.  Figures
    made PDFs beside the LaTeX books (112 in the kernel tree) are not
    books."""
    path = work / 'visible.json'
    records: dict[str, Any] = json.loads(path.read_text()) \
        if path.exists() else {}
    todo = []
    for route, outdir in routes.items():
        # the LaTeX route's directory holds its figures as PDFs too: a
        # book is the PDF of a .tex
        latex = any(outdir.glob('*.tex'))
        for pdf in outdir.glob('*.pdf'):
            if latex and not pdf.with_suffix('.tex').is_file():
                continue
            record = records.get(route, {}).get(pdf.stem)
            if record is None or record['mtime'] != pdf.stat().st_mtime_ns:
                todo.append((route, pdf))
    todo.sort(key=lambda item: -item[1].stat().st_size)
    if todo:
        print(f'  visible: {len(todo)} books to read back', file=sys.stderr,
              flush=True)
    with ProcessPoolExecutor(os.cpu_count() or 1) as pool:
        futures = {pool.submit(check_book, pdf): (route, pdf)
                   for route, pdf in todo}
        for future in as_completed(futures):
            route, pdf = futures[future]
            records.setdefault(route, {})[pdf.stem] = future.result()
            path.write_text(json.dumps(records, indent=1) + '\n')
    return records


def report(records: dict[str, Any]) -> list[str]:
    """Markdown: per route the totals, then each book with anything
    hidden or set small, with its first places."""
    lines = ['| route | books | pages | past the edge | over other text '
             '| under a fill | chars below half the body size |',
             '|---|---|---|---|---|---|---|']
    for route, books in sorted(records.items()):
        totals = Counter[str]()
        for record in books.values():
            for why, found in record['hidden'].items():
                totals[why] += found['chars']
            totals['small'] += record['small']['chars']
        lines.append(
            f"| {route} | {len(books)} "
            f"| {sum(r['pages'] for r in books.values())} "
            f"| {totals['past the edge']} | {totals['over other text']} "
            f"| {totals['under a fill']} | {totals['small']} |")
    for route, books in sorted(records.items()):
        for book, record in sorted(books.items()):
            for why, found in sorted(record['hidden'].items()):
                lines.append(f"* {route} {book}: {found['chars']} characters "
                             f"{why}, e.g. {found['samples'][:3]}")
            small = record['small']
            if small['chars']:
                lines.append(
                    f"* {route} {book}: {small['chars']} characters below "
                    f"half of {record['body']}pt (smallest "
                    f"{small['smallest']}pt) on pages {small['pages'][:12]}"
                    f", e.g. {small['samples'][:3]}")
    return lines
