# SPDX-License-Identifier: GPL-2.0-only
"""What a PDF shows, read back with PyMuPDF, without positions.

Per page: each line of text with its weight, its size class (``body``,
``small``, or ``larger-N`` counted from the body size up, so a font
change of half a point between releases is not a change a reader
notices) and the fill behind it when it sits in a coloured cell or band;
each link with its text and where it goes: a page of the same file, or
a file beside it and the named destination there.

Tables are not read back as grids here: linuxpdf draws no vertical
rules and rules only where rows end, so columns and spans read back
from the drawing would be a guess.  The grid of a table is checked in
the HTML and LaTeX views, which write it down.

PyMuPDF is an optional dependency (``linuxdoc-builders[golden]``).
"""

from __future__ import annotations

from collections import Counter
from pathlib import Path
from typing import Any

#: PyMuPDF's span flag for a bold font.
_BOLD = 16


class MissingPyMuPDF(RuntimeError):
    """The PDF view needs PyMuPDF, which is an optional dependency."""


def require_pymupdf() -> Any:
    """PyMuPDF, or a message that says how to get it."""
    try:
        import pymupdf
    except ImportError as error:
        msg = ('the PDF view needs PyMuPDF: pip install '
               '"linuxdoc-builders[golden]", or leave pdf out of --formats')
        raise MissingPyMuPDF(msg) from error
    return pymupdf


def view(path: Path) -> str:
    """The PDF as text: pages, text lines, fills behind them, links."""
    pymupdf = require_pymupdf()
    with pymupdf.open(path) as document:
        pages = [_page_spans(page) for page in document]
        sizes = Counter(round(span['size'] * 2) / 2
                        for spans in pages for span in spans)
        body = sizes.most_common(1)[0][0] if sizes else 0.0
        larger = sorted({s for s in sizes if s > body})
        out = []
        for number, page in enumerate(document, 1):
            out.append(f'page {number}')
            fills = _fills(page)
            for span in pages[number - 1]:
                size = round(span['size'] * 2) / 2
                size_class = ('body' if size == body else 'small'
                              if size < body else
                              f'larger-{larger.index(size) + 1}')
                weight = 'bold' if span['flags'] & _BOLD else 'regular'
                behind = _fill_behind(fills, span['bbox'], pymupdf)
                on = f' on {behind}' if behind else ''
                out.append(f'  {weight} {size_class}{on}: '
                           f'{span["text"].strip()!r}')
            out += [f'  link {text!r} -> {target}'
                    for text, target in _links(document, page, pymupdf)]
    return '\n'.join(out) + '\n'


def _page_spans(page: Any) -> list[dict[str, Any]]:
    return [span for block in page.get_text('dict')['blocks']
            for line in block.get('lines', [])
            for span in line['spans'] if span['text'].strip()]


def _fills(page: Any) -> list[tuple[Any, str]]:
    """Filled rectangles in painting order, white ones left out: white is
    the page a reader sees anyway."""
    found = []
    for drawing in page.get_drawings():
        fill = drawing.get('fill')
        if fill is None:
            continue
        colour = '#' + ''.join(f'{round(c * 255):02x}' for c in fill)
        found += [(item[1], colour) for item in drawing['items']
                  if item[0] == 're']
    return found


def _fill_behind(fills: list[tuple[Any, str]], bbox: Any,
                 pymupdf: Any) -> str:
    centre = pymupdf.Point((bbox[0] + bbox[2]) / 2, (bbox[1] + bbox[3]) / 2)
    colour = ''
    for rect, fill in fills:
        if rect.contains(centre):
            colour = fill
    return '' if colour == '#ffffff' else colour


def _links(document: Any, page: Any, pymupdf: Any
           ) -> list[tuple[str, str]]:
    found = []
    for link in page.get_links():
        text = ' '.join(page.get_textbox(link['from']).split())
        kind = link['kind']
        named = _named_destination(document, link)
        if link.get('uri'):
            target = link['uri']
        elif kind == pymupdf.LINK_GOTOR:
            target = f"{link.get('file', '')}#{named or link.get('page')}"
        elif named:
            target = f'#{named}'
        else:
            target = f"page {link.get('page', -1) + 1}"
        found.append((text, target))
    return found


def _named_destination(document: Any, link: dict[str, Any]) -> str:
    """The name of the destination a link's action gives, if a name."""
    xref = link.get('xref', 0)
    if not xref:
        return ''
    for key in ('A/D', 'Dest'):
        kind, value = document.xref_get_key(xref, key)
        if kind in ('string', 'name'):
            return str(value).lstrip('/')
    return ''
