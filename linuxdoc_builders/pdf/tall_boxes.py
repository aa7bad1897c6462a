# SPDX-License-Identifier: GPL-2.0-only
"""rst2pdf's boxes taller than the room they get: list items,
definitions, quotes, fields, option lists.

rst2pdf draws each as a one-row table, which ReportLab cannot split at a
row boundary, having one row; rst2pdf's ``SplitTable`` (a list item or
a definition) splits its content itself, and whatever else is too tall
waits for a page that will never come.  Both ways can go wrong on a
book as big as the kernel's: :func:`split_list_item` and
:func:`fit_on_empty_page` make sure every page takes part of such a box,
so that laying a book out always ends.
"""

from __future__ import annotations

from typing import Any

from docutils import nodes
from reportlab.platypus import KeepInFrame, Paragraph, XPreformatted
from reportlab.platypus.flowables import Flowable
from reportlab.platypus.tables import Table, TableStyle
from rst2pdf.flowables import DelayedTable, SplitTable
from rst2pdf.genelements import HandleListItem
from sphinx.locale import __
from sphinx.util import logging
from sphinx.util.logging import get_node_location

from linuxdoc_builders.pdf.reportlab_private import (
    cell_style,
    cell_values,
    column_positions,
    is_negative_width,
    merged_height,
)
from linuxdoc_builders.pdf.tables import (
    MIN_PIECE_POINTS,
    is_content,
    split_flowables,
)
from linuxdoc_builders.table_messages import lined, shorten

logger = logging.getLogger(__name__)


def split_list_item(item: SplitTable, width: float, height: float,
                    overruled: bool = False) -> list[Flowable]:
    """``item``, a list item or a definition, as what fits in ``width``
    x ``height`` and the rest; no pieces if nothing of it fits.

    For where ``SplitTable`` (a list item or a definition) may be cut,
    rst2pdf adds up its content's heights with the space between two
    flowables merged, as a frame lays them out; but the item's table
    adds both spaces.  An item taller than its room by less than that
    difference is, by rst2pdf's count, not too tall: rst2pdf returns no
    pieces, and in a quote, which rst2pdf cannot split, the item was
    cut only by ReportLab, into an empty piece and all of the item again,
    page after page (the kernel's trace book never ended).  Here the
    content is cut where the item's own table measures it, only there:
    where rst2pdf saw the item was too tall and still returned nothing,
    it had its reasons (a first block that does not split), unless its
    pieces were ``overruled`` (:func:`with_natural_first_piece`).
    """
    if item.wrap(width, height)[1] <= height:
        return []
    style = cell_style(item.t, 0, 1)
    positions = column_positions(item.t)
    room = (positions[2] - positions[1] - style.leftPadding
            - style.rightPadding)
    padding = style.topPadding + style.bottomPadding
    if not overruled and \
            merged_height(item.data[0][1], room) + padding > height:
        # rst2pdf saw it did not fit and gave up for a reason of its
        # own (a first block that cannot be cut): its call
        return []
    try:
        # less a point for rounding, as a table's cells are cut
        head, tail = split_flowables(
            item.data[0][1], room,
            height - padding - 1, shrink=False)
        first = Table([[item.data[0][0], head]], colWidths=item.colWidths,
                      style=item.style)
        fits = first.wrap(width, height)[1] <= height
    except ValueError as error:
        if not is_negative_width(error):
            raise
        fits = False
    if not fits or not any(is_content(flowable) for flowable in head):
        # too narrow for its content, or nothing of it fits: as rst2pdf
        # left it
        return []
    pieces = without_empty_rests([
        first, SplitTable([['', tail]], colWidths=item.colWidths,
                          style=item.style, padding=item.padding)])
    locate(pieces, getattr(item, 'linuxdoc_location', None))
    return pieces


