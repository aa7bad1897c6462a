# SPDX-License-Identifier: GPL-2.0-only
"""``check --report DIR``: what changed, to look at rather than read.

One HTML page per changed document (``index.html`` lists them): each
changed table of the HTML build drawn before and after, side by side,
its changed cells marked (a cell whose place, span, kind or text is not
on the other side); each changed page of a PDF rendered before and
after, the lines that differ framed in red; and the unified diff of
every changed view (LaTeX tables, text views) below.

"Before" comes from the renders ``record --renders`` keeps in the
record (``renders/``); a record without them gets "after" alone, with
a note saying how to have both.
"""

from __future__ import annotations

import difflib
import html
from collections import defaultdict
from pathlib import Path
from typing import Any

from lxml import html as lxml_html

from linuxdoc_builders.golden.html import Page

#: The class and style of a changed cell or line.
CHANGED = 'linuxdoc-golden-changed'
STYLE = f'''
body {{ font-family: sans-serif; margin: 2em; }}
.pair {{ display: flex; gap: 2em; align-items: flex-start; }}
.pair > div {{ flex: 1; overflow-x: auto; }}
table {{ border-collapse: collapse; }}
td, th {{ border: 1px solid #888; padding: 0.2em 0.5em; }}
th {{ background: #eee; }}
.{CHANGED} {{ outline: 3px solid #d00; background: #fee; }}
img {{ max-width: 100%; border: 1px solid #888; }}
pre {{ background: #f6f6f6; padding: 1em; overflow-x: auto; }}
.added {{ color: #070; }} .removed {{ color: #a00; }}
'''


def write_report(out: Path, changed: dict[str, tuple[str | None,
                                                      str | None]],
                 before: dict[str, bytes], after: dict[str, bytes]) -> Path:
    """Write the report of ``changed`` (view path: recorded text, built
    text; None where a side has no such view) into ``out``; returns its
    index page."""
    out.mkdir(parents=True, exist_ok=True)
    by_document: dict[str, list[str]] = defaultdict(list)
    for path in sorted(changed):
        by_document[_document(path)].append(path)
    pages = []
    for document, paths in sorted(by_document.items()):
        name = document.replace('/', '-') + '.html'
        body = [f'<h1>{html.escape(document)}</h1>']
        if not before:
            body.append('<p>The record holds no renders, so only the new '
                        'build is shown: record with <code>linuxdoc-golden '
                        'record --renders</code> to see both.</p>')
        for path in paths:
            body += _section(out, path, changed[path], before, after)
        (out / name).write_text(_page(document, body), encoding='utf-8')
        pages.append((document, name, len(paths)))
    index = out / 'index.html'
    items = ''.join(f'<li><a href="{html.escape(name)}">'
                    f'{html.escape(document)}</a>: {count} changed '
                    f'view(s)</li>' for document, name, count in pages)
    index.write_text(_page('changes', [f'<ul>{items}</ul>']),
                     encoding='utf-8')
    return index


def _document(path: str) -> str:
    """``html/api/table-x.txt`` -> ``html/api``; ``pdf/book.txt`` ->
    ``pdf/book``."""
    parts = path.removesuffix('.txt').split('/')
    return '/'.join(parts[:-1]) if parts[0] in ('html', 'latex') \
        else '/'.join(parts)


def _section(out: Path, path: str, texts: tuple[str | None, str | None],
             before: dict[str, bytes], after: dict[str, bytes]
             ) -> list[str]:
    old, new = texts
    state = ('added' if old is None else 'removed' if new is None
             else 'changed')
    parts = [f'<h2 class="{state}">{state}: {html.escape(path)}</h2>']
    if path.startswith('html/') and not path.endswith('/text.txt'):
        parts += _tables(path.removesuffix('.txt') + '.html', old or '',
                         new or '', before, after)
    elif path.startswith(('pdf/', 'latexpdf/')):
        parts += _pdf_pages(out, path.removesuffix('.txt') + '.pdf',
                            old or '', new or '', before, after)
    diff = difflib.unified_diff((old or '').splitlines(),
                                (new or '').splitlines(), 'recorded',
                                'built', lineterm='')
    parts.append(f'<pre>{html.escape(chr(10).join(diff))}</pre>')
    return parts


