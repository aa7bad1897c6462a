# SPDX-License-Identifier: GPL-2.0-only
"""Tables and cells taller than a page, cut where LaTeX can break them.

LaTeX breaks a table between pages only between the rows of a
``longtable``, and Sphinx sets a table of 30 rows or fewer as a
``tabular``, a box that never breaks: the part below the page's bottom
is lost, with an "Overfull \\vbox" in the log.  A single row cannot break
either, so a cell taller than a page loses its end, and the next row
with it.

:class:`CutTallTables` estimates each table's height from its text and
column widths (:mod:`linuxdoc_builders.latex.widths`), at the size it is
set in the room it has (:class:`Room`).  A table taller
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
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

from docutils import nodes
from sphinx.locale import __
from sphinx.transforms.post_transforms import SphinxPostTransform
from sphinx.util import logging

from linuxdoc_builders.column_groups import split_table
from linuxdoc_builders.latex.given_widths import (
    SCALE_ATTRIBUTE,
    fit_given_widths,
    setting_of,
    text_size,
)
from linuxdoc_builders.latex.widths import (
    PADDING_UNITS,
    column_groups,
    column_units,
    line_share,
    rows_of_text,
)
from linuxdoc_builders.table_messages import lined, shorten
from linuxdoc_builders.table_nodes import PlacedTGroup, in_a_cell

if TYPE_CHECKING:
    from sphinx.config import Config

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
                    room = Room.of(part, inner, placed, self.config)
                    if shorten_tall_header(part, inner, placed, room):
                        placed = PlacedTGroup.read(inner)
                    cut_tall_rows(part, placed, room)


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


@dataclass(frozen=True)
class Room:
    """The room a table's text has, as the translator sets it: each
    column's width in units of the body's font, the text's size against
    the body's (raw LaTeX's ``\\small``, the table set smaller), and the
    lines of that size a page holds.  Counted at the body's size, the
    kernel's ``\\small`` table of reserved formats had a cell of 41 lines
    cut in three, the page holding 58."""

    units: list[float]
    size: float
    page_lines: float

    @classmethod
    def of(cls, table: nodes.table, tgroup: nodes.Element,
           placed: PlacedTGroup, config: Config) -> Room:
        size = text_size(table, config)
        units, content_scale = column_units(tgroup, placed, size,
                                            line_share(table))
        scale = table.get(SCALE_ATTRIBUTE, content_scale)
        return cls(units, size * scale,
                   setting_of(table, config).scaled(scale).page_lines)

    def width(self, cell: Cell) -> float:
        """The cell's width in units of its text's own size."""
        return (sum(self.units[cell.col:cell.last_col + 1])
                + PADDING_UNITS * (cell.colspan - 1)) / self.size

    def lines(self, element: nodes.Element, cell: Cell) -> float:
        """About how many lines of the cell's text ``element`` takes."""
        return rows_of_text(element, self.width(cell),
                            cell.is_header or cell.is_stub)


def cut_tall_rows(table: nodes.table, placed: PlacedTGroup, room: Room
                  ) -> None:
    """Cut the rows with a cell taller than a page; make ``table`` a
    longtable if it is taller than a page."""
    height = 0.0
    tall: list[tuple[nodes.Element, list[list[list[nodes.Node]]]]] = []
    for row in placed.rows:
        entries = [(e, placed.cell_of(e)) for e in row.children
                   if isinstance(e, nodes.entry)]
        lines = [room.lines(e, c) for e, c in entries if c is not None]
        row_lines = max(lines, default=1.0)
        height += row_lines
        if row_lines > room.page_lines and \
                _cuttable(placed, row, entries):
            for entry, cell in entries:
                if cell is not None:
                    split_tall_paragraphs(entry, cell, room)
            tall.append((row, [_chunks(e, c, room) for e, c in entries
                               if c is not None]))
    # a table in a cell too: the translator lets a longtable hold one
    if height > room.page_lines and 'longtable' not in table['classes']:
        table['classes'].append('longtable')
    for row, chunks in tall:
        _cut(row, chunks)


#: The share of a page that header rows repeated on every page may take.
HEADER_SHARE = 0.5


def shorten_tall_header(table: nodes.table, tgroup: nodes.Element,
                        placed: PlacedTGroup, room: Room) -> bool:
    """Where the header rows take more than :data:`HEADER_SHARE` of a
    page: move them to the top of the body, and head the table with a
    copy of them shortened to a line per cell; whether it did."""
    thead = next((part for part in tgroup.children
                  if isinstance(part, nodes.thead)), None)
    tbody = next((part for part in tgroup.children
                  if isinstance(part, nodes.tbody)), None)
    if thead is None or tbody is None:
        return False
    rows = [row for row in thead.children if isinstance(row, nodes.row)]
    height = 0.0
    for row in rows:
        entries = [(entry, placed.cell_of(entry)) for entry in row.children
                   if isinstance(entry, nodes.entry)]
        height += max((room.lines(entry, cell)
                       for entry, cell in entries if cell is not None),
                      default=1.0)
    if height <= room.page_lines * HEADER_SHARE:
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
                               max(int(0.8 * room.width(cell)) - 1, 4))
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


def split_tall_paragraphs(entry: nodes.Element, cell: Cell, room: Room
                          ) -> None:
    """Cut each paragraph of ``entry`` taller than half a page between
    words into paragraphs of about half a page; inline mark-up is never
    cut."""
    for paragraph in [c for c in entry.children
                      if isinstance(c, nodes.paragraph)]:
        lines = room.lines(paragraph, cell)
        if lines <= room.page_lines / 2:
            continue
        parts = math.ceil(lines / (room.page_lines * 0.4))
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


def _chunks(entry: nodes.Element, cell: Cell, room: Room
            ) -> list[list[nodes.Node]]:
    """The entry's children in groups of at most half a page."""
    chunks: list[list[nodes.Node]] = [[]]
    lines = 0.0
    for child in entry.children:
        child_lines = room.lines(child, cell) \
            if isinstance(child, nodes.Element) else 1.0
        if chunks[-1] and lines + child_lines > room.page_lines / 2:
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
