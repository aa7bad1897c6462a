# SPDX-License-Identifier: GPL-2.0-only
"""The one table-grid model: where every cell of a table really sits.

docutils describes a table as rows of entries with ``morerows`` and
``morecols``; an entry's column is implicit and depends on the row spans of
the rows above it.  Writers that count entries get stub columns and header
cells wrong as soon as a row span is involved.  :class:`TableGrid` places
every cell once, repairs impossible geometry (and says what it repaired), and
answers "which cell is here, is it a stub, is it a header, which band is
this row in" for the directive and for every backend.

This module is pure placement: it knows neither docutils nor Sphinx.
:mod:`linuxdoc_builders.table_nodes` reads a docutils ``tgroup`` into it
and writes the repair back; :mod:`linuxdoc_builders.transforms` does so
for every table of every build and reports what was repaired.

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

if TYPE_CHECKING:
    from collections.abc import Iterator, Sequence


class Repair(enum.Enum):
    """Why a requested span was reduced."""

    PAST_LAST_ROW = 'past-last-row'
    HEADER_INTO_BODY = 'header-into-body'
    PAST_LAST_COLUMN = 'past-last-column'
    OVERLAP = 'overlap'
    EMPTY_COLUMNS = 'empty-columns'
    NO_ROOM = 'no-room'
    NEGATIVE = 'negative'


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

    def bands(self) -> list[int | None]:
        """For each row: its band among the body rows, counted from 0, or
        ``None`` for a header row.

        Every backend that stripes rows numbers them from here (HTML's
        ``band-odd``/``band-even``, linuxpdf's row backgrounds), so a
        merged cell is one colour in all of them.  Without row-spanning
        body cells every body row is a band of its own.
        """
        starts = self.band_starts() or [True] * self.n_rows
        bands: list[int | None] = []
        band = -1
        for y, starts_band in enumerate(starts):
            if y < self.header_rows:
                bands.append(None)
                continue
            band += starts_band
            bands.append(band)
        return bands

    def cell_at(self, y: int, x: int) -> Cell | None:
        """The cell covering position ``(y, x)``, if any."""
        intervals = self._occupied[y]
        i = bisect.bisect_right(intervals, (x, float('inf'))) - 1
        if i >= 0 and intervals[i][1] >= x:
            return self._owner[y, intervals[i][0]]
        return None

