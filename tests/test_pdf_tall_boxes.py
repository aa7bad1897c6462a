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
from pathlib import Path
from typing import Any

import pytest
from tools import sphinx_build

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


def test_a_split_leaves_the_item_as_tall_as_before() -> None:
    """rst2pdf offers the flowable of a definition that does not fit the
    height the item has left, less than nothing after a paragraph that
    fills it: its spacer kept that negative height, and the next layout
    pass drew the table after the paragraph over it (the kernel's
    hdio.rst).  Split at a page's foot, then measured again on an empty
    page, the item is as tall as before, each spacer as tall as made."""
    from rst2pdf.flowables import MySpacer

    from linuxdoc_builders.pdf.seams import linuxpdf_write

    spacers = [MySpacer(0, 8), MySpacer(0, 8)]
    item = _item([*_lines(1), spacers[0], _block(72), spacers[1],
                  *_lines(1)], bullet='')
    with linuxpdf_write([], {}):
        tall = item.wrap(WIDTH, HEIGHT)[1]
        for room in (5, 12, 20, 30, 90):
            item.split(WIDTH, room)
            assert item.wrap(WIDTH, HEIGHT)[1] == tall, room
            assert [spacer.wrap(WIDTH, HEIGHT)[1] for spacer in spacers] \
                == [8, 8], room
        assert spacers[0].wrap(WIDTH, -7)[1] == 0


def _linuxpdf(tmp_path: Path, index: str) -> Path:
    """The PDF linuxpdf writes of a project of one document, ``index``."""
    src = tmp_path / 'src'
    src.mkdir()
    (src / 'conf.py').write_text(
        "extensions = ['linuxdoc_builders']\n"
        "pdf_documents = [('index', 'book', 'Book', 'me')]\n")
    (src / 'index.rst').write_text(index)
    result = sphinx_build('-b', 'linuxpdf', src, tmp_path / 'out',
                          cwd=tmp_path)
    assert result.returncode == 0, result.stderr
    return tmp_path / 'out' / 'book.pdf'


#: A bullet item of commands, each under a line saying what it does,
#: then a definition whose text and code go on past it, as the kernel's
#: chelsio cxgb.rst tunes a network card.
COMMANDS_ITEM = '\n'.join(
    ['* Item of case {case}', '']
    + [line for n in range(15) for line in (
        f'  Setting number {n} of case {{case}}::', '',
        f'      sysctl -w net.example.setting_{n}=1024000', '')]
    + ['  Window size for one connection:', '',
       '   The receive buffer must be at least as large as the product of',
       '   bandwidth and delay of the link between sender and receiver;',
       '   twice that where the round trip time varies.', '',
       '   At ten gigabits, this formula::', '',
       '       RX_WINDOW >= 1.25MBytes * RTT(in milliseconds)',
       '       Example: RX_WINDOW = (1,250,000 * 0.1) = 125,000', '',
       '   Sizes of 256KB to 512KB should do.', '',
       '   Setting the receive buffer sizes::', '',
       '       sysctl -w net.ipv4.tcp_rmem="<min> <default> <max>"', '',
       '  END OF CASE {case}', ''])


#: Definitions holding lists in lists, as the kernel's mseal.rst lists
#: a system call's arguments and errors.
NESTED_ITEMS = '''Item of case {case}
   ``int call(void *addr, size_t len, unsigned long flags)``

   **addr**/**len**: a range of memory.
      The range set by **addr**/**len** must meet:
         - The start address must be in an allocated area.
         - The start address must be aligned to a page.
         - The end address (**addr** + **len**) must be in an area.
         - no gap (memory not allocated) between start and end.

      The ``len`` is aligned to a page by the kernel.

   **flags**: reserved for later use.

   **Return values**:
      - **0**: Success.
      - **-EINVAL**:
         * Flags not known in ``flags``.
         * The start address (``addr``) is not aligned to a page.
         * The range (``addr`` + ``len``) overflows.
      - **-ENOMEM**:
         * The start address (``addr``) is not allocated.
         * The end address (``addr`` + ``len``) is not allocated.
         * A gap (memory not allocated) between start and end.
      - **-EPERM**:
         * this works on 64-bit CPUs only.

   **Note about errors**:
      - For the errors above, the range is left as it was.
      - There might be other errors not listed here.

END OF CASE {case}
'''


@pytest.mark.parametrize(('item', 'phrase'), [
    (COMMANDS_ITEM, 'Sizes of 256KB to 512KB should do.'),
    (NESTED_ITEMS, 'The range (addr + len) overflows.')])
def test_a_long_list_item_at_a_page_foot_stays_on_its_pages(
        tmp_path: Path, item: str, phrase: str) -> None:
    """The item after 0 to 51 lines of text, each case on a page of its
    own.  Where a block inside the item split, rst2pdf gave the item's
    first piece the height left on the page whatever its content, and
    ReportLab's own split of the item's row measured its content at the
    column's width, padding included: 7 of the 52 cases of commands drew
    their last lines past the page's foot, over the page number and off
    the page; the nested lists of another drew an item's last lines
    under the next item."""
    import pymupdf
    from pdf_visible import hidden_text

    cases = [f'.. raw:: pdf\n\n   PageBreak\n\nCase {n}\n--------\n\n'
             + ''.join(f'Filler line {k} of case {n}.\n\n' for k in range(n))
             + item.format(case=n) for n in range(52)]
    pdf = _linuxpdf(tmp_path, 'Foot\n====\n\n' + '\n'.join(cases))
    assert hidden_text(pdf) == []
    with pymupdf.open(pdf) as document:
        text = ' '.join(page.get_text() for page in document)
    for case in range(52):
        assert text.count(f'Item of case {case}\n') == 1, case
        assert text.count(f'END OF CASE {case}\n') == 1, case
    assert text.count(phrase) == 52


#: Lists six levels deep, the last item of the deepest two lines long,
#: then a paragraph: as the kernel's XFS online fsck design lists what
#: its fuzz tests do.
DEEP_LISTS = '''Deep lists
==========

* For each object on the filesystem...

  * For each record inside that object...

    * For each field inside that record...

      * For each kind of change to a field...

        1. Clear all bits
        2. Set all bits

        * ...test the reactions of:

          1. The verifiers
          2. Both repair tools, the online one first and then the
             offline one where the online one did not succeed, which
             takes more than one line

AFTER THE LISTS.
'''


def test_a_list_nested_six_deep_ends_above_the_next_paragraph(
        tmp_path: Path) -> None:
    """rst2pdf sets each list item 3 points lower than its row, one row
    in another: the deepest item's last line ran 18 points into the
    paragraph after the lists."""
    import pymupdf
    from pdf_visible import hidden_text

    pdf = _linuxpdf(tmp_path, DEEP_LISTS)
    assert hidden_text(pdf) == []
    with pymupdf.open(pdf) as document:
        page = next(p for p in document if 'AFTER THE LISTS.' in p.get_text())
        last = page.search_for('takes more than one line')[0]
        after = page.search_for('AFTER THE LISTS.')[0]
    assert last.y1 <= after.y0
