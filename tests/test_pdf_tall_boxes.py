# SPDX-License-Identifier: GPL-2.0-only
"""rst2pdf's one-row boxes taller than their room: whatever
:func:`~linuxdoc_builders.pdf.tall_boxes.fit_on_empty_page` and
:func:`~linuxdoc_builders.pdf.tall_boxes.split_list_item` return must fit
and move the layout on, or the same box goes to every next page and the
build never ends.

ReportLab and rst2pdf are imported inside the tests: the Sphinx 7.2
environment has neither and deselects these tests, but still collects
this module.
"""

from __future__ import annotations

import io
import logging
from typing import Any

import pytest

WIDTH, HEIGHT = 400.0, 600.0


def _block(height: float) -> Any:
    """A box of a fixed size that never splits, as a figure."""
    from reportlab.platypus.flowables import Flowable

    class Block(Flowable):  # type: ignore[misc]
        def __init__(self) -> None:
            super().__init__()
            self.height = height

        def wrap(self, avail_width: float, avail_height: float
                 ) -> tuple[float, float]:
            return avail_width, self.height

        def draw(self) -> None:
            """Nothing to see."""

    return Block()


def _fitted(box: Any) -> list[Any]:
    """``box`` fitted to an empty page, twice, as rst2pdf lays a book
    out twice: the warning is given once."""
    from reportlab.pdfgen.canvas import Canvas

    from linuxdoc_builders.pdf.tall_boxes import fit_on_empty_page

    canvas = Canvas(io.BytesIO())
    reported: set[str] = set()
    for _ in range(2):
        pieces = fit_on_empty_page(box, canvas, WIDTH, HEIGHT, reported)
        assert pieces[0].wrapOn(canvas, WIDTH, HEIGHT)[1] <= HEIGHT
    assert len(reported) == 1
    return pieces


def test_a_box_that_cannot_be_cut_is_shrunk_to_the_page() -> None:
    """ReportLab cuts the row of such a box into an empty piece and all
    of it again: taken as is, every next page got the whole box back."""
    from reportlab.platypus import KeepInFrame
    from rst2pdf.flowables import DelayedTable

    box = DelayedTable([['', [_block(HEIGHT * 1.5)]]], colWidths=[20, None])
    pieces = _fitted(box)
    assert len(pieces) == 1
    assert isinstance(pieces[0], KeepInFrame)


@pytest.mark.parametrize('text', ['', ' '.join(['word'] * 10)])
def test_only_a_shrunk_text_is_warned_about(
        caplog: pytest.LogCaptureFixture, text: str) -> None:
    """A figure taller than a page (a picture, and an empty caption: the
    kernel's RCU and DRBD figures) is shrunk as LaTeX scales it, said
    with -v only; a box with text in it, a warning."""
    from reportlab.platypus import Paragraph, Table

    figure = Table([[_block(HEIGHT * 1.5)], [Paragraph(text)]])
    with caplog.at_level(logging.DEBUG, logger='sphinx'):
        _fitted(figure)
    levels = [record.levelname for record in caplog.records
              if 'shrunk to fit' in record.getMessage()]
    assert levels == (['WARNING'] if text else ['Level 15'])


def test_a_box_of_paragraphs_is_cut_inside_its_row() -> None:
    from reportlab.platypus import KeepInFrame, Paragraph
    from rst2pdf.flowables import DelayedTable

    text = ' '.join(['word'] * 3000)
    box = DelayedTable([['', [Paragraph(text)]]], colWidths=[20, None])
    pieces = _fitted(box)
    assert len(pieces) == 2
    assert not isinstance(pieces[0], KeepInFrame)


def _lines(count: int) -> list[Any]:
    """One-line paragraphs with space above and below: rst2pdf's count
    of a list item's height merges the space between two of them, its
    table adds both."""
    from reportlab.lib.styles import ParagraphStyle
    from reportlab.platypus import Paragraph

    spaced = ParagraphStyle('spaced', fontSize=10, leading=12,
                            spaceBefore=6, spaceAfter=6)
    return [Paragraph(f'line {n}', spaced) for n in range(count)]


def _item(content: list[Any], bullet: Any = '*') -> Any:
    from reportlab.platypus import TableStyle
    from rst2pdf.flowables import SplitTable

    return SplitTable([[bullet, content]], colWidths=[20, None],
                      style=TableStyle([]))


def test_an_item_rst2pdf_counts_short_is_cut_where_its_table_ends(
        ) -> None:
    """Ten one-line paragraphs, 24 points each in the item's table, 12
    and the merged space by rst2pdf's count: in 200 points rst2pdf saw
    room for all ten and returned nothing."""
    from linuxdoc_builders.pdf.tall_boxes import split_list_item

    pieces = split_list_item(_item(_lines(10)), WIDTH, 200)
    assert len(pieces) == 2
    assert pieces[0].wrap(WIDTH, 200)[1] <= 200
    assert len(pieces[1].data[0][1]) + len(pieces[0]._cellvalues[0][1]) \
        == 10


def test_a_rest_of_spacers_only_is_left_out() -> None:
    """The ten paragraphs fit, the tall spacer after them does not: a
    piece holding the spacer alone would be a table of no width, narrower
    than its own padding, which ReportLab refuses (the kernel's
    userspace-api book lost its PDF over it)."""
    from rst2pdf.flowables import MySpacer

    from linuxdoc_builders.pdf.tall_boxes import split_list_item

    pieces = split_list_item(_item([*_lines(10), MySpacer(0, 30)]),
                             WIDTH, 250)
    assert len(pieces) == 1
    assert pieces[0].wrap(WIDTH, 250)[1] <= 250


def test_rst2pdf_rests_of_spacers_only_are_dropped() -> None:
    """rst2pdf's own split can leave such a rest (its item's closing
    spacer, cut off): ReportLab refuses to lay it out."""
    from rst2pdf.flowables import MySpacer

    from linuxdoc_builders.pdf.tall_boxes import without_empty_rests

    first = _item(_lines(1))
    spacers = _item([MySpacer(0, 6)], bullet='')
    words = _item(_lines(2), bullet='')
    assert without_empty_rests([first, spacers]) == [first]
    assert without_empty_rests([first, words]) == [first, words]
    with pytest.raises(ValueError, match='negative availWidth'):
        spacers.wrap(WIDTH, HEIGHT)
