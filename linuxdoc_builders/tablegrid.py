# SPDX-License-Identifier: GPL-2.0-only
"""The one table-grid model: where every cell of a table really sits.

docutils describes a table as rows of entries with ``morerows`` and
``morecols``; an entry's column is implicit and depends on the row spans of
the rows above it.  Writers that count entries get stub columns and header
cells wrong as soon as a row span is involved.  :class:`TableGrid` places
every cell once, repairs impossible geometry (and says what it repaired), and
answers "which cell is here, is it a stub, is it a header" for the directive
and for every backend.

Memory and time are bounded by the number of cells, never by a span value:
occupancy is kept as column intervals per row, and spans are clipped before
anything is materialised.
"""

from __future__ import annotations

import bisect
import enum
import itertools
from dataclasses import dataclass, field
from typing import TYPE_CHECKING

from sphinx.locale import __
from sphinx.util import logging

if TYPE_CHECKING:
    from collections.abc import Iterator, Sequence

    from docutils import nodes

logger = logging.getLogger(__name__)


class Repair(enum.Enum):
    """Why a requested span was reduced."""

    PAST_LAST_ROW = 'past-last-row'
    HEADER_INTO_BODY = 'header-into-body'
    PAST_LAST_COLUMN = 'past-last-column'
    OVERLAP = 'overlap'
    EMPTY_COLUMNS = 'empty-columns'
    NO_ROOM = 'no-room'
    NEGATIVE = 'negative'


#: What went wrong with a reduced span, for messages: ``%s`` is how the
#: source names the span (``:rspan:``, ``morerows``), ``%d`` its value.
#: (``NO_ROOM`` drops a cell instead; each caller words that itself.)
REPAIR_MESSAGES = {
    Repair.PAST_LAST_ROW: __('%s %d runs past the last row'),
    Repair.HEADER_INTO_BODY: __('%s %d runs from the header rows into the '
                                'body'),
    Repair.PAST_LAST_COLUMN: __('%s %d runs past the last column'),
    Repair.OVERLAP: __('%s %d overlaps another cell'),
    Repair.EMPTY_COLUMNS: __('%s %d spans columns in which no cell begins'),
    Repair.NEGATIVE: __('%s %d is negative'),
}


@dataclass(frozen=True, slots=True)
class SpanRequest:
    """A cell as its source asks for it: extra rows and columns it covers."""

    morerows: int = 0
    morecols: int = 0


@dataclass(slots=True)
class Cell:
    """One placed cell: its true position and extent in the grid.

    ``source_row``/``source_index`` say where the cell stood in the source
    (0-based row and position in that row); fillers that the source did not
    write have ``source_index`` ``None``.
    """

    row: int
    col: int
    rowspan: int
    colspan: int
    source_row: int
    source_index: int | None
    is_header: bool = False
    is_stub: bool = False

    @property
    def last_row(self) -> int:
        return self.row + self.rowspan - 1

    @property
    def last_col(self) -> int:
        return self.col + self.colspan - 1


@dataclass(frozen=True, slots=True)
class GridProblem:
    """A span the grid had to reduce, or a cell it could not place."""

    repair: Repair
    source_row: int
    source_index: int
    requested: int
    granted: int
    axis: str  # 'rows' or 'cols'


