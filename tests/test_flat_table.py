# SPDX-License-Identifier: GPL-2.0-only
"""The flat-table directive in real Sphinx builds of the test roots."""

from __future__ import annotations

import re
from pathlib import Path
from typing import TYPE_CHECKING

import pytest
from docutils import nodes
from golden import (
    as_goldens,
    assert_golden,
    assert_goldens,
    normalise_pseudoxml,
)
from lxml import html

from linuxdoc_builders.golden.views import html_views

if TYPE_CHECKING:
    from io import StringIO

    from sphinx.testing.util import SphinxTestApp


def _read(app: SphinxTestApp, name: str) -> str:
    return (Path(app.outdir) / name).read_text(encoding='utf-8')


@pytest.mark.sphinx('pseudoxml', testroot='flat-table-features', freshenv=True)
def test_features_doctree(app: SphinxTestApp, warning: StringIO,
                          update_goldens: bool) -> None:
    app.build()
    assert warning.getvalue() == ''
    assert_golden(normalise_pseudoxml(_read(app, 'index.pseudoxml'),
                                      Path(app.srcdir)),
                  'flat-table-features/pseudoxml/index.pseudoxml',
                  update_goldens)


@pytest.mark.sphinx('html', testroot='flat-table-features', freshenv=True)
def test_stock_html_builder_renders_the_spans(app: SphinxTestApp,
                                              warning: StringIO) -> None:
    """Plain docutils nodes: the stock builder needs nothing of ours.

    (Which cells it marks as stubs is the linuxhtml builder's business.)
    """
    app.build()
    assert warning.getvalue() == ''
    page = html.document_fromstring(_read(app, 'index.html'))
    spans = {cell.text_content().strip(): (cell.get('rowspan', '1'),
                                           cell.get('colspan', '1'))
             for cell in page.xpath('//table[1]//*[self::td or self::th]')}
    assert spans['Two columns'] == ('1', '2')
    assert spans['Two rows'] == ('2', '1')
    assert spans['two by two'] == ('2', '2')
    assert spans['only cell spans three columns'] == ('1', '3')


@pytest.mark.sphinx('pseudoxml', testroot='flat-table-features', freshenv=True)
def test_features_spans_and_options(app: SphinxTestApp) -> None:
    app.build()
    doctree = app.env.get_doctree('index')
    tables = list(doctree.findall(nodes.table))
    spans = tables[0]
    assert spans['ids'] == ['spans', 'spans-table']
    assert spans['classes'] == ['colwidths-given', 'demo']
    assert (spans['align'], spans['width']) == ('left', '90%')
    colspecs = list(spans.findall(nodes.colspec))
    assert [(c['colwidth'], bool(c.get('stub'))) for c in colspecs] == [
        (2, True), (1, False), (1, False), (3, False)]
    entries = {e.astext(): (e.get('morerows', 0), e.get('morecols', 0))
               for e in spans.findall(nodes.entry)}
    assert entries['Two columns'] == (0, 1)
    assert entries['Two rows'] == (1, 0)
    assert entries['two by two'] == (1, 1)
    # auto-span widens the last cell; beside a row span it widens too
    autospan = {e.astext(): e.get('morecols', 0)
                for e in tables[1].findall(nodes.entry)}
    assert autospan['only cell spans three columns'] == 2
    assert autospan['short row beside a row span'] == 1
    assert 'colwidths-auto' in tables[1]['classes']
    # fill-cells adds empty entries instead
    fill_rows = list(tables[2].findall(nodes.row))
    assert [len(r) for r in fill_rows] == [3, 3]
    assert fill_rows[1][1].astext() == fill_rows[1][2].astext() == ''


@pytest.mark.sphinx('pseudoxml', testroot='flat-table-features', freshenv=True)
def test_row_target_lands_in_first_cell_only(app: SphinxTestApp) -> None:
    app.build()
    doctree = app.env.get_doctree('index')
    targets = [t for t in doctree.findall(nodes.target)
               if 'row-target' in t.get('refid', '') + str(t.get('ids'))]
    assert len(targets) == 1
    assert isinstance(targets[0].parent, nodes.entry)
    assert targets[0].parent.astext().strip() == 'target row'


