# SPDX-License-Identifier: GPL-2.0-only
"""The linuxhtml builder and the grid translator in the stock builders."""

from __future__ import annotations

import shutil
from pathlib import Path
from typing import TYPE_CHECKING

import pytest
from golden import as_goldens, assert_goldens
from html_tables import STUBS, bands, place, problems
from lxml import html
from sphinx.util.console import strip_colors
from tools import sphinx_build, sphinx_path

from linuxdoc_builders.golden.views import html_views

if TYPE_CHECKING:
    from collections.abc import Callable
    from io import StringIO

    from lxml.html import HtmlElement
    from sphinx.testing.util import SphinxTestApp

ROOTS = Path(__file__).parent / 'roots'

PAGES = ('index', 'stubs', 'headers', 'blocks', 'sources', 'long')


def tables_by_id(outdir: Path) -> dict[str, HtmlElement]:
    """Every table with an id in the HTML pages below ``outdir``."""
    found = {}
    for page in outdir.rglob('*.html'):
        tree = html.document_fromstring(page.read_text(encoding='utf-8'))
        for table in tree.xpath('//table[@id]'):
            found[table.get('id')] = table
    return found


def _cell(table: HtmlElement, text: str) -> HtmlElement:
    return next(c.element for c in place(table) if c.text == text)


@pytest.mark.sphinx('linuxhtml', testroot='tables', freshenv=True)
def test_tables_golden(app: SphinxTestApp, warning: StringIO,
                       update_goldens: bool) -> None:
    """Each table's grid as a browser places it: the golden the LaTeX
    build shares; and each page's text."""
    app.build()
    assert warning.getvalue() == ''
    views = html_views(Path(app.outdir))
    assert {path.split('/')[1] for path in views} == set(PAGES)
    assert_goldens(as_goldens(views), 'tables', update_goldens)


@pytest.mark.sphinx('linuxhtml', testroot='flat-table-features',
                    freshenv=True)
def test_features_golden(app: SphinxTestApp, warning: StringIO,
                         update_goldens: bool) -> None:
    app.build()
    assert warning.getvalue() == ''
    assert_goldens(as_goldens(html_views(Path(app.outdir))),
                   'flat-table-features', update_goldens)


@pytest.mark.parametrize('builder', [
    pytest.param(name, marks=pytest.mark.sphinx(name, testroot='tables',
                                                freshenv=True))
    for name in ('linuxhtml', 'html', 'dirhtml', 'singlehtml')])
def test_every_cell_where_the_grid_puts_it(app: SphinxTestApp,
                                           builder: str) -> None:
    """Stub, head, scope and border classes follow the cells' true columns,
    in linuxhtml and in the stock builders that take its translator."""
    app.build()
    tables = tables_by_id(Path(app.outdir))
    assert set(tables) == set(STUBS)
    for name, stubs in STUBS.items():
        assert problems(tables[name], stubs) == [], name
    assert bands(tables['stub-rowspan']) == ['band-odd'] * 3 + ['band-even']
    assert bands(tables['blocks']) == ['band-odd'] * 2 + ['band-even'] * 2
    assert bands(tables['rowspan-left']) == ['band-odd'] * 2 + ['band-even']
    # no row spans in the body: the theme's own striping stays
    assert set(bands(tables['header-rowspans'])) == {''}
    for page in Path(app.outdir).rglob('*.html'):
        text = page.read_text(encoding='utf-8')
        if '<table class="docutils' in text:
            assert 'linuxdoc-tables.css' in text, page
    assert (Path(app.outdir) / '_static' / 'linuxdoc-tables.css').is_file()


@pytest.mark.sphinx('html', testroot='tables', srcdir='tables-stock',
                    freshenv=True,
                    confoverrides={'linuxdoc_html_translator': False})
def test_translator_can_be_turned_off(app: SphinxTestApp) -> None:
    """Without the grid translator docutils' writer is back, and so is
    its stub bug; this is also the oracle failing on wrong output."""
    app.build()
    tables = tables_by_id(Path(app.outdir))
    assert problems(tables['stub-rowspan'], 1)
    assert 'stub' in _cell(tables['stub-rowspan'], '1').get('class', '')
    assert 'stub' in _cell(tables['two-stubs'], 'orange').get('class', '')
    assert 'stub' in _cell(tables['header-rowspans'], 'min').get('class')
    page = (Path(app.outdir) / 'stubs.html').read_text(encoding='utf-8')
    assert 'linuxdoc-tables.css' not in page