@dataclass(slots=True)
class TableGrid:
    """Placement of every cell of one ``tgroup`` (or one flat-table)."""

    n_rows: int
    n_cols: int
    header_rows: int = 0
    stub_columns: int = 0
    cells: list[Cell] = field(default_factory=list)
    problems: list[GridProblem] = field(default_factory=list)
    #: For a derived width: the columns the spans asked for, and for each
    #: kept column the first of those it stands for.
    requested_cols: int = 0
    column_starts: list[int] = field(default_factory=list)
    # Per grid row, sorted disjoint [first, last] column intervals in use,
    # and the cell owning the interval that starts at (row, first).
    _occupied: list[list[tuple[int, int]]] = field(default_factory=list,
                                                   repr=False)
    _owner: dict[tuple[int, int], Cell] = field(default_factory=dict,
                                                repr=False)
    # For a grid read from a doctree: the entries by source row, and the
    # cell of each entry, by id().
    _rows: list[nodes.Element] = field(default_factory=list, repr=False)
    _entries: list[list[nodes.Element]] = field(default_factory=list,
                                                repr=False)
    _entry_cells: dict[int, Cell] = field(default_factory=dict, repr=False)

    @classmethod
    def from_tgroup(cls, tgroup: nodes.Element) -> TableGrid:
        """The grid of any docutils ``tgroup``: grid, list, csv or flat.

        The width is the number of ``colspec``\\ s (the tgroup's ``cols``
        when it has none); header rows are the rows of ``thead``, stub
        columns the leading ``colspec``\\ s marked ``stub``.  Impossible
        spans (from hand-made doctrees or other directives) are reduced and
        recorded in :attr:`problems`.
        """
        from docutils import nodes

        colspecs = [c for c in tgroup.children if isinstance(c, nodes.colspec)]
        stub_columns = 0
        while stub_columns < len(colspecs) and \
                colspecs[stub_columns].get('stub'):
            stub_columns += 1
        header: list[nodes.Element] = []
        body: list[nodes.Element] = []
        for part in tgroup.children:
            if isinstance(part, nodes.thead | nodes.tbody):
                rows_of_part = [r for r in part.children
                                if isinstance(r, nodes.row)]
                (header if isinstance(part, nodes.thead) else body).extend(
                    rows_of_part)
        rows: list[list[nodes.Element]] = [
            [e for e in row.children if isinstance(e, nodes.entry)]
            for row in header + body]
        grid = cls.place(
            [[SpanRequest(_int_attribute(e, 'morerows'),
                          _int_attribute(e, 'morecols'))
              for e in row] for row in rows],
            header_rows=len(header), stub_columns=stub_columns,
            n_cols=len(colspecs) or max(_int_attribute(tgroup, 'cols', 1), 1))
        grid._rows = header + body
        grid._entries = rows
        for cell in grid.cells:
            if cell.source_index is not None:
                entry = rows[cell.source_row][cell.source_index]
                grid._entry_cells[id(entry)] = cell
        return grid

    def cell_of(self, entry: nodes.Element) -> Cell | None:
        """The placed cell of a tgroup's ``entry`` (None: no room for it)."""
        return self._entry_cells.get(id(entry))

    def source_entry(self, problem: GridProblem) -> nodes.Element:
        """The tgroup ``entry`` a problem of :meth:`from_tgroup` is about."""
        return self._entries[problem.source_row][problem.source_index]

    def write_back(self) -> None:
        """Make the tgroup read by :meth:`from_tgroup` say what the grid says.

        Spans become the granted ones, an entry with no room leaves its
        row, and every position no cell covers gets an empty entry, so a
        writer that trusts the doctree (Sphinx's LaTeX writer asserts) sees
        a complete, valid table.
        """
        from docutils import nodes

        for row, entries in zip(self._rows, self._entries, strict=True):
            for entry in entries:
                cell = self._entry_cells.get(id(entry))
                if cell is None:
                    row.remove(entry)
                    continue
                _set_span(entry, 'morerows', cell.rowspan - 1)
                _set_span(entry, 'morecols', cell.colspan - 1)
        for y, row in enumerate(self._rows):
            for first, last in list(self.free_runs(y)):
                filler = self.add_filler(y, first, last)
                entry = nodes.entry()
                _set_span(entry, 'morecols', filler.colspan - 1)
                # before the first entry right of the gap (a row's
                # entries are in column order; it may hold comments too)
                index = next(
                    (i for i, child in enumerate(row.children)
                     if (c := self._entry_cells.get(id(child))) is not None
                     and c.col > first), len(row.children))
                row.insert(index, entry)
                self._entry_cells[id(entry)] = filler

    @classmethod
    def place(cls, rows: Sequence[Sequence[SpanRequest]], *,
              header_rows: int = 0, stub_columns: int = 0,
              n_cols: int | None = None) -> TableGrid:
        """Place source rows of span requests, left to right, top to bottom.

        Each cell goes to the first column of its row that no earlier cell
        covers.  With ``n_cols`` ``None`` the width is derived: it is the
        number of columns in which some cell begins, so a span can never
        create columns (or memory) that no cell fills.
        """
        grid = cls(n_rows=len(rows), n_cols=n_cols or 0,
                   header_rows=header_rows, stub_columns=stub_columns,
                   _occupied=[[] for _ in rows])
        for y, requests in enumerate(rows):
            x = 0
            for index, request in enumerate(requests):
                x = grid._first_free(y, x)
                if n_cols is not None and x >= n_cols:
                    grid.problems.append(GridProblem(
                        Repair.NO_ROOM, y, index, 0, 0, 'cols'))
                    continue
                cell = grid._fit(y, x, index, request, n_cols)
                grid.cells.append(cell)
                grid._reserve(cell)
                x = cell.last_col + 1
        if n_cols is None:
            grid._drop_columns_without_starts()
        grid._classify()
        return grid

    def _first_free(self, y: int, x: int) -> int:
        for first, last in self._occupied[y]:
            if first <= x <= last:
                x = last + 1
        return x

    def _next_used(self, y: int, x: int) -> int | None:
        """First used column at or right of ``x`` in row ``y``."""
        intervals = self._occupied[y]
        i = bisect.bisect_left(intervals, (x, x))
        if i > 0 and intervals[i - 1][1] >= x:
            return x
        return intervals[i][0] if i < len(intervals) else None

    def _fit(self, y: int, x: int, index: int, request: SpanRequest,
             width_limit: int | None) -> Cell:
        def reduce(repair: Repair, axis: str, asked: int, granted: int
                   ) -> None:
            self.problems.append(GridProblem(repair, y, index, asked,
                                             granted, axis))

        morerows, morecols = request.morerows, request.morecols
        if morerows < 0:
            reduce(Repair.NEGATIVE, 'rows', morerows, 0)
            morerows = 0
        if morecols < 0:
            reduce(Repair.NEGATIVE, 'cols', morecols, 0)
            morecols = 0
        if y + morerows >= self.n_rows:
            reduce(Repair.PAST_LAST_ROW, 'rows', morerows,
                   self.n_rows - 1 - y)
            morerows = self.n_rows - 1 - y
        if y < self.header_rows <= y + morerows:
            reduce(Repair.HEADER_INTO_BODY, 'rows', morerows,
                   self.header_rows - 1 - y)
            morerows = self.header_rows - 1 - y
        if width_limit is not None and x + morecols >= width_limit:
            reduce(Repair.PAST_LAST_COLUMN, 'cols', morecols,
                   width_limit - 1 - x)
            morecols = width_limit - 1 - x
        used = self._next_used(y, x + 1) if morecols else None
        if used is not None and used <= x + morecols:
            reduce(Repair.OVERLAP, 'cols', morecols, used - 1 - x)
            morecols = used - 1 - x
        for r in range(1, morerows + 1):
            used = self._next_used(y + r, x)
            if used is not None and used <= x + morecols:
                reduce(Repair.OVERLAP, 'rows', morerows, r - 1)
                morerows = r - 1
                break
        return Cell(row=y, col=x, rowspan=morerows + 1, colspan=morecols + 1,
                    source_row=y, source_index=index)

    def _reserve(self, cell: Cell) -> None:
        for r in range(cell.row, cell.last_row + 1):
            bisect.insort(self._occupied[r], (cell.col, cell.last_col))
            self._owner[r, cell.col] = cell

    def _drop_columns_without_starts(self) -> None:
        """Renumber columns so that a cell begins in every column.

        A column in which no cell begins exists only because a span asked
        for it; it is invalid in HTML and unbounded for a huge span.
        """
        starts = sorted({cell.col for cell in self.cells})
        self.requested_cols = max(cell.last_col for cell in self.cells) + 1
        self.column_starts = starts
        self.n_cols = len(starts)
        for cell in self.cells:
            first = bisect.bisect_left(starts, cell.col)
            last = bisect.bisect_right(starts, cell.last_col) - 1
            if last - first + 1 < cell.colspan:
                repair = (Repair.PAST_LAST_COLUMN
                          if cell.last_col > starts[-1]
                          else Repair.EMPTY_COLUMNS)
                self.problems.append(GridProblem(
                    repair, cell.source_row, cell.source_index or 0,
                    cell.colspan - 1, last - first, 'cols'))
            cell.col, cell.colspan = first, last - first + 1
        self._occupied = [[] for _ in range(self.n_rows)]
        self._owner.clear()
        for cell in self.cells:
            self._reserve(cell)

    def merge_columns(self, values: Sequence[int]) -> list[int]:
        """Per-column ``values`` for the requested columns, summed into the
        columns kept, so dropping empty columns keeps the layout."""
        bounds = [*self.column_starts, self.requested_cols]
        return [sum(values[first:end])
                for first, end in itertools.pairwise(bounds)]

    def _classify(self) -> None:
        for cell in self.cells:
            cell.is_header = cell.row < self.header_rows
            cell.is_stub = cell.col < self.stub_columns

    def free_runs(self, y: int) -> Iterator[tuple[int, int]]:
        """Runs ``(first, last)`` of columns in row ``y`` no cell covers."""
        x = 0
        for first, last in self._occupied[y]:
            if first > x:
                yield x, first - 1
            x = max(x, last + 1)
        if x < self.n_cols:
            yield x, self.n_cols - 1

    def is_free(self, rows: range, first: int, last: int) -> bool:
        """Whether no cell covers columns ``first..last`` in ``rows``."""
        return all(
            (used := self._next_used(y, first)) is None or used > last
            for y in rows)

    def widen(self, cell: Cell, extra: int) -> None:
        """Extend ``cell`` by ``extra`` columns that the caller found free."""
        for r in range(cell.row, cell.last_row + 1):
            self._occupied[r].remove((cell.col, cell.last_col))
        cell.colspan += extra
        self._reserve(cell)

    def add_filler(self, y: int, first: int, last: int) -> Cell:
        """Cover free columns ``first..last`` of row ``y`` with a new cell."""
        cell = Cell(row=y, col=first, rowspan=1, colspan=last - first + 1,
                    source_row=y, source_index=None,
                    is_header=y < self.header_rows,
                    is_stub=first < self.stub_columns)
        self.cells.append(cell)
        self._reserve(cell)
        return cell

    def row_cells(self, y: int) -> list[Cell]:
        """Cells that begin in row ``y``, in column order."""
        return [cell for first, _ in self._occupied[y]
                if (cell := self._owner[y, first]).row == y]

    def band_starts(self) -> list[bool] | None:
        """For each row: does it begin a band of body rows?

        Rows joined by a body cell's row span form one band, so a
        writer that stripes bands never paints one merged cell in two
        colours.  ``None`` when no body cell spans rows: every body row is
        its own band then, and a theme's row striping is already right.
        """
        reach = list(range(self.n_rows))
        spanning = False
        for cell in self.cells:
            if cell.rowspan > 1 and not cell.is_header:
                spanning = True
                reach[cell.row] = max(reach[cell.row], cell.last_row)
        if not spanning:
            return None
        starts = []
        band_end = -1
        for y in range(self.n_rows):
            starts.append(y > band_end)
            band_end = max(band_end, reach[y])
        return starts

    def placed_entries(self) -> Iterator[tuple[nodes.Element, Cell]]:
        """Every ``entry`` of the tgroup read by :meth:`from_tgroup` with
        its cell, row by row: after :meth:`write_back` that is every cell
        of the grid, fillers included."""
        from docutils import nodes

        for row in self._rows:
            for entry in row.children:
                cell = self._entry_cells.get(id(entry))
                if cell is not None and isinstance(entry, nodes.Element):
                    yield entry, cell

    def cell_at(self, y: int, x: int) -> Cell | None:
        """The cell covering position ``(y, x)``, if any."""
        intervals = self._occupied[y]
        i = bisect.bisect_right(intervals, (x, float('inf'))) - 1
        if i >= 0 and intervals[i][1] >= x:
            return self._owner[y, intervals[i][0]]
        return None