@pytest.mark.sphinx('pseudoxml', testroot='flat-table-features', freshenv=True)
def test_no_stray_space_after_span_role(app: SphinxTestApp) -> None:
    app.build()
    doctree = app.env.get_doctree('index')
    texts = [p.astext() for p in doctree.findall(nodes.paragraph)]
    assert 'Two columns' in texts
    assert not [t for t in texts if t != t.lstrip()]


@pytest.mark.sphinx('pseudoxml', testroot='flat-table-alone', freshenv=True)
def test_directive_module_works_alone(app: SphinxTestApp, warning: StringIO,
                                      update_goldens: bool) -> None:
    app.build()
    assert warning.getvalue() == ''
    assert 'linuxdoc_builders' not in app.extensions
    assert_golden(normalise_pseudoxml(_read(app, 'index.pseudoxml'),
                                      Path(app.srcdir)),
                  'flat-table-alone/pseudoxml/index.pseudoxml',
                  update_goldens)


@pytest.mark.sphinx('html', testroot='flat-table-alone', freshenv=True)
def test_directive_alone_html(app: SphinxTestApp, update_goldens: bool
                              ) -> None:
    app.build()
    assert_goldens(as_goldens(html_views(Path(app.outdir))),
                   'flat-table-alone', update_goldens)


@pytest.mark.sphinx('html', testroot='flat-table-errors', freshenv=True)
def test_malformed_tables_html(app: SphinxTestApp, update_goldens: bool
                               ) -> None:
    app.build()
    assert_goldens(as_goldens(html_views(Path(app.outdir))),
                   'flat-table-errors', update_goldens)


def test_extension_metadata() -> None:
    from linuxdoc_builders.directives import flat_table

    import linuxdoc_builders

    class Recorder:
        def __init__(self) -> None:
            self.calls: list[str] = []

        def __getattr__(self, name: str):
            return lambda *args, **kwargs: self.calls.append(name)

    app = Recorder()
    for module in (linuxdoc_builders, flat_table):
        meta = module.setup(app)  # type: ignore[arg-type]
        assert meta['parallel_read_safe'] is True
        assert meta['parallel_write_safe'] is True
        assert meta['version'] == linuxdoc_builders.__version__


#: (text on the reported line, level, expected message) for every malformed
#: table of the errors root.
EXPECTED_MESSAGES = [
    ('bad-cspan', 'ERROR', "row 1, cell 1: :cspan: value 'x' is not a whole "
                           'number (0 or more); span ignored'),
    ('bad-rspan', 'ERROR', "row 1, cell 1: :rspan: value '1.5' is not a "
                           'whole number'),
    ('negative-span', 'ERROR', "row 1, cell 1: :cspan: value '-1' is not a "
                               'whole number'),
    ('huge-cspan', 'WARNING', 'row 1, cell 2: :cspan: 100000000 spans '
                              'columns in which no cell begins; reduced to 1'),
    ('past-last-row', 'WARNING', 'row 1, cell 1: :rspan: 3 runs past the '
                                 'last row; reduced to 1'),
    ('past-last-column', 'WARNING', 'row 1, cell 2: :cspan: 2 runs past the '
                                    'last column; reduced to 0'),
    ('overlap-cspan', 'WARNING', 'row 2, cell 1: :cspan: 1 overlaps another '
                                 'cell; reduced to 0'),
    ('header-into-body', 'WARNING', 'row 1, cell 1: :rspan: 1 runs from the '
                                    'header rows into the body; reduced to 0'),
    ('late-role', 'WARNING', 'row 1, cell 1: the :cspan: role works only at '
                             'the start of a cell; ignored'),
    ('twice-role', 'WARNING', 'row 1, cell 1: a second :cspan: role; '
                              'ignored'),
    (':widths: 1 2 3', 'WARNING',
     ':widths: gives 3 values for 2 columns; using equal widths'),
    (':stub-columns: 2', 'WARNING',
     ':stub-columns: 2 leaves no column for data (the table has 2 columns)'),
    ('outside-role', 'WARNING', 'the :rspan: role works only inside a '
                                'flat-table; ignored'),
    # the line below the marker: an empty row has no text
    ('empty-row-above', 'ERROR', 'row 2 has no cells: expected a '
                                 'second-level bullet list; left empty'),
    ('row-paragraph', 'ERROR', 'row 2: expected a second-level bullet '
                               'list of cells, found a paragraph; kept as a '
                               'cell'),
    (':: not a list', 'ERROR', '"flat-table" expects a bullet list of rows, '
                               'found a paragraph'),
    (':header-rows: 2', 'WARNING', ':header-rows: 2 leaves no row for the '
                                   'body (the table has 2 rows); using no '
                                   'header rows'),
    (':: empty directive', 'ERROR', 'the "flat-table" directive is empty'),
]


