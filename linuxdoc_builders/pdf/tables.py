# SPDX-License-Identifier: GPL-2.0-only
"""Tables in ``linuxpdf``: rst2pdf's table handler, replaced by one that
takes every cell's place from the table grid.

rst2pdf's own handler counts columns itself, never reads ``stub``, paints
its zebra stripes row by row through merged cells, repeats at most the
first header row, and gives up on a row span taller than a page (no PDF
at all).  Here:

* geometry comes from :class:`~linuxdoc_builders.tablegrid.TableGrid`, as
  in the HTML and LaTeX writers, and its repairs are warned about at the
  table's file and line;
* header cells take the stylesheet's ``table-heading`` style, stub cells
  ``table-stub`` (which linuxpdf's stylesheet adds), the rest
  ``table-body``;
* a cell's text is as far from its top border as from its bottom one:
  ReportLab sets a paragraph's first baseline a font size below its
  top and its last a leading above its bottom, so with equal paddings
  text sits low in its cell (a header cell's descenders on its bottom
  border); the paddings are chosen per row kind (:func:`even_padding`),
  and a list at the top or bottom of a cell is set as close to the
  border as a paragraph (:mod:`~linuxdoc_builders.pdf.cell_edges`);
* the ``table`` style's ``ROWBACKGROUNDS`` are painted per band of rows
  (rows joined by a row span are one band), so a merged cell has one
  background;
* a table is split between pages by this module, not by ReportLab: every
  part begins with all header rows, and a row span is never cut while a
  page can hold it;
* a table that cannot be laid out that way even on an empty page (a row
  span or a cell taller than the page) is cut at the page anyway: cell
  content is split where it must be, a span that goes on below the cut
  continues with a "(continued)" marker, and a warning names the table's
  file and line.  The build never fails on a table.
"""

from __future__ import annotations

import bisect
import contextlib
import copy
import dataclasses
import itertools
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any
from xml.sax.saxutils import escape

from docutils import nodes
from reportlab.pdfbase.pdfmetrics import getAscentDescent, stringWidth
from reportlab.platypus import (
    KeepInFrame,
    Paragraph,
    Spacer,
    TableStyle,
    XPreformatted,
)
from reportlab.platypus.tables import Table
from rst2pdf.basenodehandler import NodeHandler
from rst2pdf.flowables import BoundByWidth, DelayedTable, XXPreformatted
from rst2pdf.styles import adjustUnits
from sphinx.locale import __
from sphinx.util import logging

from linuxdoc_builders.column_groups import (
    GROUP_OF,
    group_tgroup,
    groups_by_width,
)
from linuxdoc_builders.pdf.cell_edges import edges_evened, list_item_boxes
from linuxdoc_builders.pdf.columns import (
    column_widths,
    content_widths,
    smallest_text,
)
from linuxdoc_builders.pdf.reportlab_private import (
    at_frame_top,
    cell_style,
    cell_values,
    column_positions,
    empty_frame_height,
    forget_lines,
    frame_of,
    is_negative_width,
    row_heights,
)
from linuxdoc_builders.table_messages import shorten
from linuxdoc_builders.table_nodes import in_a_cell
from linuxdoc_builders.transforms import repair
from linuxdoc_builders.widths import WARN_BELOW_SCALE

if TYPE_CHECKING:
    from collections.abc import Iterator, Sequence

    from reportlab.lib.styles import ParagraphStyle
    from reportlab.platypus.flowables import Flowable

    from linuxdoc_builders.table_nodes import PlacedTGroup

logger = logging.getLogger(__name__)

#: The narrowest column, in points: the cell padding and two characters.
#: A table whose narrowest column would be narrower (a table nested in a
#: narrow cell) is laid out that wide and scaled down to fit, where
#: ReportLab would give up on negative widths.
MIN_COLUMN_POINTS = 24.0

#: No table is scaled down below this share of its size, as in
#: linuxlatex: narrower, it would not be read.  One too wide for the page
#: even so has its columns narrower than their words, which then break
#: between any two characters (:mod:`~linuxdoc_builders.pdf.words`).
MIN_TABLE_SCALE = 0.5

#: The least height of a row, in points.  A row in which only merged
#: cells begin (``cell2-3`` below ``cell1-3``, beside ``cell1-5`` that
#: ends there) is measured 0 high; ReportLab keeps where spans block its
#: rules by height on the page, and two row boundaries at one height
#: then blocked each other's rules: two cells read as one.
MIN_ROW_POINTS = 2.0

#: The least room, in points, in which a table that must be cut through
#: a row span anyway begins on the current page instead of the next.
MIN_CUT_ROOM = 72.0

#: The least height, in points, worth putting part of a cell's content
#: in: about a line.
MIN_PIECE_POINTS = 12.0

#: Code in a cell is shrunk to the cell's width down to this scale; lines
#: too long for it are wrapped instead, so code stays readable.
MIN_CODE_SCALE = 0.7

#: Header rows repeat on every page of a table only while they take at
#: most this share of a page: a body row that does not fit under them
#: would otherwise start page after page.
HEADER_SHARE = 0.5

#: How often a table is laid out 1.5 times wider when content nested in
#: a narrow column would get a negative width (ReportLab fails the PDF).
WIDEN_ATTEMPTS = 8

#: The rows of a table measured at a time (more when a row span goes on).
MEASURE_ROWS = 32

#: The top and bottom padding of a cell together, in points: ReportLab's
#: three points each.
CELL_PADDING_POINTS = 6.0

#: What begins the continuation of a wrapped code line.
CODE_CONTINUATION = '\N{RIGHT-POINTING DOUBLE ANGLE QUOTATION MARK} '


@dataclass(slots=True)
class PDFCell:
    """One cell of a PDF table: its place, its look and its flowables."""

    row: int
    col: int
    rowspan: int
    colspan: int
    #: ``'head'``, ``'stub'`` or ``'body'``: which stylesheet entry.
    kind: str
    content: list[Flowable]
    #: The cell's text, for a "(continued)" marker.
    text: str

    @property
    def last_row(self) -> int:
        return self.row + self.rowspan - 1