def _set_span(entry: nodes.Element, name: str, extra: int) -> None:
    if extra:
        entry[name] = extra
    elif name in entry:
        del entry[name]


def _int_attribute(element: nodes.Element, name: str, default: int = 0
                   ) -> int:
    """An integer attribute of a doctree node; junk counts as ``default``.

    (docutils' own parsers always store ints; only hand-made doctrees
    hold anything else, and a writer must not crash on them.)
    """
    try:
        return int(element.get(name, default))
    except (TypeError, ValueError):
        return default


def grid_for_writing(tgroup: nodes.Element) -> TableGrid:
    """What every builder's translator does with a tgroup it is about to
    write: read it into the grid, warn about what the grid repaired, and
    write the repaired geometry back into the doctree."""
    grid = TableGrid.from_tgroup(tgroup)
    _report_problems(grid, tgroup)
    grid.write_back()
    return grid


def _report_problems(grid: TableGrid, tgroup: nodes.Element) -> None:
    """Warn about geometry the grid had to repair, at the table's source.

    Flat-tables never get here (the directive repairs its own spans); these
    come from hand-made doctrees and other directives.
    """
    table = tgroup.parent if tgroup.parent is not None else tgroup
    for problem in grid.problems:
        where = __('table row %d, entry %d: ') % (problem.source_row + 1,
                                                  problem.source_index + 1)
        if problem.repair is Repair.NO_ROOM:
            content = ' '.join(grid.source_entry(problem).astext().split())
            text = where + __('no column is left for it in %d columns; '
                              'its content %r is left out') % (
                grid.n_cols, _shorten(content))
        else:
            name = 'morerows' if problem.axis == 'rows' else 'morecols'
            text = where + (REPAIR_MESSAGES[problem.repair] % (
                name, problem.requested)) + __('; reduced to %d') % (
                problem.granted)
        logger.warning(text, location=table, type='linuxdoc',
                       subtype='table')


def _shorten(text: str, limit: int = 40) -> str:
    return text if len(text) <= limit else text[:limit - 3] + '...'