def _line_of(source: str, text: str) -> int:
    lines = [n for n, line in enumerate(source.splitlines(), 1)
             if text in line]
    assert len(lines) == 1, text
    return lines[0]


@pytest.mark.sphinx('html', testroot='flat-table-errors', freshenv=True)
def test_every_malformed_table_is_reported_with_its_line(
        app: SphinxTestApp, warning: StringIO) -> None:
    app.build()
    source = (Path(app.srcdir) / 'index.rst').read_text()
    reported = warning.getvalue()
    for marker, level, message in EXPECTED_MESSAGES:
        line = _line_of(source, marker) + (marker == 'empty-row-above')
        where = re.escape(f'index.rst:{line}: {level}: ')
        assert re.search(where + re.escape(message), reported), (
            marker, reported)
    assert 'Traceback' not in reported
    assert len(re.findall(r'index\.rst:\d+: (?:WARNING|ERROR)', reported)
               ) == len(EXPECTED_MESSAGES)


@pytest.mark.sphinx('html', testroot='flat-table-errors', freshenv=True,
                    confoverrides={'suppress_warnings': [
                        'flat-table.columns']})
def test_columns_no_cell_begins_in_can_be_silenced_alone(
        app: SphinxTestApp, warning: StringIO) -> None:
    """``flat-table.columns``: the span problems that lose nothing (the
    kernel's off-by-one ``:cspan:``), apart from those that do."""
    app.build()
    reported = warning.getvalue()
    assert 'no cell begins' not in reported
    assert 'runs past the last column' not in reported
    assert 'runs past the last row' in reported
    assert 'overlaps another cell' in reported


@pytest.mark.sphinx('html', testroot='flat-table-errors', freshenv=True,
                    confoverrides={'suppress_warnings': ['flat-table.*']})
def test_every_flat_table_message_can_be_silenced(
        app: SphinxTestApp, warning: StringIO) -> None:
    """Structural errors too are typed ``flat-table``, not docutils'."""
    app.build()
    assert 'index.rst' not in warning.getvalue()


@pytest.mark.sphinx('html', testroot='flat-table-errors', freshenv=True)
def test_document_builds_around_malformed_tables(app: SphinxTestApp) -> None:
    app.build()
    page = _read(app, 'index.html')
    text = html.document_fromstring(page).text_content()
    assert 'last-paragraph' in text
    # a rejected table shows its source, as docutils' list-table does
    assert 'just-a-paragraph' in text
    assert 'row-paragraph' in text
    # repaired tables are still rendered as tables, and so are tables
    # with an empty row, a row that is no list, too many header rows
    assert page.count('<table') == 15
    assert ':cspan:' not in page.replace('.. flat-table::', '')


@pytest.mark.sphinx('pseudoxml', testroot='flat-table-errors', freshenv=True)
def test_repaired_geometry_is_bounded_and_valid(app: SphinxTestApp) -> None:
    app.build()
    doctree = app.env.get_doctree('index')
    for table in doctree.findall(nodes.table):
        tgroup = next(table.findall(nodes.tgroup))
        cols = tgroup['cols']
        assert cols <= 4
        for row in tgroup.findall(nodes.row):
            for entry in row:
                assert entry.get('morecols', 0) < cols
    huge = next(t for t in doctree.findall(nodes.table)
                if t[0].astext() == 'huge cspan')
    assert huge[1]['cols'] == 4
