# SPDX-License-Identifier: GPL-2.0-only
"""A table too wide for any page, as tables of a few of its columns each.

Both PDF routes set a table that does not fit the line smaller, down to
half its size, and then break its words between any two characters.
A table of more columns than half a line holds even so (each column
needs its padding and a character or two) could only be set smaller
still: the 300 columns of a register map at 5 % of the font size.
Such a table is split into column groups instead, each a table of its
own with the stub columns again on its left, its header rows, and its
caption with the columns it shows ("(columns 12-22 of 300)").  A cell
spanning columns of two groups is shown in each, spanning the columns
it has there.  Each route chooses the groups from its own measure of
the columns (:func:`groups_by_width`); the doctree work is here.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from docutils import nodes
from sphinx.locale import __

if TYPE_CHECKING:
    from collections.abc import Sequence

    from linuxdoc_builders.table_nodes import PlacedTGroup


#: The attribute of each part of a split table: the ids of the table it
#: is part of (none, for a table without ids: test with ``hasattr``); a
#: group's ``tgroup`` has it set to True.
GROUP_OF = 'linuxdoc_column_group_of'


def groups_by_width(widths: Sequence[float], stubs: int, room: float
                    ) -> list[range]:
    """The data columns in consecutive groups whose ``widths``, with the
    ``stubs`` first columns', fit in ``room``; a column wider than that
    alone is a group of its own."""
    stub_width = sum(widths[:stubs])
    groups: list[range] = []
    start, used = stubs, stub_width
    for x in range(stubs, len(widths)):
        if x > start and used + widths[x] > room:
            groups.append(range(start, x))
            start, used = x, stub_width
        used += widths[x]
    if start < len(widths):
        groups.append(range(start, len(widths)))
    return groups


def split_table(table: nodes.table, placed: PlacedTGroup,
                groups: Sequence[range]) -> list[nodes.table]:
    """``table`` (of one ``tgroup``, placed) as one table per group of
    its data columns, each with the stub columns before them.  The first
    keeps the table's ids, so references land on it; every part knows
    them (:data:`GROUP_OF`), to print the table's number."""
    n_cols = placed.grid.n_cols
    stubs = placed.grid.stub_columns
    tables = []
    for number, group in enumerate(groups):
        columns = [*range(stubs), *group]
        part = table.copy()
        part[GROUP_OF] = list(table['ids'])
        if number:
            part['ids'] = []
            part['names'] = []
        for child in table.children:
            if isinstance(child, nodes.title):
                title = child.deepcopy()
                title += nodes.Text(' ' + __('(columns %d-%d of %d)') % (
                    group.start + 1, group.stop, n_cols))
                part += title
        part += group_tgroup(placed, columns)
        tables.append(part)
    return tables


def group_tgroup(placed: PlacedTGroup, columns: list[int]) -> nodes.tgroup:
    """A ``tgroup`` of ``columns`` of ``placed``: each cell that covers
    any of them, spanning those it covers (marked :data:`GROUP_OF`)."""
    shown = set(columns)
    colspecs = [c for c in placed.tgroup.children
                if isinstance(c, nodes.colspec)]
    tgroup = nodes.tgroup(cols=len(columns))
    tgroup[GROUP_OF] = True
    for x in columns:
        tgroup += (colspecs[x].deepcopy() if x < len(colspecs)
                   else nodes.colspec(colwidth=1))
    parts = {'head': nodes.thead(), 'body': nodes.tbody()}
    rows: dict[int, nodes.row] = {}
    for entry, cell in placed.placed_entries():
        covered = [x for x in range(cell.col, cell.last_col + 1)
                   if x in shown]
        if not covered:
            continue
        part = entry.deepcopy()
        part.attributes.pop('morecols', None)
        if len(covered) > 1:
            part['morecols'] = len(covered) - 1
        if cell.row not in rows:
            rows[cell.row] = nodes.row()
        rows[cell.row] += part
    for y in range(placed.grid.n_rows):
        row = rows.get(y, nodes.row())
        parts['head' if y < placed.grid.header_rows else 'body'] += row
    if parts['head'].children:
        tgroup += parts['head']
    tgroup += parts['body']
    return tgroup
