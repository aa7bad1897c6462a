# SPDX-License-Identifier: GPL-2.0-only
"""A docutils ``tgroup`` read into the table grid, and written back.

docutils describes a table as rows of ``entry`` nodes with ``morerows``
and ``morecols``; :class:`PlacedTGroup` places them on a
:class:`~linuxdoc_builders.tablegrid.TableGrid` (grid, list, csv and flat
tables alike, and whatever other directives or hand-made doctrees hold),
knows which cell each entry became, and can make the doctree say what the
grid says (:meth:`PlacedTGroup.write_back`), so that every writer, ours or
Sphinx's, gets complete and valid geometry.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import TYPE_CHECKING

from docutils import nodes

from linuxdoc_builders.tablegrid import (
    Cell,
    GridProblem,
    SpanRequest,
    TableGrid,
)
from linuxdoc_builders.widths import proportional_widths

if TYPE_CHECKING:
    from collections.abc import Iterator


@dataclass
class PlacedTGroup:
    """A ``tgroup``, its grid, and the cell of each of its entries."""

    tgroup: nodes.Element
    grid: TableGrid
    #: The rows of ``thead`` then ``tbody``, and their entries.
    rows: list[nodes.Element]
    entries: list[list[nodes.Element]]
    #: The cell of each entry, by ``id()``: entries are not hashable.
    _cells: dict[int, Cell] = field(default_factory=dict)

    @classmethod
    def read(cls, tgroup: nodes.Element) -> PlacedTGroup:
        """Place the entries of ``tgroup``.

        The width is the number of ``colspec``\\ s (the tgroup's ``cols``
        when it has none); header rows are the rows of ``thead``, stub
        columns the leading ``colspec``\\ s marked ``stub``.  Impossible
        spans are reduced and recorded in the grid's ``problems``.
        """
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
        entries: list[list[nodes.Element]] = [
            [e for e in row.children if isinstance(e, nodes.entry)]
            for row in header + body]
        grid = TableGrid.place(
            [[SpanRequest(_int_attribute(e, 'morerows'),
                          _int_attribute(e, 'morecols'))
              for e in row] for row in entries],
            header_rows=len(header), stub_columns=stub_columns,
            n_cols=len(colspecs) or max(_int_attribute(tgroup, 'cols', 1), 1))
        placed = cls(tgroup, grid, header + body, entries)
        for cell in grid.cells:
            if cell.source_index is not None:
                entry = entries[cell.source_row][cell.source_index]
                placed._cells[id(entry)] = cell
        return placed

    def cell_of(self, entry: nodes.Element) -> Cell | None:
        """The placed cell of an ``entry`` (None: no room for it)."""
        return self._cells.get(id(entry))

    def source_entry(self, problem: GridProblem) -> nodes.Element:
        """The ``entry`` a problem of the grid is about."""
        return self.entries[problem.source_row][problem.source_index]

    def write_back(self) -> None:
        """Make the ``tgroup`` say what the grid says.

        Spans become the granted ones, an entry with no room leaves its
        row, and every position no cell covers gets an empty entry, so a
        writer that trusts the doctree (Sphinx's LaTeX writer asserts) sees
        a complete, valid table.  Column widths that a writer cannot
        divide by (0, junk, sums beyond TeX's integers) are made
        proportional (:func:`~linuxdoc_builders.widths.proportional_widths`).
        """
        self._write_widths()
        for row, entries in zip(self.rows, self.entries, strict=True):
            for entry in entries:
                cell = self._cells.get(id(entry))
                if cell is None:
                    row.remove(entry)
                    continue
                _set_span(entry, 'morerows', cell.rowspan - 1)
                _set_span(entry, 'morecols', cell.colspan - 1)
        for y, row in enumerate(self.rows):
            for first, last in list(self.grid.free_runs(y)):
                filler = self.grid.add_filler(y, first, last)
                entry = nodes.entry()
                _set_span(entry, 'morecols', filler.colspan - 1)
                # before the first entry right of the gap (a row's
                # entries are in column order; it may hold comments too)
                index = next(
                    (i for i, child in enumerate(row.children)
                     if (c := self._cells.get(id(child))) is not None
                     and c.col > first), len(row.children))
                row.insert(index, entry)
                self._cells[id(entry)] = filler

    def _write_widths(self) -> None:
        colspecs = [c for c in self.tgroup.children
                    if isinstance(c, nodes.colspec) and 'colwidth' in c]
        # a width given as a string ("2*") is docutils' business
        if not colspecs or any(isinstance(c['colwidth'], str)
                               for c in colspecs):
            return
        widths = proportional_widths([c['colwidth'] for c in colspecs])
        for colspec, width in zip(colspecs, widths or (), strict=False):
            colspec['colwidth'] = width

    def placed_entries(self) -> Iterator[tuple[nodes.Element, Cell]]:
        """Every ``entry`` with its cell, row by row: after
        :meth:`write_back` that is every cell of the grid, fillers
        included."""
        for row in self.rows:
            for entry in row.children:
                cell = self._cells.get(id(entry))
                if cell is not None and isinstance(entry, nodes.Element):
                    yield entry, cell


def in_a_cell(node: nodes.Element) -> bool:
    """Whether ``node`` is inside a table cell (a nested table is)."""
    parent = node.parent
    while parent is not None:
        if isinstance(parent, nodes.entry):
            return True
        parent = parent.parent
    return False


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
    except (TypeError, ValueError, OverflowError):
        return default