def _tables(render: str, old: str, new: str, before: dict[str, bytes],
            after: dict[str, bytes]) -> list[str]:
    """The table before and after, each cell marked that the other
    side's view does not have (its lines are the cells')."""
    sides = [_marked(before.get(render), set(new.splitlines())),
             _marked(after.get(render), set(old.splitlines()))]
    return ['<div class="pair">'
            + ''.join(f'<div><h3>{title}</h3>{side}</div>'
                      for title, side in zip(('before', 'after'), sides,
                                             strict=True))
            + '</div>']


def _table(fragment: bytes) -> tuple[Page, Any]:
    page = Page('<html><body>' + fragment.decode() + '</body></html>')
    return page, page.tables[0]


def _marked(fragment: bytes | None, other: set[str]) -> str:
    """The table with each cell not on the other side marked."""
    if fragment is None:
        return '<p>(none)</p>'
    page, table = _table(fragment)
    for element, cell in page.cells(table):
        if cell.line() not in other:
            classes = element.get('class', '')
            element.set('class', f'{classes} {CHANGED}'.strip())
    return str(lxml_html.tostring(table, encoding='unicode'))


def _pdf_pages(out: Path, render: str, old: str, new: str,
               before: dict[str, bytes], after: dict[str, bytes]
               ) -> list[str]:
    """Each changed page before and after, differing lines framed."""
    old_pages, new_pages = _pages(old), _pages(new)
    parts = []
    for number in sorted(set(old_pages) | set(new_pages)):
        was, now = old_pages.get(number, []), new_pages.get(number, [])
        if was == now:
            continue
        images = []
        for side, data, lines, other in (('before', before.get(render),
                                          was, now),
                                         ('after', after.get(render), now,
                                          was)):
            image = _page_image(out, render, side, number, data,
                                [line for line in lines if line not in other])
            images.append(f'<div><h3>{side}, page {number}</h3>'
                          + (f'<img src="{image}" alt="{side}">' if image
                             else '<p>(none)</p>') + '</div>')
        parts.append('<div class="pair">' + ''.join(images) + '</div>')
    return parts


def _pages(view: str) -> dict[int, list[str]]:
    """A PDF view's lines, by page number."""
    pages: dict[int, list[str]] = {}
    current: list[str] = []
    for line in view.splitlines():
        if line.startswith('page ') and line[5:].isdigit():
            current = pages.setdefault(int(line[5:]), [])
        else:
            current.append(line)
    return pages


def _page_image(out: Path, render: str, side: str, number: int,
                data: bytes | None, changed: list[str]) -> str | None:
    """Page ``number`` of a PDF as a PNG in ``out``, the text of the
    ``changed`` view lines framed in red; its file name, or None."""
    if data is None:
        return None
    from linuxdoc_builders.golden.pdf import require_pymupdf
    pymupdf = require_pymupdf()
    with pymupdf.open(stream=data, filetype='pdf') as document:
        if not 0 < number <= document.page_count:
            return None
        page = document[number - 1]
        for line in changed:
            text = _line_text(line)
            for rect in page.search_for(text) if text else []:
                framed = pymupdf.Rect(rect.x0 - 1, rect.y0 - 1,
                                      rect.x1 + 1, rect.y1 + 1)
                page.draw_rect(framed, color=(0.85, 0, 0), width=1.5)
        name = (f'{render.replace("/", "-").removesuffix(".pdf")}-{side}-'
                f'{number}.png')
        page.get_pixmap(dpi=80).save(str(out / name))
    return name


def _line_text(line: str) -> str:
    """The text of a PDF view line (``  regular body: 'text'``)."""
    quoted = line.partition(': ')[2]
    if len(quoted) >= 2 and quoted[0] == quoted[-1] and quoted[0] in '\'"':
        return quoted[1:-1]
    return ''


def _page(title: str, body: list[str]) -> str:
    return ('<!DOCTYPE html>\n<html lang="en"><head><meta charset="utf-8">'
            f'<title>{html.escape(title)}</title><style>{STYLE}</style>'
            '</head><body>' + '\n'.join(body) + '</body></html>\n')
