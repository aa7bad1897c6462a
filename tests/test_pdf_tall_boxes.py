# SPDX-License-Identifier: GPL-2.0-only
"""rst2pdf's one-row boxes taller than a page, given to
:func:`~linuxdoc_builders.pdf.tall_boxes.fit_on_empty_page` on an empty
page: whatever it returns must fit there and move the layout on, or the
same box goes to every next page and the build never ends."""

from __future__ import annotations

import io

import pytest
from reportlab.pdfgen.canvas import Canvas
from reportlab.platypus import KeepInFrame, Paragraph
from reportlab.platypus.flowables import Flowable
from rst2pdf.flowables import DelayedTable

from linuxdoc_builders.pdf.tall_boxes import fit_on_empty_page

pytestmark = pytest.mark.linuxpdf

WIDTH, HEIGHT = 400.0, 600.0


class Block(Flowable):  # type: ignore[misc]
    """A box of a fixed size that never splits, as a figure."""

    def __init__(self, height: float) -> None:
        super().__init__()
        self.height = height

    def wrap(self, avail_width: float, avail_height: float
             ) -> tuple[float, float]:
        return avail_width, self.height

    def draw(self) -> None:
        """Nothing to see."""


def _fitted(box: Flowable) -> list[Flowable]:
    """``box`` fitted to an empty page, twice, as rst2pdf lays a book
    out twice: the warning is given once."""
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
    box = DelayedTable([['', [Block(HEIGHT * 1.5)]]], colWidths=[20, None])
    pieces = _fitted(box)
    assert len(pieces) == 1
    assert isinstance(pieces[0], KeepInFrame)


def test_a_box_of_paragraphs_is_cut_inside_its_row() -> None:
    text = ' '.join(['word'] * 3000)
    box = DelayedTable([['', [Paragraph(text)]]], colWidths=[20, None])
    pieces = _fitted(box)
    assert len(pieces) == 2
    assert not isinstance(pieces[0], KeepInFrame)