def with_natural_first_piece(item: SplitTable, pieces: list[Flowable],
                             width: float, height: float
                             ) -> list[Flowable] | None:
    """``pieces``, a split of ``item`` into ``width`` x ``height``, with
    the first one as tall as its content; None where that is more than
    ``height``.

    Where a block inside the item splits, rst2pdf counts the content
    above it with the space between two flowables merged, and gives the
    first piece's row the height offered, whatever its content; where it
    leaves the split to ReportLab, ReportLab measures the row's content
    at the column's width, its padding included, and fixes the row's
    height by that.  Either way the first piece held more than its row,
    drawn on past it: off the page's foot (the kernel's chelsio cxgb.rst,
    146 characters past the page's edge) or, in a list item inside
    another, over the next item (userspace-api mseal.rst).  Set at its
    content's height, as the item's table measures it, a piece nested in
    another makes the outer one as tall as it is, where this is checked
    again."""
    if not pieces or not isinstance(pieces[0], Table) \
            or isinstance(pieces[0], DelayedTable):
        # rst2pdf's own boxes measure themselves when laid out
        return pieces
    natural = Table(cell_values(pieces[0]), colWidths=item.colWidths,
                    style=item.style)
    if natural.wrap(width, height)[1] > height:
        return None
    return [natural, *pieces[1:]]


class ListItemHandler(HandleListItem):  # type: ignore[misc]
    """rst2pdf's list item, its content inside its row.

    rst2pdf gives a list item's table a padding of -3 points below (3
    above, ReportLab's default), so that the row is as tall as its
    content: the content, set 3 points below the row's top, hangs 3
    points past its foot.  A list inside an item adds its own 3: six
    levels deep (the kernel's XFS online fsck design), the last line ran
    18 points into the paragraph after the list.  Here the item's table
    has no padding above or below: the same row, its content in it, the
    list 3 points higher than rst2pdf sets it."""

    def gather_elements(self, client: Any, node: nodes.Element,
                        style: Any) -> list[Flowable]:
        elements: list[Flowable] = super().gather_elements(client, node,
                                                           style)
        for element in elements:
            if isinstance(element, DelayedTable):
                element.style = _no_vertical_padding(element.style)
        return elements


def _no_vertical_padding(style: TableStyle) -> TableStyle:
    """``style`` with no padding above or below any cell."""
    commands = [command for command in style.getCommands()
                if command[0] not in ('TOPPADDING', 'BOTTOMPADDING')]
    return TableStyle([*commands,
                       ('TOPPADDING', (0, 0), (-1, -1), 0),
                       ('BOTTOMPADDING', (0, 0), (-1, -1), 0)])


def without_empty_rests(pieces: list[Flowable]) -> list[Flowable]:
    """``pieces`` of a list item without a rest that holds spacers only.

    rst2pdf's own split leaves one when the last block that fits is
    followed by the item's closing spacer: a table of no width (its
    column is as wide as its content), which ReportLab refuses when it
    lays it out, narrower than its padding; the whole PDF was lost
    (the kernel's userspace-api book, once linuxpdf cut list items in
    other places than rst2pdf)."""
    return [piece for index, piece in enumerate(pieces)
            if index == 0 or not isinstance(piece, SplitTable)
            or any(is_content(flowable) for flowable in _content(piece))]


def _content(item: SplitTable) -> list[Any]:
    content = item.data[0][1]
    return content if isinstance(content, list) else [content]