@dataclass
class TableLook:
    """What the stylesheet says about one table, whatever rows it has."""

    #: The ``table`` style's commands other than ``ROWBACKGROUNDS``.
    commands: list[tuple[Any, ...]]
    #: The ``ROWBACKGROUNDS`` commands, painted per band instead.
    stripes: list[tuple[Any, ...]]
    #: ``tstyleHead``: the header rows' commands for a number of rows.
    heading: Any
    stub_background: Any
    styles: dict[str, ParagraphStyle]
    h_align: str
    repeat_header_rows: bool
    #: The whole table's header rows: body band N takes stripe colour
    #: N + this, as rst2pdf's row stripes would, in every part.
    stripe_offset: int
    #: The table node, for warnings.
    location: nodes.Element
    #: Top and bottom padding of header and body cells (``'head'``,
    #: ``'body'``) that set their text evenly; none when the stylesheet
    #: gives paddings of its own.
    paddings: dict[str, tuple[float, float]] = dataclasses.field(
        default_factory=dict)
    #: The width, in points, the table is laid out at when its columns
    #: need more than the frame: it is scaled down to the frame.
    needed_width: float = 0.0
    #: Whether the table was reported as too tall for a page.
    warned: bool = False
    #: How many header rows begin every part, once decided (the header
    #: rows that fit in :data:`HEADER_SHARE` of a page).
    repeat_rows: int | None = None
    #: Whether they begin the later parts shortened to a line per cell:
    #: whole, they take more than :data:`HEADER_SHARE` of a page.
    short_header: bool = False
    #: Whether the table was reported as laid out wider for content
    #: nested in a narrow column.
    widened: bool = False
    #: The smallest share of its size the table is scaled down to: its
    #: smallest text (a subscript) at :data:`MIN_TABLE_SCALE` of the
    #: body's size (:func:`least_scale`).
    least_scale: float = MIN_TABLE_SCALE
    #: How many more parts the table may be split into: a guard that
    #: turns a layout that makes no progress into an error.
    parts_left: int | None = None


@dataclass
class TableLayout:
    """Rows of placed cells, as many as one PDF table part holds.

    Parts of a table split between pages are layouts of their own; each
    keeps its rows' band numbers from the whole table, so the stripes
    go on where they left off.
    """

    cells: list[PDFCell]
    n_rows: int
    n_cols: int
    header_rows: int
    #: Per row: its band among the body rows; ``None`` for header rows.
    bands: list[int | None]
    #: Column widths as rst2pdf's percentages of the frame width.
    widths: list[str]
    look: TableLook

    def header(self) -> list[PDFCell]:
        return [c for c in self.cells if c.row < self.header_rows]

    def cut(self, at: int, split: dict[int, tuple[list[Flowable],
                                                   list[Flowable]]]
            ) -> tuple[TableLayout, TableLayout]:
        """Split into the rows above ``at`` and the rows from ``at`` on,
        the repeated header rows (:attr:`TableLook.repeat_rows`) first.

        A cell that spans the cut ends above it and goes on below it with
        its remaining rows and a "(continued)" marker.  ``split`` gives,
        by the cell's ``id``, the content above and the content below the
        cut for cells whose content does not all fit above; an empty
        content below means the cell is complete above and its rows
        below stay empty.
        """
        top = min(self.look.repeat_rows or 0, self.header_rows)
        header = [c for c in self.cells if c.row < top]
        if self.look.short_header:
            header = [dataclasses.replace(c, content=[_shortened(c,
                                                                 self.look)])
                      for c in header]
        above = self.header()
        below: list[PDFCell] = []
        shift = at - top
        for cell in self.cells:
            if cell.row < self.header_rows:
                continue
            if cell.row >= at:
                below.append(dataclasses.replace(cell, row=cell.row - shift))
                continue
            if cell.last_row < at:
                above.append(cell)
                continue
            head, tail = split.get(id(cell), (cell.content, None))
            above.append(dataclasses.replace(cell, rowspan=at - cell.row,
                                             content=head))
            below.append(dataclasses.replace(
                cell, row=top, rowspan=cell.last_row - at + 1,
                content=[] if tail == [] else [_marker(cell, self.look),
                                               *(tail or [])]))
        return (self.part(above, at, self.header_rows, self.bands[:at]),
                self.part(header + below, self.n_rows - shift, top,
                          self.bands[:top] + self.bands[at:]))

    def part(self, cells: list[PDFCell], n_rows: int, header_rows: int,
              bands: list[int | None]) -> TableLayout:
        """This table's look and widths with other cells and rows."""
        return dataclasses.replace(self, cells=cells, n_rows=n_rows,
                                   header_rows=header_rows, bands=bands)

    def table_style(self) -> TableStyle:
        """The ReportLab style of this part: spans, the stylesheet's
        commands, band stripes, header and stub backgrounds."""
        look = self.look
        style = TableStyle([
            ('SPAN', (c.col, c.row), (c.col + c.colspan - 1, c.last_row))
            for c in self.cells if c.rowspan > 1 or c.colspan > 1])
        for kind, (first, last) in (('body', (0, self.n_rows - 1)),
                                    ('head', (0, self.header_rows - 1))):
            if kind in look.paddings and last >= first:
                top, bottom = look.paddings[kind]
                style.add('TOPPADDING', (0, first), (-1, last), top)
                style.add('BOTTOMPADDING', (0, first), (-1, last), bottom)
        for command in look.commands:
            style.add(*command)
        for _name, start, stop, colours, *_ in look.stripes:
            for y, band in enumerate(self.bands):
                # header rows all take the first colour (the heading's
                # background covers them unless a stylesheet drops it)
                index = 0 if band is None else look.stripe_offset + band
                style.add('BACKGROUND', (start[0], y), (stop[0], y),
                          colours[index % len(colours)])
        if self.header_rows:
            for command in look.heading(self.header_rows):
                style.add(*command)
        if look.stub_background is not None:
            for cell in self.cells:
                if cell.kind == 'stub':
                    style.add('BACKGROUND', (cell.col, cell.row),
                              (cell.col + cell.colspan - 1, cell.last_row),
                              look.stub_background)
        return style

    def data(self) -> list[list[list[Flowable] | str]]:
        rows: list[list[list[Flowable] | str]] = [
            [''] * self.n_cols for _ in range(self.n_rows)]
        for cell in self.cells:
            rows[cell.row][cell.col] = cell.content
        return rows