@pytest.mark.sphinx('linuxhtml', testroot='html-geometry', freshenv=True)
def test_impossible_geometry_is_reported_and_rendered(
        app: SphinxTestApp, warning: StringIO) -> None:
    app.build()
    lines = strip_colors(warning.getvalue()).splitlines()
    assert all('index.rst:6: WARNING: ' in line for line in lines), lines
    # Sphinx 8 and later append the type
    messages = [line.split('WARNING: ', 1)[1].removesuffix(
        ' [linuxdoc.table]') for line in lines]
    assert messages == [
        'table row 1, entry 2: morerows 1 runs from the header rows into '
        'the body; reduced to 0',
        'table row 2, entry 1: morerows 5 runs past the last row; reduced '
        'to 4',
        'table row 3, entry 1: morecols 100000000 runs past the last '
        'column; reduced to 1',
        "table row 3, entry 2: no column is left for it in 3 columns; its "
        "content 'no-room' is left out",
        'table row 4, entry 1: morecols -2 is negative; reduced to 0',
        'table row 5, entry 1: morecols 1 overlaps another cell; reduced '
        'to 0']
    page = html.document_fromstring(
        (Path(app.outdir) / 'index.html').read_text(encoding='utf-8'))
    table = page.xpath('//table')[0]
    assert problems(table, 1) == []
    cells = {c.text: (c.row, c.col, c.rowspan, c.colspan)
             for c in place(table)}
    assert cells == {'h1': (0, 0, 1, 1), 'h2': (0, 1, 1, 1),
                     'h3': (0, 2, 1, 1), 'a': (1, 0, 5, 1),
                     'b': (1, 1, 1, 1), 'c': (1, 2, 1, 1),
                     'wide': (2, 1, 1, 2), 'p': (3, 1, 1, 1),
                     'q': (3, 2, 2, 1), 'r': (4, 1, 1, 1),
                     'lonely': (5, 1, 1, 1), '': (5, 2, 1, 1)}
    assert page.xpath('//p[text()="After the table."]')


@pytest.mark.sphinx('linuxhtml', testroot='html-geometry', freshenv=True,
                    srcdir='html-geometry-suppressed',
                    confoverrides={'suppress_warnings': ['linuxdoc.table']})
def test_geometry_warnings_can_be_suppressed(app: SphinxTestApp,
                                              warning: StringIO) -> None:
    app.build()
    assert warning.getvalue() == ''


def test_builder_entry_point(tmp_path: Path) -> None:
    """``-b linuxhtml`` works from the installed package alone: a project
    that names no extension still gets the builder and flat-table."""
    source = tmp_path / 'source'
    source.mkdir()
    (source / 'conf.py').write_text("project = 'no extensions'\n")
    (source / 'index.rst').write_text(
        (ROOTS / 'test-tables' / 'stubs.rst').read_text(encoding='utf-8'))
    result = sphinx_build('-W', '-q', '-b', 'linuxhtml', source,
                          tmp_path / 'out', cwd=tmp_path)
    assert result.returncode == 0, result.stderr
    tables = tables_by_id(tmp_path / 'out')
    assert problems(tables['two-stubs'], 2) == []
    assert (tmp_path / 'out' / '_static' / 'linuxdoc-tables.css').is_file()


@pytest.mark.parametrize('builder', ['dummy', 'epub'])
def test_builders_without_our_translator_are_left_alone(
        tmp_path: Path, builder: str) -> None:
    """A builder with no translator (dummy) or another one (epub) builds
    as before and gets no stylesheet of ours."""
    result = sphinx_build('-q', '-b', builder, ROOTS / 'test-tables',
                          tmp_path / 'out', cwd=tmp_path)
    assert result.returncode == 0, result.stderr
    assert not list((tmp_path / 'out').rglob('linuxdoc-tables.css'))


@pytest.mark.parametrize('builder', ['linuxhtml', 'html', 'linuxlatex',
                                     'linuxpdf'])
def test_a_second_build_of_an_unchanged_project_reads_nothing(
        tmp_path: Path, builder: str) -> None:
    """Before, the table stylesheet's directory was added to
    html_static_path after Sphinx had compared the configuration: every
    rebuild said "The configuration has changed (html_static_path)"."""
    src = ROOTS / 'test-tables'
    first = sphinx_build('-b', builder, src, tmp_path / 'out', cwd=tmp_path)
    assert first.returncode == 0, first.stderr
    again = sphinx_build('-b', builder, src, tmp_path / 'out', cwd=tmp_path)
    assert again.returncode == 0, again.stderr
    output = again.stdout + again.stderr
    assert 'configuration has changed' not in output.lower()
    assert 'updating environment: 0 added, 0 changed, 0 removed' in output


def test_search_index_as_stock_with_each_word_stemmed_once(
        make_app: Callable[..., SphinxTestApp], tmp_path: Path) -> None:
    """linuxhtml stems a word once per build, not once per page (issue
    32, item 4), and its search index is the stock builder's."""
    indexes = {}
    for builder in ('html', 'linuxhtml'):
        # Sphinx 7.2's fixtures give their own path class
        source = Path(str(tmp_path)) / builder
        shutil.copytree(ROOTS / 'test-kernel-doc', source)
        app = make_app(builder, srcdir=sphinx_path(source), freshenv=True)
        app.build()
        indexes[builder] = (Path(app.outdir) / 'searchindex.js').read_text()
        if builder == 'linuxhtml':
            indexer = app.builder.indexer  # type: ignore[attr-defined]
            calls = indexer.lang.stem.cache_info()
            assert calls.misses > 0
            # Sphinx asks once per word and page (5.3 kept a cache of
            # its own for the build): the words pages share
            assert (calls.hits > 0) != hasattr(indexer, '_stem_cache')
    assert indexes['html'] == indexes['linuxhtml']
