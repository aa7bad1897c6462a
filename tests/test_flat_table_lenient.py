# SPDX-License-Identifier: GPL-2.0-only
"""Nothing a user wrote in a flat-table is lost: options with typos or
bad values, rows without the blank line before them, rows that are no
list, rows from an included file (issue 16, items 1 and 3)."""

from __future__ import annotations

import re
from pathlib import Path
from typing import TYPE_CHECKING

import pytest
from docutils import nodes

if TYPE_CHECKING:
    from io import StringIO

    from sphinx.testing.util import SphinxTestApp

ROOT = 'flat-table-lenient'


def _line_of(path: Path, text: str) -> int:
    lines = [n for n, line in enumerate(
        path.read_text(encoding='utf-8').splitlines(), 1) if text in line]
    assert len(lines) == 1, text
    return lines[0]


def _tables(app: SphinxTestApp) -> dict[str, nodes.table]:
    doctree = app.env.get_doctree('index')
    return {table[0].astext(): table for table in doctree.findall(nodes.table)}


def _reported(app: SphinxTestApp, warning: StringIO, file: str, text: str,
              level: str, message: str) -> None:
    line = _line_of(Path(app.srcdir) / file, text)
    where = re.escape(f'{file}:{line}: {level}: ')
    assert re.search(where + re.escape(message), warning.getvalue()), (
        text, warning.getvalue())


@pytest.mark.sphinx('pseudoxml', testroot=ROOT, freshenv=True)
def test_unknown_option_names_the_closest_and_keeps_the_table(
        app: SphinxTestApp, warning: StringIO) -> None:
    app.build()
    _reported(app, warning, 'index.rst', ':header-row: 1', 'WARNING',
              'unknown option :header-row:, ignored; did you mean '
              ':header-rows:?')
    table = _tables(app)['typo in an option']
    assert 'typo-cell' in table.astext()
    # the other options still apply
    assert next(table.findall(nodes.colspec)).get('stub') == 1


@pytest.mark.sphinx('pseudoxml', testroot=ROOT, freshenv=True)
def test_bad_values_are_reported_and_default(app: SphinxTestApp,
                                             warning: StringIO) -> None:
    app.build()
    for option, reason in [
            (':widths: 0 1', "'0' is not a positive whole number"),
            (':align: middle', '"middle" unknown; choose from "left", '
                               '"center", or "right"'),
            (':header-rows: one', 'expected a whole number (0 or more)'),
            (':stub-columns: 99999999999', 'expected at most 6 digits'),
            (':fill-cells: yes', 'takes no value')]:
        name = option.split()[0]
        _reported(app, warning, 'index.rst', option, 'WARNING',
                  f'{name} {option.split(None, 1)[1]!r}: {reason}; using '
                  'the default')
    table = _tables(app)['bad values']
    assert 'bad-values-cell' in table.astext()
    assert 'align' not in table
    assert table['ids'] == ['bad-values']
    assert not list(table.findall(nodes.thead))


@pytest.mark.sphinx('pseudoxml', testroot=ROOT, freshenv=True)
def test_a_bad_width_is_named_in_our_words(app: SphinxTestApp,
                                           warning: StringIO) -> None:
    app.build()
    expected = ('expected a length (30em, 12cm, 4in), a percentage of the '
                'line (80%) or a number of pixels; using the default')
    lines = (Path(app.srcdir) / 'index.rst').read_text(
        encoding='utf-8').splitlines()
    [empty] = [n for n, line in enumerate(lines, 1)
               if line.strip() == ':width:']
    assert f"index.rst:{empty}: WARNING: :width: '': {expected}" in \
        warning.getvalue()
    _reported(app, warning, 'index.rst', ':width: 12 apples', 'WARNING',
              f":width: '12 apples': {expected}")
    assert 'NoneType' not in warning.getvalue()
    assert 'empty-width-cell' in _tables(app)['bad widths'].astext()


@pytest.mark.sphinx('pseudoxml', testroot=ROOT, freshenv=True)
def test_rows_right_after_the_title_are_rows(app: SphinxTestApp,
                                             warning: StringIO) -> None:
    """``.. flat-table:: Register map`` with ``* - Offset`` on the next
    line: the caption is the title alone, the rows are rows, and a
    warning at the first row says what was read how."""
    app.build()
    table = _tables(app)['Register map']
    assert [row.astext().split() for row in table.findall(nodes.row)] == [
        ['Offset', 'Name'], ['0x00', 'CTRL']]
    _reported(app, warning, 'index.rst', '* - Offset', 'WARNING',
              'the rows follow the title without a blank line; read as '
              'rows, not as part of the title')


@pytest.mark.sphinx('pseudoxml', testroot=ROOT, freshenv=True)
def test_rows_right_after_the_options_are_rows(app: SphinxTestApp,
                                               warning: StringIO) -> None:
    app.build()
    table = _tables(app)['no blank line']
    head = next(table.findall(nodes.thead))
    assert head.astext().split() == ['no-blank-head', 'h2']
    assert 'no-blank-body' in table.astext()
    assert 'no blank line' not in warning.getvalue()


@pytest.mark.sphinx('pseudoxml', testroot=ROOT, freshenv=True)
def test_included_rows_are_reported_in_the_included_file(
        app: SphinxTestApp, warning: StringIO) -> None:
    app.build()
    # span values as written, not as capped for conversion
    _reported(app, warning, 'rows.rsti', 'included-huge-span', 'WARNING',
              'row 1, cell 2: :cspan: 99999999999 runs past the last '
              'column; reduced to 0')
    # a misplaced role at its own line, not its cell's first line
    _reported(app, warning, 'rows.rsti', 'included-late-role', 'WARNING',
              'row 2, cell 2: the :rspan: role works only at the start of '
              'a cell; ignored')
    _reported(app, warning, 'rows.rsti', 'included-not-a-list', 'ERROR',
              'row 3: expected a second-level bullet list of cells, found '
              'a paragraph; kept as a cell')
    text = _tables(app)['rows from an included file'].astext()
    assert 'included-not-a-list' in text
    assert 'included-huge-span' in text


@pytest.mark.sphinx('pseudoxml', testroot=ROOT, freshenv=True)
def test_content_beside_the_rows_is_kept(app: SphinxTestApp,
                                         warning: StringIO) -> None:
    app.build()
    _reported(app, warning, 'index.rst', 'beside-paragraph', 'ERROR',
              '"flat-table" expects only a bullet list of rows, found a '
              'paragraph; shown after the table')
    doctree = app.env.get_doctree('index')
    table = _tables(app)['a paragraph beside the rows']
    assert 'beside-cell' in table.astext()
    assert isinstance(table.next_node(descend=False, siblings=True),
                      nodes.paragraph)
    assert 'beside-paragraph' in doctree.astext()


@pytest.mark.sphinx('pseudoxml', testroot=ROOT, freshenv=True,
                    confoverrides={'suppress_warnings': [
                        'flat-table.option', 'flat-table.structure',
                        'flat-table.role', 'flat-table.columns']})
def test_each_kind_can_be_silenced(app: SphinxTestApp,
                                   warning: StringIO) -> None:
    app.build()
    assert warning.getvalue() == ''
