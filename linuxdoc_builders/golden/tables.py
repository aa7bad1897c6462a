# SPDX-License-Identifier: GPL-2.0-only
"""A table as a reader sees it: which cell is where, how far it spans,
whether it is a header, a stub or data, and its text.

The HTML and LaTeX readers fill the same ``TableView`` so that a table
reads in the same words whatever the format: one line per cell, and a
moved span or a lost stub changes exactly that cell's line.  The readers
take their placement from the rendered output (the HTML table model, the
slots of a LaTeX row), never from ``tablegrid``: they check what the
builders wrote, so they must not share its model.
"""

from __future__ import annotations

import re
from dataclasses import dataclass, field
from enum import Enum


class Kind(Enum):
    """What a cell is to a reader."""

    HEADER = 'header'
    STUB = 'stub'
    DATA = 'data'


@dataclass(frozen=True)
class GridCell:
    """One cell at its true position (0-based) and its extent."""

    row: int
    column: int
    rowspan: int
    colspan: int
    kind: Kind
    text: str

    def line(self) -> str:
        """The cell in one line, counted from 1 as messages do."""
        where = f'row {self.row + 1}, column {self.column + 1}'
        extent = ''
        if self.rowspan > 1:
            extent += f', {self.rowspan} rows'
        if self.colspan > 1:
            extent += f', {self.colspan} columns'
        return f'{where}{extent}: {self.kind.value} {self.text!r}'


@dataclass
class TableView:
    """A table of one document: its number there, caption, cells."""

    number: int
    caption: str
    cells: list[GridCell] = field(default_factory=list)

    @property
    def name(self) -> str:
        """A file name that stays when other documents change: the
        table's number in its document and its caption.  Not its ids:
        a target just before a table is the table's id in LaTeX but not
        in HTML, and the name must be the same in every format."""
        label = slug(self.caption)
        return f'table-{self.number:02d}' + (f'-{label}' if label else '')

    def render(self) -> str:
        """The table view: a title, its size, one line per cell."""
        rows = max((c.row + c.rowspan for c in self.cells), default=0)
        columns = max((c.column + c.colspan for c in self.cells), default=0)
        lines = [f'table {self.number}: {self.caption!r}',
                 f'{_count(rows, "row")}, {_count(columns, "column")}']
        ordered = sorted(self.cells, key=lambda c: (c.row, c.column))
        lines += [cell.line() for cell in ordered]
        return '\n'.join(lines) + '\n'


#: Ids that Sphinx and docutils number themselves (``id3``): they change
#: when a table is added earlier in the project.
GENERATED_ID = re.compile(r'id\d+')


def slug(text: str, length: int = 40) -> str:
    """Lower-case words joined by hyphens, as many whole words as fit in
    ``length`` characters (at least the first, cut)."""
    words = re.findall(r'[a-z0-9]+', text.lower())
    kept = words[:1]
    for word in words[1:]:
        if len('-'.join([*kept, word])) > length:
            break
        kept.append(word)
    return '-'.join(kept)[:length]


def squash(text: str) -> str:
    """Runs of white space as one space, none at the ends."""
    return ' '.join(text.split())


def _count(number: int, thing: str) -> str:
    return f'{number} {thing}' + ('' if number == 1 else 's')
