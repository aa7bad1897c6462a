# SPDX-License-Identifier: GPL-2.0-only
"""The linuxlatex translator: Sphinx's LaTeX writer, with valid table
geometry, header colours kept on merged header cells, row spans named
where a page break cuts them, and links into other books.

Tables arrive repaired (:mod:`linuxdoc_builders.transforms`); the
translator asks the grid which cells are header cells and how many merged
cells a row begins with.  Where it adjusts what Sphinx's writer wrote, it
checks that the writer wrote what it expects, and says so if not
(:mod:`linuxdoc_builders.latex.checks`).
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from docutils import nodes
from sphinx.writers.latex import LaTeXTranslator

from linuxdoc_builders.books import parse_book_uri
from linuxdoc_builders.latex.checks import STRUT_MACRO, writer_changed
from linuxdoc_builders.table_messages import shorten
from linuxdoc_builders.transforms import repair

if TYPE_CHECKING:
    from linuxdoc_builders.table_nodes import PlacedTGroup

#: Characters of a merged cell's text repeated on a continuation page.
_CONTINUED_LENGTH = 24


class LinuxLaTeXTranslator(LaTeXTranslator):
    """LaTeX translator that hands Sphinx's table writer valid geometry."""

    #: The open tgroup (Sphinx's writer does not nest tables), and the
    #: number of its rows begun.
    _placed: PlacedTGroup | None = None
    _rows_begun = 0

    def visit_tgroup(self, node: nodes.Element) -> None:
        self._placed = repair(node)
        self._rows_begun = 0
        super().visit_tgroup(node)

    def depart_tgroup(self, node: nodes.Element) -> None:
        self._placed = None
        super().depart_tgroup(node)

    def visit_row(self, node: nodes.Element) -> None:
        """Draw the rule left of a continued multi-column cell once.

        A row that begins with the lower parts of merged cells gets a
        ``\\multicolumn{N}{|l|}`` for each wide one; after the first, the
        left ``|`` doubles the rule the column before already draws (the
        ``standard`` style shows it as one thick rule).  The grid says how
        many such cells the row begins with; a writer that no longer
        writes them so is reported, not silently left double.
        """
        start = len(self.body)
        super().visit_row(node)
        y = self._rows_begun
        self._rows_begun += 1
        assert self.table is not None
        colsep = self.table.colsep
        if not colsep or self._placed is None:
            return
        doubled = '{%sl%s}' % (colsep, colsep)
        found = 0
        for i in range(max(start, 1), len(self.body)):
            if self.body[i - 1] == '&' and doubled in self.body[i]:
                self.body[i] = self.body[i].replace(
                    doubled, '{l%s}' % colsep, 1)
                found += 1
        if found != _continued_wide_cells(self._placed, y):
            writer_changed(__name__ + '.visit_row', self._placed.tgroup)

    def visit_entry(self, node: nodes.Element) -> None:
        """Register row-spanning body cells with linuxdoc.sty, and write a
        row-spanning header cell into its first row only.

        Sphinx typesets a merged cell with ``\\sphinxmultirow``, whose text
        runs down into the rows below; so that their colour panels do not
        hide it, it clears the colour of every part of the cell, which
        leaves merged header cells white in the coloured header.  Header
        rows all share one colour, so here the cell's text goes into its
        first row as an ordinary cell (the row grows to fit it) and the
        parts below stay coloured; the table model still knows the cell
        covers them, so no rule is drawn across it.
        """
        placed = self._placed
        cell = placed.cell_of(node) if placed is not None else None
        if cell is None or not cell.is_header or cell.rowspan == 1:
            super().visit_entry(node)
            if node.get('morerows'):
                self._register_merged_cell(node)
            return
        morerows = node['morerows']
        del node['morerows']
        try:
            super().visit_entry(node)
        finally:
            node['morerows'] = morerows
        table = self.table
        assert table is not None
        written = table.cell()
        assert written is not None
        for row in range(table.row + 1, table.row + cell.rowspan):
            for col in range(table.col, table.col + written.width):
                table.cells[row, col] = table.cell_id
        # The writer marks the parts below with \sphinxtablestrut{ID},
        # whose macro a merged cell of an earlier table may have defined
        # (ids restart in every table): make it do nothing.
        self.body.append(r'\expandafter\global\expandafter\let'
                         r'\csname %s%d\endcsname\relax'
                         % (STRUT_MACRO, table.cell_id))

    def _register_merged_cell(self, node: nodes.Element) -> None:
        """Tell linuxdoc.sty the text to repeat, shortened, where a page
        break cuts this row span."""
        assert self.table is not None
        text = shorten(node.astext(), _CONTINUED_LENGTH)
        self.body.append(r'\linuxdocmergedcell{%d}{%s}'
                         % (self.table.cell_id, self.encode(text)))

    def hypertarget(self, id: str, withdoc: bool = True,
                    anchor: bool = True) -> str:
        """Every label is also a named destination of the same name when
        the builder writes books, so that other books can link to it
        (hyperref's own destination names are counters)."""
        target: str = super().hypertarget(id, withdoc, anchor)
        if not getattr(self.builder, 'writes_books', False):
            return target
        name = self.curfilestack[-1] + ':' + id if withdoc else id
        return target + r'\linuxdocdestination{%s}' % self.idescape(name)

    def visit_reference(self, node: nodes.Element) -> None:
        """A reference into another book links to that book's PDF."""
        other = parse_book_uri(node.get('refuri', ''))
        if other is None:
            super().visit_reference(node)
            return
        self.body.append(self._href(*other))
        self.context.append('}')

    def visit_number_reference(self, node: nodes.Element) -> None:
        """A ``:numref:`` into another book prints the number that book
        prints, as a link to it."""
        other = parse_book_uri(node.get('refuri', ''))
        if other is None:
            super().visit_number_reference(node)
            return
        builder: Any = self.builder
        number = builder.number_in_book(*other)
        title = node.get('title', '%s')
        text = (title.replace('{number}', number).replace('{name}', '')
                if '{number}' in title else title % number)
        self.body.append(self._href(*other) + self.encode(text) + '}')
        raise nodes.SkipNode

    def _href(self, target: str, name: str) -> str:
        return r'\sphinxhref{%s}{' % self.encode_uri(f'{target}.pdf#{name}')

    def depart_table(self, node: nodes.Element) -> None:
        # before the table, which the writer renders from here
        assert self.table is not None
        self.body.append(r'\linuxdoctablestart{%d}' % int(
            self.table.get_table_type() == 'longtable') + '\n')
        super().depart_table(node)


def _continued_wide_cells(placed: PlacedTGroup, y: int) -> int:
    """How many cells wider than a column, merged from rows above, row
    ``y`` begins with after its first column: Sphinx's writer writes each
    as a ``\\multicolumn`` after an ``&``."""
    grid = placed.grid
    count = 0
    x = 0
    while x < grid.n_cols and (cell := grid.cell_at(y, x)) is not None \
            and cell.row < y:
        count += cell.colspan > 1 and x > 0
        x = cell.last_col + 1
    return count
