# SPDX-License-Identifier: GPL-2.0-only
"""DocBook tables (CALS and HTML) as ``flat-table`` directives.

A CALS table places an entry by name (``colname``, ``namest``/``nameend``,
``spanname``) or, without one, in the next column no entry covers; it
spans rows with ``morerows``.  pandoc drops every span, and the row after
a row span shifts left under the wrong heading.  Here each entry is
placed once on a grid (:func:`place`), and the ``flat-table`` is written
from that grid: ``:cspan:`` and ``:rspan:`` where a cell spans, an empty
cell wherever DocBook leaves a slot empty (``flat-table`` would otherwise
widen the row's last cell over it), the header rows of ``thead``, the
stub column DocBook 5 marks with ``rowheader="firstcol"``, proportional
``colwidth`` as ``:widths:``.
"""

from __future__ import annotations

import re
from dataclasses import dataclass, field
from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from collections.abc import Callable

    from lxml.etree import _Element

#: A proportional CALS width: ``2*``, ``1.5*``, ``*``.
_PROPORTIONAL = re.compile(r'^\s*(\d*(?:\.\d+)?)\s*\*\s*$')


@dataclass
class PlacedEntry:
    """One entry where the grid put it."""

    element: _Element | None
    row: int
    col: int
    rowspan: int = 1
    colspan: int = 1
    header: bool = False


@dataclass
class PlacedTable:
    """A table's entries on its grid, and what it says of itself."""

    n_cols: int
    header_rows: int = 0
    stub_columns: int = 0
    widths: list[int] = field(default_factory=list)
    rows: list[list[PlacedEntry]] = field(default_factory=list)
    #: what could not be kept as the source said it
    problems: list[str] = field(default_factory=list)


def _local(element: _Element) -> str:
    tag = element.tag
    return tag.rsplit('}', 1)[-1] if isinstance(tag, str) else ''


def _children(element: _Element, *names: str) -> list[_Element]:
    return [child for child in element if _local(child) in names]


def place(tgroup: _Element) -> PlacedTable:
    """Every entry of a CALS ``tgroup`` (or ``entrytbl``) at its column
    and row, the rows of ``thead`` first and of ``tfoot`` last."""
    colspecs = _children(tgroup, 'colspec')
    names = _column_names(colspecs)
    spans = {spec.get('spanname', ''): (spec.get('namest', ''),
                                        spec.get('nameend', ''))
             for spec in _children(tgroup, 'spanspec')}
    declared = tgroup.get('cols', '')
    n_cols = int(declared) if declared.isdigit() and int(declared) > 0 \
        else max(len(colspecs), 1)
    parts = [(part, _local(part) == 'thead')
             for name in ('thead', 'tbody', 'tfoot')
             for part in _children(tgroup, name)]
    rows = [(row, header) for part, header in parts
            for row in _children(part, 'row')]
    table = PlacedTable(n_cols=n_cols,
                        header_rows=sum(header for _, header in rows),
                        widths=_widths(colspecs, n_cols))
    occupied: set[tuple[int, int]] = set()
    for y, (row, header) in enumerate(rows):
        placed: list[PlacedEntry] = []
        x = 0
        for entry in _children(row, 'entry', 'entrytbl'):
            start, end = _columns(entry, names, spans)
            unknown = [name for name in (entry.get('namest'),
                                         entry.get('nameend'),
                                         entry.get('colname'))
                       if name and name not in names]
            if unknown:
                table.problems.append(
                    f'row {y + 1}: an entry names a column no colspec '
                    f'names ({", ".join(unknown)}): placed as if unnamed')
            if start is None:
                start = x
                while (y, start) in occupied:
                    start += 1
            end = start if end is None or end < start else end
            if end >= n_cols:
                table.problems.append(
                    f'row {y + 1}: an entry reaches column {end + 1} of a '
                    f'table of {n_cols}: the table is widened')
                table.n_cols = n_cols = end + 1
            if any((y, col) in occupied for col in range(start, end + 1)):
                table.problems.append(
                    f'row {y + 1}, column {start + 1}: an entry where '
                    'another already is: set after it')
                while any((y, col) in occupied
                          for col in range(start, end + 1)):
                    start, end = start + 1, end + 1
                n_cols = table.n_cols = max(n_cols, end + 1)
            morerows = entry.get('morerows', '0')
            rowspan = 1 + (int(morerows) if morerows.isdigit() else 0)
            if y + rowspan > len(rows):
                table.problems.append(
                    f'row {y + 1}, column {start + 1}: morerows reaches '
                    'past the last row: cut at it')
                rowspan = len(rows) - y
            if header and y + rowspan > table.header_rows:
                table.problems.append(
                    f'row {y + 1}, column {start + 1}: a header entry '
                    'spans into the body: cut at the header')
                rowspan = table.header_rows - y
            for dy in range(rowspan):
                for col in range(start, end + 1):
                    occupied.add((y + dy, col))
            placed.append(PlacedEntry(entry, y, start, rowspan,
                                      end - start + 1, header))
            x = end + 1
        table.rows.append(placed)
    table.widths = table.widths if len(table.widths) == table.n_cols \
        else []
    _fill_empty(table, occupied)
    return table