class TableRows:
    """A whole table's rows, indexed once and measured once per width.

    Parts of a table split between pages take their rows from here as
    the page needs them (:meth:`GridTable._pull`), so a page costs the
    rows it shows, not the rows that remain: layout time is linear in
    the number of rows.  Rows are measured in runs of whole bands
    (:data:`MEASURE_ROWS` or more, never cutting a row span), each row
    once for each width the table is laid out at.
    """

    def __init__(self, layout: TableLayout) -> None:
        self.layout = layout
        self.starting: list[list[PDFCell]] = [[] for _ in
                                              range(layout.n_rows)]
        reach = list(range(layout.n_rows))
        for cell in layout.cells:
            self.starting[cell.row].append(cell)
            reach[cell.row] = max(reach[cell.row], cell.last_row)
        #: Rows a run of rows may begin with (no cell covers the row
        #: above and this one), and the number of rows.
        self.free: list[int] = []
        end = -1
        for y in range(layout.n_rows):
            if y > max(end, 0):
                self.free.append(y)
            end = max(end, reach[y])
        self.free.append(layout.n_rows)
        self._tops: dict[float, list[float]] = {}

    def next_free(self, y: int) -> int:
        """The first row after ``y`` that a run of rows may begin with
        (or the number of rows)."""
        index = bisect.bisect_right(self.free, y)
        return self.free[min(index, len(self.free) - 1)]

    def height_from(self, y: int) -> float:
        """The height of the rows from ``y`` on, as first measured."""
        tops = next(iter(self._tops.values()), None)
        return tops[-1] - tops[y] if tops else 0.0

    def window(self, first: int, stop: int, to: int) -> list[PDFCell]:
        """The cells that begin in rows ``first`` to ``stop - 1``, moved
        so that row ``first`` is row ``to``."""
        shift = to - first
        return [dataclasses.replace(cell, row=cell.row + shift)
                for y in range(first, stop) for cell in self.starting[y]]

    def tops(self, width: float, page: float) -> list[float]:
        """Where each row begins at ``width`` (and where the table ends),
        measuring the rows at the first call for this width."""
        tops = self._tops.get(width)
        if tops is None:
            heights: list[float] = []
            first = 0
            while first < self.layout.n_rows:
                stop = self.next_free(first + MEASURE_ROWS - 1)
                heights += self._measure(first, stop, width, page)
                first = stop
            tops = self._tops[width] = _tops(heights)
        return tops

    def _measure(self, first: int, stop: int, width: float,
                 page: float) -> list[float]:
        layout = self.layout
        header_rows = max(layout.header_rows - first, 0)
        part = layout.part(self.window(first, stop, 0), stop - first,
                           header_rows, layout.bands[first:stop])
        data = part.data()
        table = Table(data, colWidths=[adjustUnits(w, total=width)
                                       for w in layout.widths],
                      style=part.table_style())
        _limit_heights(table, data, page)
        table.wrap(width, float('inf'))
        return [max(h or 0.0, MIN_ROW_POINTS) for h in row_heights(table)]


def _limit_heights(table: Table, data: list[list[list[Flowable] | str]],
                   page: float) -> None:
    """Tell the cells' flowables that can shrink to a page (rst2pdf's
    images) how tall a page is, as rst2pdf's tables do."""
    for y, row in enumerate(data):
        for x, value in enumerate(row):
            for flowable in value if isinstance(value, list) else [value]:
                if hasattr(flowable, 'max_page_height'):
                    style = cell_style(table, y, x)
                    flowable.max_page_height = max(
                        page - style.topPadding - style.bottomPadding - 1,
                        MIN_PIECE_POINTS)


