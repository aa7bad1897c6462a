# SPDX-License-Identifier: GPL-2.0-only
"""What a PDF shows, read back with PyMuPDF: for golden files and for
tests that look at cells, fonts and fills.

A golden of PDF bytes would change with every ReportLab release; the
structural dump holds what a reader sees instead: per page, each line of
text with its font, size and weight; each filled rectangle (cell and band
backgrounds) with its colour; each ruled line (cell borders); each link
and where it goes.  Positions are rounded to whole points.
"""

from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path
from typing import Any

import pymupdf

#: PyMuPDF's span flag for a bold font.
BOLD = 16

#: linuxpdf's sans (body text) and monospaced fonts, regular
#: (linuxdoc_builders.pdf.fonts: DejaVu).
SANS = 'DejaVuSans'
MONO = 'DejaVuSansMono'


@dataclass(frozen=True)
class Span:
    """A run of text in one font on one page."""

    page: int
    text: str
    font: str
    bold: bool
    x0: float
    y0: float
    x1: float
    y1: float


def spans(path: Path) -> list[Span]:
    """Every non-blank text span of the PDF, page by page (0-based)."""
    found = []
    with pymupdf.open(path) as document:
        for number, page in enumerate(document):
            for block in page.get_text('dict')['blocks']:
                for line in block.get('lines', []):
                    for span in line['spans']:
                        if span['text'].strip():
                            found.append(Span(
                                number, span['text'].strip(), span['font'],
                                bool(span['flags'] & BOLD), *span['bbox']))
    return found


def fill_at(path: Path, page: int, x: float, y: float
            ) -> tuple[float, ...] | None:
    """The colour a reader sees behind point ``(x, y)``: the last filled
    rectangle painted there."""
    colour = None
    with pymupdf.open(path) as document:
        for drawing in document[page].get_drawings():
            if drawing.get('fill') is None:
                continue
            for item in drawing['items']:
                if item[0] == 're' and item[1].contains(pymupdf.Point(x, y)):
                    colour = tuple(round(c, 3) for c in drawing['fill'])
    return colour


def dump(path: Path) -> str:
    """The structural dump of a PDF, as text."""
    out = []
    with pymupdf.open(path) as document:
        for number, page in enumerate(document, 1):
            out.append(f'page {number}')
            out += _texts(page) + _drawings(page) + _links(page)
    return '\n'.join(out) + '\n'


def _texts(page: Any) -> list[str]:
    out = []
    for block in page.get_text('dict')['blocks']:
        for line in block.get('lines', []):
            for span in line['spans']:
                if span['text'].strip():
                    weight = 'bold' if span['flags'] & BOLD else 'regular'
                    out.append(f"  text {_point(span['origin'])} "
                               f"{span['font']} {span['size']:.1f} {weight} "
                               f"{span['text'].strip()!r}")
    return out


def _drawings(page: Any) -> list[str]:
    out = []
    for drawing in page.get_drawings():
        for item in drawing['items']:
            if item[0] == 're' and drawing.get('fill') is not None:
                out.append(f'  fill {_rect(item[1])} '
                           f'{_colour(drawing["fill"])}')
            elif item[0] == 're':
                out.append(f'  box {_rect(item[1])}')
            elif item[0] == 'l':
                out.append(f'  rule {_point(item[1])} {_point(item[2])}')
    return out


def _links(page: Any) -> list[str]:
    out = []
    for link in page.get_links():
        if link['kind'] == pymupdf.LINK_GOTO:
            target = f"page {link['page'] + 1} y {link['to'].y:.0f}"
        elif link['kind'] == pymupdf.LINK_URI:
            target = link['uri']
        else:
            target = f"kind {link['kind']} {link.get('file', '')}"
        out.append(f"  link {_rect(link['from'])} -> {target}")
    return out


def _point(point: Any) -> str:
    return f'{point[0]:.0f},{point[1]:.0f}'


def _rect(rect: Any) -> str:
    return f'{rect.x0:.0f},{rect.y0:.0f},{rect.x1:.0f},{rect.y1:.0f}'


def _colour(colour: Any) -> str:
    return '#' + ''.join(f'{round(c * 255):02x}' for c in colour)
