# SPDX-License-Identifier: GPL-2.0-only
"""TableGrid: true positions, repairs with reasons, bounded by cell count."""

from __future__ import annotations

import tracemalloc

from docutils import nodes
from docutils.core import publish_doctree

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


def _tgroup(text: str) -> nodes.Element:
    doctree = publish_doctree(text, settings_overrides={
        'report_level': 5, 'warning_stream': False})
    return next(doctree.findall(nodes.tgroup))


def test_from_tgroup_places_grid_table_entries() -> None:
    tgroup = _tgroup('''
+-----+-----+-----+
| A   | B         |
+=====+=====+=====+
| C   | D   | E   |
|     +-----+-----+
|     | F   | G   |
+-----+-----+-----+
''')
    grid = TableGrid.from_tgroup(tgroup)
    assert (grid.n_rows, grid.n_cols, grid.header_rows) == (3, 3, 1)
    by_text = {e.astext(): grid.cell_of(e)
               for e in tgroup.findall(nodes.entry)}
    assert (by_text['B'].col, by_text['B'].colspan) == (1, 2)
    assert (by_text['C'].rowspan, by_text['F'].col) == (2, 1)
    assert by_text['A'].is_header and not by_text['F'].is_header
    assert not grid.problems


def test_from_tgroup_reads_stubs_and_repairs_hand_made_spans() -> None:
    tgroup = _tgroup('''
.. list-table::
   :stub-columns: 1

   * - a
     - b
   * - c
     - d
''')
    entries = list(tgroup.findall(nodes.entry))
    entries[0]['morerows'] = 5
    entries[1]['morecols'] = 'junk'
    grid = TableGrid.from_tgroup(tgroup)
    assert grid.stub_columns == 1
    # 'a' keeps one extra row, so 'c' moves to column 1 and 'd' has no room
    assert [p.repair for p in grid.problems] == [Repair.PAST_LAST_ROW,
                                                 Repair.NO_ROOM]
    assert grid.cell_of(entries[0]).is_stub
    assert grid.cell_of(entries[2]).col == 1
    assert not grid.cell_of(entries[2]).is_stub
    assert grid.cell_of(entries[3]) is None


def test_from_tgroup_reports_negative_spans_and_survives_junk() -> None:
    tgroup = _tgroup('''
.. list-table::

   * - a
     - b
''')
    entries = list(tgroup.findall(nodes.entry))
    entries[0]['morecols'] = -3
    tgroup['cols'] = 'junk'
    grid = TableGrid.from_tgroup(tgroup)
    assert grid.n_cols == 2  # from the colspecs
    assert [(p.repair, p.requested, p.granted) for p in grid.problems] == [
        (Repair.NEGATIVE, -3, 0)]
    assert grid.source_entry(grid.problems[0]) is entries[0]
    assert positions(grid) == [(0, 0, 1, 1), (0, 1, 1, 1)]


def test_write_back_makes_the_tgroup_complete_and_valid() -> None:
    tgroup = _tgroup('''
.. list-table::

   * - a
     - b
     - c
   * - d
     - e
     - x
   * - f
     - g
     - h
''')
    entries = list(tgroup.findall(nodes.entry))
    for extra in entries[4:6]:  # a short row: only 'd'
        extra.parent.remove(extra)
    entries[0]['morerows'] = 9   # past the last row: reduced to 2
    entries[1]['morecols'] = 5   # past the last column: reduced to 1
    grid = TableGrid.from_tgroup(tgroup)
    grid.write_back()
    rows = [[(e.get('morerows', 0), e.get('morecols', 0), e.astext())
             for e in row.findall(nodes.entry)]
            for row in tgroup.findall(nodes.row)]
    # 'c' finds no room; row 2 gets 'd' beside the span and an empty
    # filler; row 3 keeps 'f', 'g' and loses 'h' (no room)
    assert rows == [[(2, 0, 'a'), (0, 1, 'b')],
                    [(0, 0, 'd'), (0, 0, '')],
                    [(0, 0, 'f'), (0, 0, 'g')]]
    again = TableGrid.from_tgroup(tgroup)
    assert not again.problems
    assert all(not list(again.free_runs(y)) for y in range(again.n_rows))