class GridTable(DelayedTable):  # type: ignore[misc]
    """A table (or the part of one) that splits itself between pages.

    ReportLab's own splitting keeps row spans whole but gives up when one
    is taller than a page; it is not used.  A part holds the rows it has
    laid out (:attr:`layout`) and takes further rows from the whole
    table (:attr:`rows`, from :attr:`start` on) only as a page needs
    them.  Every split returns :class:`GridTable` parts; the later ones
    (:attr:`continuation`) begin with the repeated header rows and are
    only ever placed at the top of a page, so header rows are drawn once
    per page.
    """

    def __init__(self, layout: TableLayout,
                 heights: Sequence[float | None] | None = None,
                 rows: TableRows | None = None, start: int = 0,
                 continuation: bool = False) -> None:
        super().__init__([], layout.widths)
        self.layout = layout
        self.hAlign = layout.look.h_align
        self.scale = 1.0
        #: Row heights of :attr:`layout` already measured (``None``:
        #: measure), so no row is measured twice.
        self.known_heights: list[float | None] = (
            list(heights) if heights is not None
            else [None] * layout.n_rows)
        self.rows = rows
        self.start = start if rows is not None else 0
        self.continuation = continuation
        self._size: dict[tuple[float, float], tuple[float, float]] = {}

    def column_needs(self) -> tuple[float, float, float]:
        """What this table asks of a cell it is nested in: the longest
        pieces, longest words and longest lines of its columns, side by
        side (:func:`~linuxdoc_builders.pdf.columns.column_widths`)."""
        # the whole table's rows: a part pulls them as it is laid out
        layout = self.rows.layout if self.rows is not None else self.layout
        needs = content_widths(layout.n_cols, [
            (c.col, c.colspan, c.content) for c in layout.cells])
        return sum(needs[0]), sum(needs[1]), sum(needs[2])

    def forget_lines(self) -> None:
        """Once the table is drawn, drop what laying it out left on
        its cells' content (:func:`forget_drawn`: the lines of their
        paragraphs, those of lists and tables nested in them too), and
        the sizes it was laid out at, so that it is laid out again, its
        cells wrapped again, in the next pass."""
        self._size = {}
        layouts = [self.layout, *([self.rows.layout] if self.rows else [])]
        for layout in layouts:
            for cell in layout.cells:
                for flowable in cell.content:
                    forget_drawn(flowable)

    def _rest(self) -> int:
        """The rows of the whole table not laid out in this part yet."""
        return 0 if self.rows is None else (
            self.rows.layout.n_rows - self.start)

    def wrap(self, avail_width: float, avail_height: float
             ) -> tuple[float, float]:
        """Lay the table out for this space, once per space: a frame
        wraps a flowable and then asks it to split in the same space."""
        if (avail_width, avail_height) in self._size:
            return self._size[avail_width, avail_height]
        look = self.layout.look
        for attempt in range(WIDEN_ATTEMPTS):
            narrowest = min(float(w.rstrip('%'))
                            for w in self.layout.widths)
            needed = max(MIN_COLUMN_POINTS * 100 / narrowest,
                         look.needed_width)
            # no table below half its size, unless content nested in it
            # got a negative width even so (widened below)
            if not look.widened:
                needed = min(needed, avail_width / look.least_scale)
            self.scale = min(1.0, avail_width / needed)
            try:
                size = self._wrap_scaled(avail_width / self.scale,
                                         avail_height / self.scale)
                break
            except ValueError as error:
                # content nested deeper than its column allows (lists in
                # a narrow cell): lay the table out wider, scaled down
                if (not is_negative_width(error)
                        or attempt == WIDEN_ATTEMPTS - 1):
                    raise
                look.needed_width = max(needed, avail_width) * 1.5
                if not look.widened:
                    look.widened = True
                    logger.warning(
                        __('content nested in a narrow column of this '
                           'table needs more width: the table is laid out '
                           'wider and scaled down'),
                        location=look.location, type='linuxdoc',
                        subtype='pdf')
        self._size = {(avail_width, avail_height): size}
        return size

    def _wrap_scaled(self, width: float, height: float
                     ) -> tuple[float, float]:
        """The size of this part laid out at ``width`` (in the table's
        scale), rows pulled from the whole table as ``height`` needs."""
        rest = 0.0
        if self.rows is not None:
            tops = self.rows.tops(width, self._page(height))
            self._pull(tops, height)
            rest = tops[-1] - tops[self.start]
        width, laid = self._lay_out(width, height)
        return width * self.scale, (laid + rest) * self.scale

    def _page(self, height: float) -> float:
        """The height of an empty page in this part's scale."""
        frame = frame_of(self)
        if frame is None:
            return height
        return empty_frame_height(frame) / self.scale

    def _pull(self, tops: list[float], height: float) -> None:
        """Lay out enough further rows of the whole table to fill
        ``height``, and one band more (a split looks at it)."""
        rows = self.rows
        assert rows is not None
        have = sum(h for h in self.known_heights if h is not None)
        stop = self.start
        while stop < rows.layout.n_rows and have <= height:
            stop = rows.next_free(stop)
            have = tops[stop] - tops[self.start] + sum(
                h for h in self.known_heights if h is not None)
        if stop < rows.layout.n_rows:
            stop = rows.next_free(stop)
        if stop == self.start:
            return
        layout = self.layout
        self.layout = layout.part(
            layout.cells + rows.window(self.start, stop, layout.n_rows),
            layout.n_rows + stop - self.start, layout.header_rows,
            layout.bands + rows.layout.bands[self.start:stop])
        self.known_heights += [tops[y + 1] - tops[y]
                               for y in range(self.start, stop)]
        self.start = stop
        if stop == rows.layout.n_rows:
            self.rows = None

    def _lay_out(self, width: float, height: float) -> tuple[float, float]:
        """rst2pdf's DelayedTable layout (percentages of ``width``), with
        the row heights already known."""
        self.data = self.layout.data()
        self.style = self.layout.table_style()
        self.colWidths = [adjustUnits(w, total=width) for w in self._colWidths]
        self.t = Table(self.data, colWidths=self.colWidths,
                       rowHeights=self.known_heights, style=self.style)
        _limit_heights(self.t, self.data, self._page(height))
        self.t.hAlign = self.hAlign
        size: tuple[float, float] = self.t.wrap(width, height)
        return size

    def drawOn(self, canvas: Any, x: float, y: float,  # noqa: N802
               _sW: float = 0) -> None:  # noqa: N803 (ReportLab's names)
        if self.scale == 1.0:
            super().drawOn(canvas, x, y, _sW)
            return
        canvas.saveState()
        canvas.translate(x, y)
        canvas.scale(self.scale, self.scale)
        super().drawOn(canvas, 0, 0, _sW / self.scale)
        canvas.restoreState()

    def split(self, avail_width: float, avail_height: float
              ) -> list[Flowable]:
        self.wrap(avail_width, avail_height)
        avail_height /= self.scale
        frame = frame_of(self)
        if (self.continuation and frame is not None
                and not at_frame_top(frame)):
            # the page already has this table's header rows
            return []
        heights = self._heights()
        tops = _tops(heights)
        layout = self.layout
        if tops[-1] <= avail_height and self.rows is None:
            return [self]
        self._repeat_rows(heights, self._page(avail_height))
        at = None
        for y in _free_boundaries(layout):
            if tops[y] > avail_height:
                break
            at = y
        if at is not None:
            if self._band_fits_no_page(tops, at, avail_height):
                return self._force(avail_width, avail_height * self.scale)
            above, below = layout.cut(at, {})
            measured = [None if h == float('inf') else h for h in heights]
            top = below.header_rows
            # shortened header rows are measured again
            repeated: list[float | None] = (
                [None] * top if layout.look.short_header else measured[:top])
            return self._parts(GridTable(above, measured[:at]), below,
                               repeated + measured[at:])
        if self._must_cut(tops, avail_height):
            return self._force(avail_width, avail_height * self.scale)
        # the next page has room for the first rows (ReportLab asks again
        # there, and that part is at the top of its frame)
        return []

    def _parts(self, above: GridTable, below: TableLayout,
               heights: list[float | None]) -> list[Flowable]:
        """``above`` and the rest, a continuation, unless the table has
        been split more often than it could need (a layout that makes no
        progress): then the rest is left out, with an error that names
        the table, rather than pages being started without end."""
        look = self.layout.look
        if not self.continuation or look.parts_left is None:
            total = sum(h for h in self.known_heights if h is not None)
            if self.rows is not None:
                total += self.rows.height_from(self.start)
            look.parts_left = (self.layout.n_rows + self._rest()
                               + int(total / MIN_PIECE_POINTS) + 16)
        look.parts_left -= 1
        if look.parts_left < 0:
            logger.error(
                __('this table cannot be laid out on pages: its rows from '
                   '"%s" on are left out of the PDF'),
                shorten(' '.join(c.text for c in below.cells
                                 if c.row >= below.header_rows)),
                location=look.location, type='linuxdoc', subtype='pdf')
            return [above]
        return [above, GridTable(below, heights, self.rows, self.start,
                                 continuation=True)]

    def _repeat_rows(self, heights: list[float], page: float) -> None:
        """Decide, once per table, how many header rows begin every part:
        all of them if asked, unless they take more than
        :data:`HEADER_SHARE` of a page; then as many as fit there (not
        cutting a header cell's row span), and a warning (a body row
        that does not fit under the header rows would otherwise start
        page after page)."""
        look = self.layout.look
        if look.repeat_rows is not None:
            return
        wanted = self.layout.header_rows if look.repeat_header_rows else 0
        tops = _tops(heights[:wanted])
        repeat = min(bisect.bisect_right(tops, page * HEADER_SHARE) - 1,
                     wanted)
        # never inside a header cell's row span
        while repeat > 0 and any(c.row < repeat <= c.last_row
                                 for c in self.layout.header()):
            repeat -= 1
        look.repeat_rows = repeat
        if repeat < wanted and wanted * _line_row(look) <= page * \
                HEADER_SHARE:
            # a line per cell fits: repeated shortened, not dropped
            look.repeat_rows = wanted
            look.short_header = True
            logger.verbose(
                __('the header rows of this table take more than half a '
                   'page: they repeat on the pages it continues on '
                   'shortened to a line per cell'),
                location=look.location)
        elif look.repeat_rows < wanted:
            logger.warning(
                __('the header rows of this table take more than half a '
                   'page: %d of %d repeat on the pages it continues on'),
                look.repeat_rows, wanted, location=look.location,
                type='linuxdoc', subtype='pdf')

    def _band_fits_no_page(self, tops: list[float], at: int,
                           avail_height: float) -> bool:
        """Whether the rows from ``at`` to the next place a part may
        begin would not fit on an empty page below the repeated header
        rows either, while this page has room to begin them: they are
        cut at this page's foot then, and the header rows are not drawn
        a second time on this page above them."""
        if avail_height - tops[at] < MIN_CUT_ROOM:
            return False
        following = next((y for y in _free_boundaries(self.layout)
                          if y > at), len(tops) - 1)
        header = tops[self.layout.look.repeat_rows or 0]
        page = self._page(avail_height)
        return tops[following] - tops[at] > page - header

    def _must_cut(self, tops: list[float], avail_height: float) -> bool:
        """Whether to cut through a row span on this page: the part is at
        the top of its frame, or its first rows would not fit on an empty
        page either and this page still has room to begin them (so the
        table stays with its title)."""
        frame = frame_of(self)
        if frame is None or hasattr(self, '_postponed') \
                or at_frame_top(frame):
            return True
        first = next(_free_boundaries(self.layout), self.layout.n_rows)
        return (tops[first] > empty_frame_height(frame) / self.scale
                and avail_height >= MIN_CUT_ROOM)

    def _heights(self) -> list[float]:
        """Row heights; ReportLab leaves those of rows past the first
        page of a long table unmeasured (``None``)."""
        return [float('inf') if h is None else h
                for h in row_heights(self.t)]

    def _force(self, avail_width: float, avail_height: float
               ) -> list[Flowable]:
        """Cut through row spans (and cell content) at the page: the table
        cannot be laid out otherwise, even on an empty page."""
        avail_height /= self.scale
        layout = self.layout
        heights = self._heights()
        look = layout.look
        if not look.warned:
            look.warned = True
            # nothing is lost, and LaTeX cuts such cells without a word
            logger.verbose(
                __('a row span or cell of this table is taller than a page: '
                   'it is cut at the page break and continued with a '
                   'marker'), location=look.location)
        body = layout.header_rows
        tops = _tops(heights)
        if body and avail_height - tops[body] < MIN_PIECE_POINTS:
            frame = frame_of(self)
            if (frame is not None and not at_frame_top(frame)
                    and tops[body] < self._page(avail_height)):
                # they fit on the next page
                return []
        above, below = self._cut_through(layout, heights, avail_height)
        if body and above.wrap(avail_width, avail_height * self.scale)[1] \
                > avail_height * self.scale:
            # the header rows leave no room for a line of the body (they
            # do not repeat, being too tall): they are cut like body rows
            layout = dataclasses.replace(layout, header_rows=0)
            above, below = self._cut_through(layout, heights, avail_height)
        room = avail_height
        for _ in range(FORCE_ATTEMPTS):
            # rows measured in the whole table can come out taller in the
            # part (a cell's content cut where it could not be split):
            # cut higher by as much as the part is too tall, until it fits
            # the frame, which refuses a first part taller than its room
            excess = (above.wrap(avail_width, avail_height * self.scale)[1]
                      / self.scale - avail_height)
            if excess <= 0 or room - excess < MIN_PIECE_POINTS:
                break
            room -= excess + 1
            above, below = self._cut_through(layout, heights, room)
        if below is None:
            return [above]
        return self._parts(above, below, [None] * below.n_rows)

    def _cut_through(self, layout: TableLayout, heights: list[float],
                     avail_height: float
                     ) -> tuple[GridTable, TableLayout | None]:
        """``layout`` cut at ``avail_height``, through row spans and cell
        content where no row boundary will do: the part above and the
        layout of the rest, none if nothing is left."""
        body = layout.header_rows
        tops = _tops(heights)
        # the last row boundary on this page, if it is below the first
        # body row
        last = min(bisect.bisect_right(tops, avail_height) - 1,
                   layout.n_rows - 1)
        at = last if last > body else None
        split: dict[int, tuple[list[Flowable], list[Flowable]]] = {}
        if at is None:
            # the first body row alone is too tall: it takes two rows,
            # cells that fit in the first leave the second empty
            layout, whole = _doubled_row(layout, body)
            split = {id(cell): (cell.content, []) for cell in whole}
            tops = _tops(heights[:body + 1] + heights[body:])
            at = body + 1
        for cell in layout.cells:
            if cell.row < at <= cell.last_row:
                # down to the page's foot, less a point for rounding
                room = avail_height - tops[cell.row] - 1
                head, tail = self._fit(cell, room)
                # all of it above, but maybe with its last flowable
                # shrunk to fit: the shrunk one must be drawn
                if tail or head != cell.content:
                    split[id(cell)] = head, tail
        above, below = layout.cut(at, split)
        if self.rows is None and not any(
                cell.content for cell in below.cells
                if cell.row >= below.header_rows) and not any(
                cell.row >= at for cell in layout.cells):
            # every cell ends above the cut: the rest would be a row of
            # empty cells on a page of its own
            return GridTable(above), None
        return GridTable(above), below

    def _fit(self, cell: PDFCell, room: float) -> tuple[list[Flowable],
                                                        list[Flowable]]:
        """Split ``cell``'s content into what fits in ``room`` points of
        height and the rest (never at a negative width: a cell narrower
        than its padding gets a point)."""
        style = cell_style(self.t, cell.row, cell.col)
        positions = column_positions(self.t)
        width = (positions[cell.col + cell.colspan] - positions[cell.col]
                 - style.leftPadding - style.rightPadding)
        return split_flowables(cell.content, max(width, 1.0),
                               room - style.topPadding - style.bottomPadding)


