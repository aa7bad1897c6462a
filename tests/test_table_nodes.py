# SPDX-License-Identifier: GPL-2.0-only
"""PlacedTGroup: any docutils tgroup read into the grid and written back."""

from __future__ import annotations

from docutils import nodes
from docutils.core import publish_doctree

from linuxdoc_builders.table_nodes import PlacedTGroup
from linuxdoc_builders.tablegrid import Repair, TableGrid


def positions(grid: TableGrid) -> list[tuple[int, int, int, int]]:
    return [(c.row, c.col, c.rowspan, c.colspan) for c in grid.cells]


def _tgroup(text: str) -> nodes.Element:
    doctree = publish_doctree(text, settings_overrides={
        'report_level': 5, 'warning_stream': False})
    return next(doctree.findall(nodes.tgroup))


def test_read_places_grid_table_entries() -> None:
    tgroup = _tgroup('''
+-----+-----+-----+
| A   | B         |
+=====+=====+=====+
| C   | D   | E   |
|     +-----+-----+
|     | F   | G   |
+-----+-----+-----+
''')
    placed = PlacedTGroup.read(tgroup)
    grid = placed.grid
    assert (grid.n_rows, grid.n_cols, grid.header_rows) == (3, 3, 1)
    by_text = {e.astext(): placed.cell_of(e)
               for e in tgroup.findall(nodes.entry)}
    assert (by_text['B'].col, by_text['B'].colspan) == (1, 2)
    assert (by_text['C'].rowspan, by_text['F'].col) == (2, 1)
    assert by_text['A'].is_header and not by_text['F'].is_header
    assert not grid.problems


def test_read_reads_stubs_and_repairs_hand_made_spans() -> None:
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
    placed = PlacedTGroup.read(tgroup)
    grid = placed.grid
    assert grid.stub_columns == 1
    # 'a' keeps one extra row, so 'c' moves to column 1 and 'd' has no room
    assert [p.repair for p in grid.problems] == [Repair.PAST_LAST_ROW,
                                                 Repair.NO_ROOM]
    assert placed.cell_of(entries[0]).is_stub
    assert placed.cell_of(entries[2]).col == 1
    assert not placed.cell_of(entries[2]).is_stub
    assert placed.cell_of(entries[3]) is None


def test_read_reports_negative_spans_and_survives_junk() -> None:
    tgroup = _tgroup('''
.. list-table::

   * - a
     - b
''')
    entries = list(tgroup.findall(nodes.entry))
    entries[0]['morecols'] = -3
    tgroup['cols'] = 'junk'
    placed = PlacedTGroup.read(tgroup)
    grid = placed.grid
    assert grid.n_cols == 2  # from the colspecs
    assert [(p.repair, p.requested, p.granted) for p in grid.problems] == [
        (Repair.NEGATIVE, -3, 0)]
    assert placed.source_entry(grid.problems[0]) is entries[0]
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
    placed = PlacedTGroup.read(tgroup)
    placed.write_back()
    rows = [[(e.get('morerows', 0), e.get('morecols', 0), e.astext())
             for e in row.findall(nodes.entry)]
            for row in tgroup.findall(nodes.row)]
    # 'c' finds no room; row 2 gets 'd' beside the span and an empty
    # filler; row 3 keeps 'f', 'g' and loses 'h' (no room)
    assert rows == [[(2, 0, 'a'), (0, 1, 'b')],
                    [(0, 0, 'd'), (0, 0, '')],
                    [(0, 0, 'f'), (0, 0, 'g')]]
    again = PlacedTGroup.read(tgroup).grid
    assert not again.problems
    assert all(not list(again.free_runs(y)) for y in range(again.n_rows))
