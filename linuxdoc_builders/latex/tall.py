# SPDX-License-Identifier: GPL-2.0-only
"""Tables and cells taller than a page, cut where LaTeX can break them.

LaTeX breaks a table between pages only between the rows of a
``longtable``, and Sphinx sets a table of 30 rows or fewer as a
``tabular``, a box that never breaks: the part below the page's bottom
is lost, with an "Overfull \\vbox" in the log.  A single row cannot break
either, so a cell taller than a page loses its end, and the next row
with it.

:class:`CutTallTables` estimates each table's height from its text and
column widths (:mod:`linuxdoc_builders.latex.widths`).  A table taller
than a page becomes a ``longtable`` (Sphinx's ``longtable`` class).  A
row with a cell taller than a page is cut between the cell's paragraphs
into rows of at most half a page each; the row's other cells span all
of them, so ``linuxdoc.sty`` names them again on the next page.  A
single paragraph taller than half a page is first cut between its words
into paragraphs of about half a page (:func:`split_tall_paragraphs`):
a row cannot break, and its end was lost past the page's foot.

Header rows taller than half a page (:func:`shorten_tall_header`) are
set once, in full, as the table's first rows (cut like any other), and
the header repeated on every page is a copy of them shortened to a line
per cell, as linuxpdf repeats them: a longtable repeats its whole header
on every page, and one taller than the page showed nothing but the
header's first lines, page after page.
"""

from __future__ import annotations

import math
from collections.abc import Sequence
from typing import TYPE_CHECKING, Any

from docutils import nodes
from sphinx.locale import __
from sphinx.transforms.post_transforms import SphinxPostTransform
from sphinx.util import logging

from linuxdoc_builders.column_groups import split_table
from linuxdoc_builders.latex.given_widths import fit_given_widths
from linuxdoc_builders.latex.widths import (
    PADDING_UNITS,
    PAGE_LINES,
    column_groups,
    column_units,
    rows_of_text,
)
from linuxdoc_builders.table_messages import lined, shorten
from linuxdoc_builders.table_nodes import PlacedTGroup, in_a_cell

if TYPE_CHECKING:
    from linuxdoc_builders.tablegrid import Cell

logger = logging.getLogger(__name__)


class CutTallTables(SphinxPostTransform):
    """Make tall tables breakable between pages (LaTeX builds only),
    once their ``tabularcolumns`` are wide enough for their text
    (:func:`~linuxdoc_builders.latex.given_widths.fit_given_widths`)."""

    builders = ('latex', 'linuxlatex')
    # after the tables are repaired (linuxdoc_builders.transforms)
    default_priority = 6

    def run(self, **kwargs: Any) -> None:
        # the translator is ours unless the project turned it off
        from linuxdoc_builders.latex.translator import LinuxLaTeXTranslator
        from linuxdoc_builders.translators import build_uses
        if not build_uses(self.app, LinuxLaTeXTranslator):
            return
        for tgroup in list(self.document.findall(nodes.tgroup)):
            table = tgroup.parent
            if isinstance(table, nodes.table) and \
                    not in_a_cell(table):
                for part in _column_groups(table, PlacedTGroup.read(tgroup)):
                    inner = next(part.findall(nodes.tgroup))
                    placed = PlacedTGroup.read(inner)
                    fit_given_widths(part, placed, self.config)
                    if shorten_tall_header(part, inner, placed):
                        placed = PlacedTGroup.read(inner)
                    cut_tall_rows(part, inner, placed)


def _column_groups(table: nodes.table, placed: PlacedTGroup
                   ) -> list[nodes.table]:
    """``table``, or the tables of its column groups in its place, where
    it has more columns than a line holds at half its size."""
    groups = column_groups(placed)
    if groups is None or len(groups) < 2:
        return [table]
    parts = split_table(table, placed, groups)
    logger.warning(__('this table has more columns than the line holds at '
                      'half the font size: it is set as %d tables of '
                      'some of its columns each, its stub columns on '
                      'the left of each'), len(parts),
                   location=lined(table), type='linuxdoc',
                   subtype='latex_width')
    table.replace_self(parts)
    return parts


def cut_tall_rows(table: nodes.table, tgroup: nodes.Element,
                  placed: PlacedTGroup) -> None:
    """Cut the rows with a cell taller than a page; make ``table`` a
    longtable if it is taller than a page."""
    units = column_units(tgroup, placed)
    height = 0.0
    tall: list[tuple[nodes.Element, list[list[list[nodes.Node]]]]] = []
    for row in placed.rows:
        entries = [(e, placed.cell_of(e)) for e in row.children
                   if isinstance(e, nodes.entry)]
        lines = [_lines(e, c, units) for e, c in entries if c is not None]
        row_lines = max(lines, default=1.0)
        height += row_lines
        if row_lines > PAGE_LINES and _cuttable(placed, row, entries):
            for entry, cell in entries:
                if cell is not None:
                    split_tall_paragraphs(entry, _width(cell, units),
                                          cell.is_header or cell.is_stub)
            tall.append((row, [_chunks(e, c, units) for e, c in entries
                               if c is not None]))
    # a table in a cell too: the translator lets a longtable hold one
    if height > PAGE_LINES and 'longtable' not in table['classes']:
        table['classes'].append('longtable')
    for row, chunks in tall:
        _cut(row, chunks)


#: The share of a page that header rows repeated on every page may take.
HEADER_SHARE = 0.5