def even_padding(style: ParagraphStyle, total: float = CELL_PADDING_POINTS
                 ) -> tuple[float, float]:
    """The top and bottom padding, ``total`` points together if they
    can be, that leave as much room above a cell's text in ``style``
    as below it: ReportLab sets the first baseline a font size below
    the paragraph's top (room above the ascenders) and the last one a
    leading less the font size above its bottom (room below the
    descenders, or less than none when the leading is the font
    size)."""
    ascent, descent = getAscentDescent(style.fontName, style.fontSize)
    above = style.fontSize - ascent
    below = style.leading - style.fontSize + descent
    gap = max((total + above + below) / 2, above, below)
    return gap - above, gap - below


def split_flowables(content: Sequence[Flowable], width: float,
                    height: float, *, shrink: bool = True
                    ) -> tuple[list[Flowable], list[Flowable]]:
    """``content`` as what fits in ``width`` x ``height`` and the rest.

    A flowable that straddles the limit is split if it can be; one that
    cannot and would leave nothing above is shrunk to fit, so the first
    part is empty only when there is no room for a line
    (:data:`MIN_PIECE_POINTS`), and otherwise a split makes progress.
    Without ``shrink``, such a flowable begins the rest instead: a part
    of a page is not worth shrinking for, the next page may take it.
    """
    if height < MIN_PIECE_POINTS:
        return [], list(content)
    head: list[Flowable] = []
    used = 0.0
    for index, flowable in enumerate(content):
        _w, tall = flowable.wrap(width, height)
        tall += flowable.getSpaceBefore() + flowable.getSpaceAfter()
        if used + tall <= height:
            head.append(flowable)
            used += tall
            continue
        pieces = flowable.split(width, height - used)
        if len(pieces) > 1:
            return [*head, pieces[0]], [*pieces[1:], *content[index + 1:]]
        room = height - used
        if shrink and not any(is_content(f) for f in head) \
                and room >= MIN_PIECE_POINTS:
            # only spacers or a "(continued)" marker above it: waiting
            # for the next page would only repeat them
            return ([*head, KeepInFrame(width, room, [flowable],
                                        mode='shrink')],
                    list(content[index + 1:]))
        return head, list(content[index:])
    return head, []