def fit_on_empty_page(flowable: Flowable, canvas: Any, width: float,
                      height: float, reported: set[str]) -> list[Flowable]:
    """``flowable`` as flowables that an empty page can take, for one
    that neither fits there nor splits.

    rst2pdf puts such a flowable back on the next page and the next, till
    ReportLab gives up ("More than 10 pages generated without content"):
    no PDF at all.  This happens with rst2pdf's own boxes, one-row tables
    (an option list's entry, a field) whose content is taller than a
    page.  Such a table is split inside its row, as ReportLab can; any
    other flowable, or a table whose split would not move on (an empty
    first piece: then the same box would go to every next page, none
    ever the last), is shrunk to the page.  A shrunk text is a warning;
    a split, or a shrunk picture, is said only with ``-v`` (nothing is
    lost, and LaTeX does the same without a word); once for all of
    ``reported`` (rst2pdf lays a book out twice, for its contents
    page).
    """
    _width, tall = flowable.wrapOn(canvas, width, height)
    if tall <= height or flowable.splitOn(canvas, width, height):
        return [flowable]
    table = getattr(flowable, 't', None)
    if isinstance(table, Table):
        table.splitInRow = 1
        pieces: list[Flowable] = table.split(width, height)
        if _progresses(pieces, canvas, width, height, tall):
            _report(flowable, pieces, reported,
                    __('a box taller than a page is split inside its row: '
                       '"%s"'), lossless=True)
            return pieces
    shrunk = KeepInFrame(width, height, [flowable], mode='shrink')
    _report(flowable, [shrunk], reported,
            __('a block taller than a page is shrunk to fit it: "%s"'),
            lossless=not _plain_text(flowable).strip())
    return [shrunk]


def place(node: nodes.Node) -> str | None:
    """``node``'s file and line, or its first descendant's line where it
    has none (an option list: docutils gives its items lines)."""
    return get_node_location(lined(node))


def locate(flowables: list[Any], location: str | None) -> None:
    """Note ``location`` on each of ``flowables`` that has no place in
    the sources yet: rst2pdf's flowables know none, and a box taller
    than a page is reported there.  The flowables made for a node get
    its :func:`place`; the pieces a flowable splits into, its own."""
    if location is None:
        return
    for flowable in flowables:
        if isinstance(flowable, Flowable) \
                and not hasattr(flowable, 'linuxdoc_location'):
            flowable.linuxdoc_location = location


def _report(flowable: Flowable, pieces: list[Flowable], reported: set[str],
            message: str, *, lossless: bool) -> None:
    """Say ``message`` about ``flowable`` at its place, unless it is in
    ``reported``: a warning, or, when the change is ``lossless`` (LaTeX
    breaks a tall box and scales a picture without a word), only with
    ``-v``.  Its ``pieces`` keep the place, as they may be too tall in
    turn."""
    location = getattr(flowable, 'linuxdoc_location', None) or None
    text = shorten(_plain_text(flowable))
    key = f'{location}:{message}:{text}'
    if key not in reported:
        reported.add(key)
        if lossless:
            logger.verbose(message, text, location=location)
        else:
            logger.warning(message, text, location=location,
                           type='linuxdoc', subtype='pdf')
    locate(pieces, location)


def _progresses(pieces: list[Flowable], canvas: Any, width: float,
                height: float, tall: float) -> bool:
    """Whether ``pieces`` of a box ``tall`` points high move the layout
    on: a first piece with a line of content that fits in ``height``,
    and the rest less tall than the whole."""
    if len(pieces) < 2:
        return False
    first: float = pieces[0].wrapOn(canvas, width, height)[1]
    rest: float = sum(piece.wrapOn(canvas, width, height)[1]
                      for piece in pieces[1:])
    return MIN_PIECE_POINTS <= first <= height and rest < tall


def _plain_text(flowable: Any) -> str:
    """The text of a flowable, of its table cells or content, so that a
    message can quote it (rst2pdf's flowables know no source line)."""
    if isinstance(flowable, list | tuple):
        return ' '.join(_plain_text(item) for item in flowable)
    if isinstance(flowable, Paragraph):
        return str(flowable.getPlainText())
    if isinstance(flowable, XPreformatted):
        return ''.join(fragment.text for fragment in flowable.frags)
    for part in ('data', '_cellvalues', 'content'):
        if isinstance(getattr(flowable, part, None), list):
            return _plain_text(getattr(flowable, part))
    return ''