def _column_names(colspecs: list[_Element]) -> dict[str, int]:
    """Each ``colname``'s column (``colnum`` where given)."""
    names: dict[str, int] = {}
    number = 0
    for spec in colspecs:
        colnum = spec.get('colnum')
        number = int(colnum) - 1 if colnum and colnum.isdigit() else number
        if spec.get('colname'):
            names[spec.get('colname', '')] = number
        number += 1
    return names


def _fill_empty(table: PlacedTable, occupied: set[tuple[int, int]]
                ) -> None:
    """An empty cell in every slot no entry covers, so that no entry
    moves (``flat-table`` would widen a row's last cell over them)."""
    for y, placed in enumerate(table.rows):
        for col in range(table.n_cols):
            if (y, col) not in occupied:
                placed.append(PlacedEntry(None, y, col,
                                          header=y < table.header_rows))
                occupied.add((y, col))
        placed.sort(key=lambda entry: entry.col)


def _columns(entry: _Element, names: dict[str, int],
             spans: dict[str, tuple[str, str]]
             ) -> tuple[int | None, int | None]:
    """The first and last column an entry names, if it names them."""
    first = entry.get('namest') or entry.get('colname')
    last = entry.get('nameend')
    spanname = entry.get('spanname')
    if spanname in spans:
        first, last = spans[spanname]
    start = names.get(first) if first else None
    end = names.get(last) if last else None
    return start, end if end is not None else start


def _widths(colspecs: list[_Element], n_cols: int) -> list[int]:
    """``:widths:`` from proportional ``colwidth``s, [] if any column has
    none or a fixed one (the writer then sizes the columns)."""
    shares = []
    for spec in colspecs:
        match = _PROPORTIONAL.match(spec.get('colwidth', ''))
        if match is None:
            return []
        shares.append(float(match[1] or 1))
    if len(shares) != n_cols or not shares:
        return []
    smallest = min(shares)
    return [max(1, round(share / smallest * 10)) for share in shares]


def flat_table(table: PlacedTable, caption: str,
               cell_text: Callable[[_Element], list[str]]) -> list[str]:
    """The ``flat-table`` directive of ``table``; ``cell_text`` gives an
    entry's content as reST lines."""
    lines = [f'.. flat-table:: {caption}'.rstrip()]
    if table.header_rows:
        lines.append(f'   :header-rows: {table.header_rows}')
    if table.stub_columns:
        lines.append(f'   :stub-columns: {table.stub_columns}')
    if table.widths:
        lines.append(f'   :widths: {" ".join(map(str, table.widths))}')
    for row in table.rows:
        lines.append('')
        for number, entry in enumerate(row):
            lead = '   * - ' if number == 0 else '     - '
            roles = ''
            if entry.colspan > 1:
                roles += f':cspan:`{entry.colspan - 1}` '
            if entry.rowspan > 1:
                roles += f':rspan:`{entry.rowspan - 1}` '
            content = cell_text(entry.element) \
                if entry.element is not None else []
            if roles and content and not content[0].startswith(
                    ('.. ', '* ', '- ', '#. ', '::')) and content[0]:
                content = [roles + content[0], *content[1:]]
            elif roles:
                content = [roles.rstrip(), '', *content]
            if not content:
                lines.append(lead.rstrip())
                continue
            lines.append(lead + content[0])
            lines += [' ' * 7 + line if line else '' for line in content[1:]]
    return lines