def is_content(flowable: Flowable) -> bool:
    """Whether ``flowable`` is more than a spacer or a "(continued)"
    marker: something a part of a cell makes progress with."""
    return not (getattr(flowable, 'linuxdoc_marker', False)
                or isinstance(flowable, Spacer))


class CellCode(BoundByWidth):  # type: ignore[misc]
    """A code block never wider than its room: a table cell, a list
    item, the page (every code block while linuxpdf writes: see
    :mod:`~linuxdoc_builders.pdf.seams`).

    rst2pdf lets a code line run past the table's or the page's edge
    (its default fit mode), where its end is lost, or shrinks it without
    limit.  Here code is shrunk to its room down to
    :data:`MIN_CODE_SCALE`; longer lines are wrapped, each continuation
    beginning with :data:`CODE_CONTINUATION` (and losing its
    syntax colours, as the highlighted text cannot be cut safely).
    """

    content: list[Any]
    scale: float | None

    def __init__(self, code: BoundByWidth) -> None:
        super().__init__(code.maxWidth, code.content, code.style, 'shrink')

    def wrap(self, avail_width: float, avail_height: float
             ) -> tuple[float, float]:
        size, scale = self._measure(avail_width, avail_height)
        if scale >= MIN_CODE_SCALE:
            return size
        code: Any = self.content[0]
        style = code.style
        usable = (self.maxWidth - self.pad[1] - self.pad[3]) / MIN_CODE_SCALE
        columns = max(int(usable / stringWidth('M', style.fontName,
                                               style.fontSize)), 8)
        text = ''.join(fragment.text for fragment in code.frags)
        self.content = [XXPreformatted(
            escape('\n'.join(_wrapped_lines(text, columns))), style)]
        return self._measure(avail_width, avail_height)[0]

    def _measure(self, avail_width: float, avail_height: float
                 ) -> tuple[tuple[float, float], float]:
        """Size and scale for this width (rst2pdf would keep the scale of
        the first width it saw; a table measures cells at several)."""
        self.scale = None
        size: tuple[float, float] = super().wrap(avail_width, avail_height)
        return size, self.scale or 1.0


def _wrapped_lines(text: str, columns: int) -> Iterator[str]:
    """The lines of ``text``, none longer than ``columns``: a long line
    goes on in lines that begin with :data:`CODE_CONTINUATION`."""
    for line in text.splitlines():
        while len(line) > columns:
            yield line[:columns]
            line = CODE_CONTINUATION + line[columns:]
        yield line


def fit_code(flowable: Flowable) -> Flowable:
    """A code block as :class:`CellCode` (never wider than the room it
    is given), any other flowable as it is."""
    content = getattr(flowable, 'content', None)
    if (type(flowable) is BoundByWidth and content and len(content) == 1
            and isinstance(content[0], XPreformatted)):
        return CellCode(flowable)
    return flowable


