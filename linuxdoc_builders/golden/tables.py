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
from collections import Counter
from dataclasses import dataclass, field, replace
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
    """A table of one document: its number there (to refer to it while
    reading), the title of the section it is in, its caption, its
    cells."""

    number: int
    caption: str
    section: str = ''
    cells: list[GridCell] = field(default_factory=list)

    @property
    def base_name(self) -> str:
        """What identifies the table in its document, as a file name:
        its section and its caption, never its number, so adding or
        moving another table leaves this one's name (and golden) alone.
        Not its ids either: a target just before a table is the table's
        id in LaTeX but not in HTML, and the name must be the same in
        every format.  Tables that share both are told apart by
        :func:`table_names`."""
        name = f'table-{slug(self.section, 30) or "top"}'
        label = slug(self.caption)
        return f'{name}--{label}' if label else name

    def render(self, names: list[str]) -> str:
        """The table view: a title, its size, one line per cell; a table
        in a cell is named from ``names`` (see :func:`named_tables`)."""
        rows = max((c.row + c.rowspan for c in self.cells), default=0)
        columns = max((c.column + c.colspan for c in self.cells), default=0)
        lines = [f'table {self.caption!r} in section {self.section!r}',
                 f'{_count(rows, "row")}, {_count(columns, "column")}']
        ordered = sorted(self.cells, key=lambda c: (c.row, c.column))
        lines += [replace(cell, text=named_tables(cell.text, names)).line()
                  for cell in ordered]
        return '\n'.join(lines) + '\n'


def table_names(views: list[TableView]) -> list[str]:
    """The file name of each table of a document, in document order:
    its :attr:`~TableView.base_name`, then ``-2``, ``-3`` for further
    tables with the same section and caption."""
    seen: Counter[str] = Counter()
    names = []
    for view in views:
        base = view.base_name
        seen[base] += 1
        names.append(base if seen[base] == 1 else f'{base}-{seen[base]}')
    return names


#: How a reader marks a reference to table N of the document while its
#: name is not known yet (private-use characters no text holds).
_REFERENCE = re.compile('\ue010(\\d+)\ue011')


def table_reference(number: int) -> str:
    """A mark for table ``number`` (1-based), named by
    :func:`named_tables`."""
    return f'\ue010{number}\ue011'


def named_tables(text: str, names: list[str]) -> str:
    """``text`` with each :func:`table_reference` as the table's name
    (after ``table``: ``table top--registers``)."""
    def name(match: re.Match[str]) -> str:
        number = int(match[1])
        if not 0 < number <= len(names):
            return '?'
        return names[number - 1].removeprefix('table-')
    return _REFERENCE.sub(name, text)


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
