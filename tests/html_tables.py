# SPDX-License-Identifier: GPL-2.0-only
"""An independent reading of HTML tables, to check what the builders wrote.

The test oracle places cells the way browsers do (the HTML table model:
each cell takes the first slot of its row that no row span from above
covers), without any code of the package, and lists what is wrong with
the cells' tags, classes and scopes for a given number of stub columns.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from lxml.html import HtmlElement


#: Stub columns of every table of the ``tables`` test root, by id.
STUBS = {'stub-rowspan': 1, 'two-stubs': 2, 'rowspan-left': 0,
         'header-rowspans': 1, 'header-colspans': 0, 'blocks': 1, 'tall': 0,
         'auto-span': 0, 'fill-cells': 0, 'nested': 1, 'inner': 1,
         'grid': 0, 'list': 1, 'csv': 1, 'long': 1,
         'block-beside': 0}


@dataclass
class PlacedCell:
    element: HtmlElement
    row: int
    col: int
    rowspan: int
    colspan: int
    in_thead: bool
    first_in_tr: bool

    @property
    def text(self) -> str:
        return ' '.join(self.element.text_content().split())


def place(table: HtmlElement) -> list[PlacedCell]:
    """The cells of ``table`` (not of tables nested in it), placed."""
    taken: set[tuple[int, int]] = set()
    cells = []
    rows = table.xpath('./thead/tr | ./tbody/tr')
    for y, tr in enumerate(rows):
        x = 0
        for i, element in enumerate(tr.xpath('./th | ./td')):
            while (y, x) in taken:
                x += 1
            rowspan = int(element.get('rowspan', 1))
            colspan = int(element.get('colspan', 1))
            taken.update((y + r, x + c) for r in range(rowspan)
                         for c in range(colspan))
            cells.append(PlacedCell(element, y, x, rowspan, colspan,
                                    tr.getparent().tag == 'thead', i == 0))
            x += colspan
    return cells


def problems(table: HtmlElement, stub_columns: int) -> list[str]:
    """Every cell whose tag, class or scope its true position contradicts."""
    found = []
    for cell in place(table):
        classes = set(cell.element.get('class', '').split())
        stub = cell.col < stub_columns
        want_tag = 'th' if cell.in_thead or stub else 'td'
        scope = cell.element.get('scope')
        want_scope = 'col' if cell.in_thead else 'row' if stub else None
        beside = cell.first_in_tr and cell.col > 0
        if (cell.element.tag != want_tag
                or ('head' in classes) != cell.in_thead
                or ('stub' in classes) != stub or scope != want_scope
                or ('beside-rowspan' in classes) != beside):
            found.append(f'{cell.text!r} at row {cell.row}, column '
                         f'{cell.col}: <{cell.element.tag} class='
                         f'{sorted(classes)} scope={scope}>')
    return found


def bands(table: HtmlElement) -> list[str]:
    """The band class of each body row, in order ('' for none)."""
    return [' '.join(c for c in tr.get('class', '').split()
                     if c.startswith('band-'))
            for tr in table.xpath('./tbody/tr')]