def _tops(heights: list[float]) -> list[float]:
    """Where each row begins, measured from the top of the table, and
    (last) where the table ends."""
    return list(itertools.accumulate(heights, initial=0.0))


#: How often a forced cut is moved up to make its part fit the page.
FORCE_ATTEMPTS = 8


def _free_boundaries(layout: TableLayout) -> Iterator[int]:
    """Rows a part may begin with: after the first body row, and not
    inside any body cell's row span."""
    inside: set[int] = set()
    for cell in layout.cells:
        inside.update(range(cell.row + 1, cell.last_row + 1))
    for y in range(layout.header_rows + 1, layout.n_rows):
        if y not in inside:
            yield y


def _doubled_row(layout: TableLayout, y: int
                 ) -> tuple[TableLayout, list[PDFCell]]:
    """``layout`` with row ``y`` taking two rows, so that the cells in it
    can be cut between them, and the cells that ended in row ``y``."""
    cells, whole = [], []
    for cell in layout.cells:
        if cell.row > y:
            cell = dataclasses.replace(cell, row=cell.row + 1)
        elif cell.last_row >= y:
            stretched = dataclasses.replace(cell, rowspan=cell.rowspan + 1)
            if cell.last_row == y:
                whole.append(stretched)
            cell = stretched
        cells.append(cell)
    return dataclasses.replace(
        layout, cells=cells, n_rows=layout.n_rows + 1,
        bands=layout.bands[:y + 1] + layout.bands[y:]), whole


def _line_row(look: TableLook) -> float:
    """The height of a header row of one line."""
    style = look.styles['head']
    top, bottom = look.paddings.get('head', (6.0, 6.0))
    return float(style.leading) + top + bottom


def _shortened(cell: PDFCell, look: TableLook) -> Flowable:
    """A header cell repeated on a later page as the start of its first
    line, on one line."""
    text = shorten(next((line for line in cell.text.splitlines()
                         if line.strip()), ''))
    return Paragraph(escape(text), look.styles[cell.kind])


def _marker(cell: PDFCell, look: TableLook) -> Flowable:
    """"TEXT (continued)", TEXT being the start of the cell's first
    line, as linuxlatex marks a row span cut by a page break."""
    text = shorten(next((line for line in cell.text.splitlines()
                         if line.strip()), ''))
    marker = Paragraph(
        '<i>%s</i>' % escape(__('%s (continued)') % text).strip(),
        look.styles[cell.kind])
    marker.linuxdoc_marker = True
    return marker


class GridTGroupHandler(NodeHandler):  # type: ignore[misc]
    """rst2pdf's handler for ``tgroup`` nodes, by way of the table grid."""

    def gather_elements(self, client: Any, node: nodes.Element,
                        style: Any) -> list[Flowable]:
        table = node.parent
        classes: list[str] = (table.get('classes', []) if table is not None
                              else [])
        base = (client.styles.combinedStyle(['table', *classes])
                if classes else client.styles['table'])
        placed = repair(node)
        grid = placed.grid
        look = _look(client, base, _location(
            table if table is not None else node), grid.header_rows)
        cells: list[PDFCell] = []
        for entry, cell in placed.placed_entries():
            kind = ('head' if cell.is_header
                    else 'stub' if cell.is_stub else 'body')
            with _list_items_in(client, look.styles[kind], kind):
                content = client.gather_elements(_without_raw_pdf(entry),
                                                 style=look.styles[kind])
            cells.append(PDFCell(
                cell.row, cell.col, cell.rowspan, cell.colspan, kind,
                edges_evened(content, list_item_boxes(entry)),
                entry.astext()))
        frame = float(client.styles.tw)
        if grid.n_cols * MIN_COLUMN_POINTS * MIN_TABLE_SCALE > frame \
                and not node.get(GROUP_OF) and not in_a_cell(node):
            return self._in_column_groups(client, node, style, placed,
                                          cells, look)
        widths = column_widths(
            table, node, grid.n_cols,
            [(c.col, c.colspan, c.content) for c in cells],
            float(client.styles.tw))
        look.least_scale = least_scale(
            cells, float(client.styles['bodytext'].fontSize))
        if widths.scaled:
            look.needed_width = min(widths.needed, frame / look.least_scale)
            # a table set a little smaller reads as well, and a column
            # group was made to be set so: only -v says so, as linuxlatex
            scale = frame / look.needed_width
            say = logger.warning if scale < WARN_BELOW_SCALE \
                and not node.get(GROUP_OF) else logger.verbose
            say(
                __('this table is too wide for the page even with its '
                   'columns as narrow as their longest words (broken '
                   'after "_", "-", "/" or "."): it is scaled down to '
                   '%d%%%s'),
                int(100 * scale),
                __(', its words broken between any two characters')
                if widths.needed > look.needed_width else '',
                location=look.location, type='linuxdoc', subtype='pdf')
        whole = TableRows(TableLayout(
            cells, grid.n_rows, grid.n_cols, grid.header_rows, grid.bands(),
            widths.percents, look))
        return [GridTable(whole.layout.part([], 0, grid.header_rows, []),
                          rows=whole)]

    def _in_column_groups(self, client: Any, node: nodes.Element,
                          style: Any, placed: PlacedTGroup,
                          cells: list[PDFCell], look: TableLook
                          ) -> list[Flowable]:
        """A table of more columns than half a frame holds at two
        characters each, as tables of groups of its columns
        (:mod:`linuxdoc_builders.column_groups`), each under a line that
        says which columns it shows."""
        grid = placed.grid
        frame = float(client.styles.tw)
        pieces = content_widths(grid.n_cols, [(c.col, c.colspan, c.content)
                                              for c in cells])[0]
        groups = groups_by_width(
            [max(w, MIN_COLUMN_POINTS) * MIN_TABLE_SCALE for w in pieces],
            grid.stub_columns, frame)
        logger.warning(__('this table has more columns than the page holds '
                          'at half the font size: it is set as %d tables of '
                          'some of its columns each, its stub columns on '
                          'the left of each'), len(groups),
                       location=look.location, type='linuxdoc',
                       subtype='pdf')
        flowables: list[Flowable] = []
        for group in groups:
            flowables.append(Paragraph(escape(__('(columns %d-%d of %d)') % (
                group.start + 1, group.stop, grid.n_cols)),
                client.styles['table-title']))
            flowables += self.gather_elements(client, group_tgroup(
                placed, [*range(grid.stub_columns), *group]), style)
        return flowables


