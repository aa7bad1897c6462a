# SPDX-License-Identifier: GPL-2.0-only
"""Text a reader of a PDF cannot see, found with PyMuPDF.

Text can be in a PDF and still be hidden: past the page's edge, printed
over other text, or painted over by a fill drawn after it (a table's
next column's colour panel).  PyMuPDF numbers every text span and every
drawing in painting order (``seqno``), so a character whose box a later
fill covers is hidden.

Two characters may overlap and both be read: one after the other in a
line (a kerned pair such as ``L'``, or the two glyphs TeX builds
``\\hookrightarrow`` from, which mark a wrapped code line), or the same
glyph drawn twice in one place (figures converted by Inkscape draw
their labels so, and then the ``m`` of ``transmitted`` overlaps the
copy of the ``i`` after it as much as the ``i`` itself).  Those are not
hidden.
"""

from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path
from typing import Any

import pymupdf

#: How much of a character's box may be covered or outside the page
#: before it counts as hidden (rules and antialiasing touch glyphs).
_COVERED = 0.5


@dataclass(frozen=True)
class Hidden:
    """A character a reader cannot see, and why."""

    page: int
    char: str
    word: str
    why: str  # 'past the edge', 'under a fill', 'over other text'


Box = tuple[float, float, float, float]


def _area(box: Box) -> float:
    return max(0.0, box[2] - box[0]) * max(0.0, box[3] - box[1])


def _overlap(a: Box, b: Box) -> float:
    return max(0.0, min(a[2], b[2]) - max(a[0], b[0])) * \
        max(0.0, min(a[3], b[3]) - max(a[1], b[1]))


def hidden_text(path: Path) -> list[Hidden]:
    """Every visible-looking character of the PDF that is not visible."""
    found: list[Hidden] = []
    with pymupdf.open(path) as document:
        for number, page in enumerate(document):
            found += _hidden_on(number, page)
    return found


def _hidden_on(number: int, page: Any) -> list[Hidden]:
    found = []
    fills = _Buckets()
    for drawing in page.get_drawings():
        if drawing.get('fill') is not None and \
                drawing.get('fill_opacity', 1) > 0:
            for item in drawing['items']:
                if item[0] == 're':
                    fills.add(tuple(item[1]), drawing['seqno'])
    chars = _Buckets()
    order = 0
    for span in page.get_texttrace():
        word = ''.join(chr(c[0]) for c in span['chars'])
        for char in span['chars']:
            box = tuple(char[3])
            if not chr(char[0]).isspace() and _area(box) > 0:
                chars.add(box, _Char(span['seqno'], order, chr(char[0]),
                                     word))
            order += 1
    # where each glyph is drawn, in drawing order: a copy of a character
    # drawn again in the same place
    copies: dict[tuple[str, Box], set[int]] = {}
    for box, char in chars.items:
        copies.setdefault((char.char, _rounded(box)), set()).add(char.order)
    for box, char in chars.items:
        area = _area(box)
        if _overlap(box, tuple(page.rect)) < (1 - _COVERED) * area:
            found.append(Hidden(number, char.char, char.word,
                                'past the edge'))
        elif any(later > char.seqno
                 and _overlap(box, rect) > _COVERED * area
                 for rect, later in fills.near(box)):
            found.append(Hidden(number, char.char, char.word,
                                'under a fill'))
        same = copies[(char.char, _rounded(box))]
        if any(_covers(box, char, other, other_char, same)
               for other, other_char in chars.near(box)):
            found.append(Hidden(number, char.char, char.word,
                                'over other text'))
    return found


@dataclass(frozen=True)
class _Char:
    seqno: int
    #: the character's place among the page's characters, in the order
    #: they are drawn
    order: int
    char: str
    word: str


def _rounded(box: Box) -> Box:
    return (round(box[0], 1), round(box[1], 1), round(box[2], 1),
            round(box[3], 1))


def _covers(box: Box, char: _Char, other: Box, other_char: _Char,
            copies: set[int]) -> bool:
    """Whether ``other`` hides ``char``: they overlap by more than half
    of the smaller, are not drawn one right after the other (``char``,
    or a copy of it in the same place, ``copies`` in drawing order), nor
    are the same glyph twice in one place."""
    if other is box or {other_char.order - 1, other_char.order + 1} \
            & copies:
        return False
    shared = _overlap(box, other)
    if char.char == other_char.char and \
            shared > 0.9 * max(_area(box), _area(other)):
        return False
    return shared > _COVERED * min(_area(box), _area(other))


class _Buckets:
    """Rectangles by horizontal band of the page, to find the ones near
    a character."""

    BAND = 10.0

    def __init__(self) -> None:
        self.items: list[tuple[Box, Any]] = []
        self._bands: dict[int, list[int]] = {}

    def _keys(self, rect: Box) -> range:
        return range(int(rect[1] // self.BAND), int(rect[3] // self.BAND) + 1)

    def add(self, rect: Box, value: Any) -> None:
        self.items.append((rect, value))
        for key in self._keys(rect):
            self._bands.setdefault(key, []).append(len(self.items) - 1)

    def near(self, rect: Box) -> list[tuple[Box, Any]]:
        indices: set[int] = set()
        for key in self._keys(rect):
            indices.update(self._bands.get(key, ()))
        return [self.items[i] for i in indices
                if self.items[i][0][0] < rect[2]
                and rect[0] < self.items[i][0][2]]


#: How the mark that begins the rest of a broken word reads back:
#: xelatex's and linuxpdf's U+21AA, and pdflatex's ``\hookrightarrow``,
#: which TeX builds of a hook and an arrow; and the ``»`` that begins the
#: rest of a code line linuxpdf wraps.
CONTINUATION_MARKS = ('\N{RIGHTWARDS ARROW WITH HOOK}',
                      '\N{MODIFIER LETTER CENTRED LEFT HALF RING}'
                      '\N{RIGHTWARDS ARROW}',
                      '\N{RIGHT-POINTING DOUBLE ANGLE QUOTATION MARK}')


def page_text(path: Path) -> str:
    """All the PDF's text without white space and without the marks of
    broken words, for finding words that a line break cuts."""
    with pymupdf.open(path) as document:
        text = ''.join(''.join(page.get_text().split())
                       for page in document)
    for mark in CONTINUATION_MARKS:
        text = text.replace(mark, '')
    return text
