# SPDX-License-Identifier: GPL-2.0-only
"""Property tests: random flat-tables, valid and invalid.

No exception ever escapes; every source cell appears exactly once; the
output grid is complete, without overlaps, with a cell beginning in every
column and no row span crossing from the header into the body; tables
written to fit come out exactly as written; every bad value is reported
with a line.  The grid is checked by an independent, dense placement here,
not by the project's TableGrid.
"""

from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path

import pytest
from docutils import nodes
from flat_table_docutils import our_flat_table, parse
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

SPAN_VALUES = st.one_of(
    st.integers(0, 4), st.just(100_000_000),
    st.sampled_from(['x', '1.5', '-1', '+2', '99999999999999999999999']))


@dataclass
class Source:
    text: str
    cells: list[str]
    bad_values: int


@st.composite
def flat_tables(draw: st.DrawFn) -> Source:
    n_rows = draw(st.integers(1, 7))
    header_rows = draw(st.integers(0, 3))
    stub_columns = draw(st.integers(0, 3))
    options = [f':header-rows: {header_rows}',
               f':stub-columns: {stub_columns}']
    if draw(st.booleans()):
        options.append(':fill-cells:')
    lines = ['.. flat-table::', *(f'   {o}' for o in options), '']
    cells = []
    bad = 0
    for y in range(n_rows):
        for x in range(draw(st.integers(1, 5))):
            roles = []
            for role in ('cspan', 'rspan'):
                if draw(st.booleans()):
                    value = draw(SPAN_VALUES)
                    bad += isinstance(value, str) and not value.strip(
                    ).isdigit()
                    roles.append(f':{role}:`{value}`')
            token = f'cell{y}x{x}'
            cells.append(token)
            bullet = '* -' if x == 0 else '  -'
            lines.append(f'   {bullet} {" ".join([*roles, token])}')
        lines.append('')
    return Source('\n'.join(lines) + '\n', cells, bad)


def dense_grid(table: nodes.table) -> tuple[list[list[int]], int, int]:
    """Place entries the way HTML does; count how often each slot is used."""
    tgroup = next(table.findall(nodes.tgroup))
    cols = tgroup['cols']
    rows = [r for r in tgroup.findall(nodes.row) if r.parent.parent is tgroup]
    used = [[0] * cols for _ in rows]
    starts = set()
    header = sum(len(p) for p in tgroup.children if isinstance(p, nodes.thead))
    for y, row in enumerate(rows):
        x = 0
        for entry in row.children:
            while x < cols and used[y][x]:
                x += 1
            assert x < cols, 'entry past the last column'
            starts.add(x)
            last_row = y + entry.get('morerows', 0)
            assert last_row < len(rows), 'row span past the last row'
            assert (y < header) == (last_row < header), 'header into body'
            for r in range(y, last_row + 1):
                for c in range(x, x + entry.get('morecols', 0) + 1):
                    assert c < cols, 'column span past the last column'
                    used[r][c] += 1
            x += entry.get('morecols', 0) + 1
    assert starts == set(range(cols)), 'a column in which no cell begins'
    return used, len(rows), cols


@pytest.fixture(scope='module', autouse=True)
def _registered():
    with our_flat_table():
        yield


@settings(max_examples=300, deadline=None,
          suppress_health_check=[HealthCheck.too_slow])
@given(flat_tables())
def test_any_table_gives_a_valid_grid_or_a_located_error(
        source: Source) -> None:
    doctree, records = parse(source.text)
    tables = list(doctree.findall(nodes.table))
    for record in records:
        # absolute, as Sphinx prints a node's file
        location = record.__dict__.get('location', '')
        path, _, line = location.rpartition(':')
        assert Path(path).name == 'table.rst', record.getMessage()
        assert line.isdigit()
    errors = [r for r in records if r.levelname == 'ERROR']
    assert len(errors) == source.bad_values
    assert tables
    table = tables[0]
    text = table.astext()
    for token in source.cells:
        assert text.count(token) == 1, token
    used, _, _ = dense_grid(table)
    assert all(count == 1 for row in used for count in row), used


@dataclass
class Fitting:
    text: str
    spans: list[tuple[int, int]]
    #: columns in which no cell begins (the directive drops them)
    startless: set[int]


@st.composite
def fitting_tables(draw: st.DrawFn) -> Fitting:
    """Tables whose spans all fit: drawn on a grid, then written out.

    A flat-table cannot write a row that row spans from above cover
    completely, so no row span reaches the last column: every row has a
    cell of its own there.
    """
    n_rows, n_cols = draw(st.integers(1, 6)), draw(st.integers(1, 5))
    header_rows = draw(st.integers(0, n_rows - 1))
    used = [[False] * n_cols for _ in range(n_rows)]
    lines = ['.. flat-table::', f'   :header-rows: {header_rows}', '']
    spans = []
    starts = set()
    for y in range(n_rows):
        first = True
        for x in range(n_cols):
            if used[y][x]:
                continue
            bottom = header_rows if y < header_rows else n_rows
            max_cols = 0
            while x + max_cols + 1 < n_cols and not used[y][x + max_cols + 1]:
                max_cols += 1
            morecols = draw(st.integers(0, max_cols))
            morerows = 0
            if x + morecols < n_cols - 1:
                morerows = draw(st.integers(0, bottom - 1 - y))
            while any(used[y + r][x + c] for r in range(morerows + 1)
                      for c in range(morecols + 1)):
                morerows -= 1
            for r in range(morerows + 1):
                for c in range(morecols + 1):
                    used[y + r][x + c] = True
            spans.append((morerows, morecols))
            starts.add(x)
            roles = (f':cspan:`{morecols}` ' if morecols else '') + (
                f':rspan:`{morerows}` ' if morerows else '')
            bullet = '* -' if first else '  -'
            first = False
            lines.append(f'   {bullet} {roles}c{len(spans)}')
        assert not first, 'the last column keeps every row writable'
        lines.append('')
    return Fitting('\n'.join(lines) + '\n', spans,
                   set(range(n_cols)) - starts)


@settings(max_examples=200, deadline=None)
@given(fitting_tables())
def test_fitting_tables_come_out_as_written(case: Fitting) -> None:
    doctree, records = parse(case.text)
    (table,) = list(doctree.findall(nodes.table))
    dense_grid(table)
    messages = [r.getMessage() for r in records]
    if case.startless:
        # a column in which no cell begins is dropped, with a word
        assert messages
        assert all('no cell begins' in m or 'past the last col' in m
                   for m in messages), messages
    else:
        assert messages == []
        got = [(e.get('morerows', 0), e.get('morecols', 0))
               for e in table.findall(nodes.entry)]
        assert got == case.spans
