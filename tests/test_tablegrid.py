# SPDX-License-Identifier: GPL-2.0-only
"""TableGrid: true positions, repairs with reasons, bounded by cell count."""

from __future__ import annotations

import subprocess
import sys
import tracemalloc

from linuxdoc_builders.tablegrid import Repair, SpanRequest, TableGrid

S = SpanRequest


def positions(grid: TableGrid) -> list[tuple[int, int, int, int]]:
    return [(c.row, c.col, c.rowspan, c.colspan) for c in grid.cells]


def test_row_span_pushes_later_rows_right() -> None:
    grid = TableGrid.place([[S(1, 0), S(), S()], [S(), S()]],
                           stub_columns=1)
    assert positions(grid) == [(0, 0, 2, 1), (0, 1, 1, 1), (0, 2, 1, 1),
                               (1, 1, 1, 1), (1, 2, 1, 1)]
    # the founding bug: row 2's first cell is in column 1, not a stub
    assert [c.is_stub for c in grid.row_cells(1)] == [False, False]
    assert grid.cell_at(1, 0) is grid.cells[0]
    assert not grid.problems


def test_header_and_stub_flags() -> None:
    grid = TableGrid.place([[S(), S(0, 1)], [S(), S(), S()]],
                           header_rows=1, stub_columns=1)
    assert [(c.is_header, c.is_stub) for c in grid.cells] == [
        (True, True), (True, False), (False, True), (False, False),
        (False, False)]


def test_row_span_past_the_end_and_into_the_body() -> None:
    grid = TableGrid.place([[S(5, 0), S()], [S(1, 0)], [S()]],
                           header_rows=2)
    reasons = [(p.repair, p.requested, p.granted) for p in grid.problems]
    assert reasons == [(Repair.PAST_LAST_ROW, 5, 2),
                       (Repair.HEADER_INTO_BODY, 2, 1),
                       (Repair.HEADER_INTO_BODY, 1, 0)]
    assert all(c.last_row < 2 for c in grid.cells if c.row < 2)


def test_column_span_into_a_row_span_is_an_overlap() -> None:
    grid = TableGrid.place([[S(), S(1, 0)], [S(0, 1)]])
    assert [(p.repair, p.axis) for p in grid.problems] == [
        (Repair.OVERLAP, 'cols')]
    assert positions(grid)[2] == (1, 0, 1, 1)


def test_row_span_into_a_row_span_is_an_overlap() -> None:
    grid = TableGrid.place([[S(), S(2, 0)], [S(1, 1)], [S()]])
    assert (Repair.OVERLAP, 'cols') in [(p.repair, p.axis)
                                         for p in grid.problems]


def test_columns_without_a_beginning_cell_are_dropped() -> None:
    grid = TableGrid.place([[S(0, 4)], [S(), S(), S()]])
    assert grid.n_cols == 3
    assert grid.requested_cols == 5
    assert grid.column_starts == [0, 1, 2]
    assert positions(grid)[0] == (0, 0, 1, 3)
    assert [p.repair for p in grid.problems] == [Repair.PAST_LAST_COLUMN]
    # widths written for the requested columns keep their layout
    assert grid.merge_columns([1, 1, 1, 1, 5]) == [1, 1, 7]


def test_fixed_width_reports_cells_with_no_room() -> None:
    grid = TableGrid.place([[S(0, 5), S()]], n_cols=2)
    assert [p.repair for p in grid.problems] == [Repair.PAST_LAST_COLUMN,
                                                 Repair.NO_ROOM]
    assert positions(grid) == [(0, 0, 1, 2)]


def test_free_runs_widen_and_fillers() -> None:
    grid = TableGrid.place([[S(), S(1, 0), S()], [S()]])
    assert list(grid.free_runs(1)) == [(2, 2)]
    assert grid.is_free(range(1, 2), 2, 2)
    grid.widen(grid.cells[3], 0)
    filler = grid.add_filler(1, 2, 2)
    assert filler.source_index is None
    assert list(grid.free_runs(1)) == []
    assert [c.col for c in grid.row_cells(1)] == [0, 2]


def test_huge_spans_cost_nothing() -> None:
    tracemalloc.start()
    grid = TableGrid.place([[S(10**9, 10**9), S(0, 10**9)],
                            [S(), S()]] * 50)
    _, peak = tracemalloc.get_traced_memory()
    tracemalloc.stop()
    assert peak < 5_000_000
    assert grid.n_cols <= len(grid.cells)


def test_bands_number_body_rows_joined_by_row_spans() -> None:
    grid = TableGrid.place([[S(), S()], [S(1, 0), S()], [S()], [S(), S()]],
                           header_rows=1)
    assert grid.bands() == [None, 0, 0, 1]
    plain = TableGrid.place([[S()], [S()], [S()]], header_rows=1)
    assert plain.band_starts() is None
    assert plain.bands() == [None, 0, 1]


def test_the_grid_is_pure_placement() -> None:
    """tablegrid imports neither docutils nor Sphinx: the model is
    usable, and testable, without either."""
    loaded = subprocess.run(
        [sys.executable, '-c',
         'import sys, linuxdoc_builders.tablegrid; '
         'print(sorted({m.split(".")[0] for m in sys.modules} '
         '& {"docutils", "sphinx"}))'],
        capture_output=True, text=True, check=True)
    assert loaded.stdout.strip() == '[]'