def shorten_tall_header(table: nodes.table, tgroup: nodes.Element,
                        placed: PlacedTGroup) -> bool:
    """Where the header rows take more than :data:`HEADER_SHARE` of a
    page: move them to the top of the body, and head the table with a
    copy of them shortened to a line per cell; whether it did."""
    thead = next((part for part in tgroup.children
                  if isinstance(part, nodes.thead)), None)
    tbody = next((part for part in tgroup.children
                  if isinstance(part, nodes.tbody)), None)
    if thead is None or tbody is None:
        return False
    units = column_units(tgroup, placed)
    rows = [row for row in thead.children if isinstance(row, nodes.row)]
    height = 0.0
    for row in rows:
        entries = [(entry, placed.cell_of(entry)) for entry in row.children
                   if isinstance(entry, nodes.entry)]
        height += max((_lines(entry, cell, units)
                       for entry, cell in entries if cell is not None),
                      default=1.0)
    if height <= PAGE_LINES * HEADER_SHARE:
        return False
    short = []
    for row in rows:
        copy = row.copy()
        for entry in row.children:
            if not isinstance(entry, nodes.entry):
                continue
            cell = placed.cell_of(entry)
            line = entry.copy()
            if cell is not None:
                # the header's font is wider than the body's the
                # estimate counts in
                text = shorten(entry.astext(),
                               max(int(0.8 * _width(cell, units)) - 1, 4))
                line += nodes.paragraph(text, text)
            copy += line
        short.append(copy)
    thead.children = []
    thead.extend(short)
    for index, row in enumerate(rows):
        tbody.insert(index, row)
    if 'longtable' not in table['classes']:
        table['classes'].append('longtable')
    logger.verbose(__('the header rows of this table take more than half a '
                      'page: they are set once in full, and repeated on '
                      'the pages it continues on shortened to a line per '
                      'cell'), location=lined(table))
    return True


def _width(cell: Cell, units: list[float]) -> float:
    return sum(units[cell.col:cell.last_col + 1]) + \
        PADDING_UNITS * (cell.colspan - 1)


def _lines(entry: nodes.Element, cell: Cell, units: list[float]) -> float:
    return rows_of_text(entry, _width(cell, units),
                        cell.is_header or cell.is_stub)


def _cuttable(placed: PlacedTGroup, row: nodes.Element,
              entries: Sequence[tuple[nodes.Element, Cell | None]]
              ) -> bool:
    """A body row that no row span enters or leaves."""
    if any(c is None or c.rowspan > 1 or c.is_header for _, c in entries):
        return False
    y = placed.rows.index(row)
    return all(cell.row == y for cell in (
        placed.grid.cell_at(y, x) for x in range(placed.grid.n_cols))
        if cell is not None)


def split_tall_paragraphs(entry: nodes.Element, width: float,
                          wide: bool) -> None:
    """Cut each paragraph of ``entry`` taller than half a page, in a
    column ``width`` units wide, between words into paragraphs of about
    half a page; inline mark-up is never cut."""
    for paragraph in [c for c in entry.children
                      if isinstance(c, nodes.paragraph)]:
        lines = rows_of_text(paragraph, width, wide)
        if lines <= PAGE_LINES / 2:
            continue
        parts = math.ceil(lines / (PAGE_LINES * 0.4))
        target = len(paragraph.astext()) / parts
        pieces = _cut_paragraph(paragraph, target)
        parent = paragraph.parent
        assert parent is not None
        index = parent.index(paragraph)
        parent[index:index + 1] = pieces


def _cut_paragraph(paragraph: nodes.paragraph, target: float
                   ) -> list[nodes.paragraph]:
    """``paragraph`` as paragraphs of about ``target`` characters each,
    cut at spaces of its own text."""
    pieces = [paragraph.copy()]
    length = 0
    for child in list(paragraph.children):
        if not isinstance(child, nodes.Text):
            pieces[-1] += child.deepcopy()
            length += len(child.astext())
            continue
        text = str(child)
        while length + len(text) > target:
            cut = text.rfind(' ', 0, max(1, int(target - length)) + 1)
            if cut <= 0:
                cut = text.find(' ', 1)
            if cut <= 0:
                break
            pieces[-1] += nodes.Text(text[:cut])
            pieces.append(paragraph.copy())
            text, length = text[cut + 1:], 0
        if text:
            pieces[-1] += nodes.Text(text)
            length += len(text)
    return [piece for piece in pieces if piece.children]


def _chunks(entry: nodes.Element, cell: Cell, units: list[float]
            ) -> list[list[nodes.Node]]:
    """The entry's children in groups of at most half a page."""
    width = _width(cell, units)
    wide = cell.is_header or cell.is_stub
    chunks: list[list[nodes.Node]] = [[]]
    lines = 0.0
    for child in entry.children:
        child_lines = rows_of_text(child, width, wide) \
            if isinstance(child, nodes.Element) else 1.0
        if chunks[-1] and lines + child_lines > PAGE_LINES / 2:
            chunks.append([])
            lines = 0.0
        chunks[-1].append(child)
        lines += child_lines
    return chunks


def _cut(row: nodes.Element, chunks: list[list[list[nodes.Node]]]) -> None:
    """Replace ``row`` by as many rows as its longest list of chunks; a
    cell with one chunk spans them all."""
    n_rows = max(len(c) for c in chunks)
    entries = [e for e in row.children if isinstance(e, nodes.entry)]
    new_rows = [nodes.row() for _ in range(n_rows - 1)]
    for entry, parts in zip(entries, chunks, strict=True):
        if len(parts) == 1:
            entry['morerows'] = n_rows - 1
            continue
        del entry[:]
        entry.extend(parts[0])
        for k, new_row in enumerate(new_rows, 1):
            part = nodes.entry('', *parts[k]) if k < len(parts) \
                else nodes.entry()
            if entry.get('morecols'):
                part['morecols'] = entry['morecols']
            new_row += part
    parent = row.parent
    assert parent is not None
    index = parent.index(row)
    for k, new_row in enumerate(new_rows, 1):
        parent.insert(index + k, new_row)