def least_scale(cells: Sequence[PDFCell], body: float) -> float:
    """How far a table of ``cells`` may be scaled down: to
    :data:`MIN_TABLE_SCALE` of the body's size ``body`` for its smallest
    text.  ReportLab sets sub- and superscripts a fifth smaller, so the
    media formats' bit tables, scaled to half, had ``b``\\ :sub:`7` at
    two fifths of the body's size."""
    smallest = smallest_text([f for cell in cells for f in cell.content])
    if not smallest:
        return MIN_TABLE_SCALE
    return min(1.0, max(MIN_TABLE_SCALE, MIN_TABLE_SCALE * body / smallest))


#: rst2pdf's styles of a list item's text, which its list item handler
#: takes whatever style the list is gathered in.
_LIST_ITEM_STYLES = ('bullet-list-item', 'item-list-item')


@contextlib.contextmanager
def _list_items_in(client: Any, cell_style: Any, kind: str
                   ) -> Iterator[None]:
    """While a stub or header cell is gathered, its list items' text in
    the cell's font and colour (bold), as its paragraphs: rst2pdf set
    them in the body font, so a stub's list read as data."""
    if kind == 'body':
        yield
        return
    # ReportLab's StyleSheet1, under rst2pdf's, by name
    sheet = client.styles.StyleSheet.byName
    saved = {name: sheet[name] for name in _LIST_ITEM_STYLES}
    for name, style in saved.items():
        cell_item = copy.copy(style)
        cell_item.fontName = cell_style.fontName
        cell_item.textColor = cell_style.textColor
        sheet[name] = cell_item
    try:
        yield
    finally:
        sheet.update(saved)


class TabularColSpecHandler(NodeHandler):  # type: ignore[misc]
    """rst2pdf's handler for Sphinx's ``tabular_col_spec``: nothing to
    draw (the next table reads the spec for its column widths), where
    rst2pdf would warn of an unknown node."""

    def gather_elements(self, client: Any, node: nodes.Element,
                        style: Any) -> list[Flowable]:
        return []


def _without_raw_pdf(entry: nodes.Element) -> nodes.Element:
    """``entry`` without its ``.. raw:: pdf`` blocks, each reported at
    its line: rst2pdf's page breaks, frame breaks and spacers are
    flowables for the page, which a table cell cannot hold (ReportLab
    fails the whole PDF on them).  They are removed from the doctree
    rst2pdf assembled for this PDF, which rst2pdf may read twice, so
    each is reported once."""
    def is_raw_pdf(node: nodes.Node) -> bool:
        return (isinstance(node, nodes.raw)
                and 'pdf' in node.get('format', '').split())

    for raw in list(entry.findall(is_raw_pdf)):
        logger.warning(__('raw PDF commands are ignored in a table cell: '
                          '"%s"'), shorten(raw.astext()), location=raw,
                       type='linuxdoc', subtype='pdf')
        raw.parent.remove(raw)
    return entry


def _location(table: nodes.Element) -> nodes.Element:
    """Where to report a table: the table if it knows its line, else
    its first element that does (a list-table's node has no line, and
    Sphinx would name its section's title instead)."""
    if table.line:
        return table
    return next((node for node in table.findall(nodes.Element)
                 if node.line), table)


def _look(client: Any, base: Any, location: nodes.Element,
          header_rows: int) -> TableLook:
    """The stylesheet's say on a table: ``base`` is its ``table`` style
    (merged with its classes' styles), ``client`` rst2pdf's writer."""
    commands = list(getattr(base, 'commands', None)
                    or client.styles['table'].commands)
    styles = {'head': client.styles['table-heading'],
              'stub': client.styles['table-stub'],
              'body': client.styles['table-body']}
    h_align = {0: 'LEFT', 1: 'CENTER', 2: 'RIGHT'}.get(base.alignment,
                                                       'CENTER')
    padded = any(c[0] in ('TOPPADDING', 'BOTTOMPADDING', 'PADDING')
                 for c in commands)
    return TableLook(
        commands=[c for c in commands if c[0] != 'ROWBACKGROUNDS'],
        stripes=[c for c in commands if c[0] == 'ROWBACKGROUNDS'],
        heading=client.styles.tstyleHead,
        stub_background=styles['stub'].backColor,
        styles=styles, h_align=h_align,
        repeat_header_rows=bool(client.repeat_table_rows),
        stripe_offset=header_rows, location=location,
        paddings={} if padded else {kind: even_padding(styles[kind])
                                    for kind in ('head', 'body')})


def forget_drawn(flowable: Any) -> None:
    """Drop what laying out ``flowable`` left on it and on the flowables
    in it, once it is drawn whole: the lines of its paragraphs
    (:func:`~linuxdoc_builders.pdf.reportlab_private.forget_lines`), a
    grid table's layout (:meth:`GridTable.forget_lines`), and the table
    rst2pdf builds for a list item, a block quote or a field list (a
    ``DelayedTable``) at every wrap, which keeps the table's measures and
    the lines of every paragraph in it until the next pass wraps it
    again; the paragraphs in the cells of ReportLab's own tables too,
    which it wraps again when it draws them."""
    forget = getattr(flowable, 'forget_lines', None)
    if forget is not None:
        forget()
    elif isinstance(flowable, DelayedTable):
        flowable.t = None
        for row in flowable.data:
            for cell in row:
                for content in cell if isinstance(cell, list) else [cell]:
                    forget_drawn(content)
    elif isinstance(flowable, BoundByWidth):
        for content in flowable.content:
            forget_drawn(content)
    elif isinstance(flowable, Table):
        for row in cell_values(flowable):
            for cell in row:
                for content in cell if isinstance(cell, list | tuple) \
                        else [cell]:
                    forget_drawn(content)
    else:
        forget_lines(flowable)
