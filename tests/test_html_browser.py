# SPDX-License-Identifier: GPL-2.0-only
"""linuxhtml pages in a real browser and in the Nu HTML Checker.

Chromium (Debian's, driven by Playwright) computes the styles the themes
and our stylesheet give every cell; the checks read the cells' true
positions from the HTML table model (``html_tables``), not from our code.
Screenshots go to ``$LINUXDOC_SCREENSHOTS`` (or the test's tmp dir) to be
looked at.
"""

from __future__ import annotations

import itertools
import os
from collections.abc import Iterator
from dataclasses import dataclass
from pathlib import Path
from typing import TYPE_CHECKING, Any

import pytest
from html_tables import STUBS, PlacedCell, place
from lxml import html
from tools import (
    CHROMIUM_ARGS,
    chromium,
    sphinx_build,
    table_model_messages,
    vnu,
)

if TYPE_CHECKING:
    from playwright.sync_api import Browser
    from sphinx.testing.util import SphinxTestApp

ROOTS = Path(__file__).parent / 'roots'
PAGES = ('stubs', 'headers', 'blocks', 'sources', 'long')
THEMES = ('alabaster', 'sphinx_rtd_theme')

#: Computed style of every direct cell of every docutils table, in
#: document order (the order in which ``html_tables.place`` lists them).
CELL_STYLES_JS = '''() =>
  [...document.querySelectorAll('table.docutils')].map(table =>
    [...table.querySelectorAll(':scope > * > tr > :is(td, th)')]
      .map(cell => {
        const s = getComputedStyle(cell);
        return {background: s.backgroundColor,
                borderLeft: s.borderLeftWidth,
                weight: Number(s.fontWeight),
                valign: s.verticalAlign};
      }))'''


@dataclass
class StyledCell:
    cell: PlacedCell
    style: dict[str, Any]

    @property
    def is_th(self) -> bool:
        return self.cell.element.tag == 'th'


@pytest.fixture(scope='module')
def browser() -> Iterator[Browser]:
    from playwright.sync_api import sync_playwright
    with sync_playwright() as playwright:
        launched = playwright.chromium.launch(executable_path=chromium(),
                                              args=CHROMIUM_ARGS)
        yield launched
        launched.close()


def _screenshots(tmp_path: Path) -> Path:
    directory = Path(os.environ.get('LINUXDOC_SCREENSHOTS', tmp_path))
    directory.mkdir(parents=True, exist_ok=True)
    return directory


def styled_tables(browser: Browser, page_file: Path, shot: Path
                  ) -> dict[str, list[StyledCell]]:
    """Every table of a page, by id: placed cells with computed styles."""
    page = browser.new_page(viewport={'width': 1100, 'height': 900})
    try:
        page.goto(page_file.as_uri())
        styles = page.evaluate(CELL_STYLES_JS)
        page.screenshot(path=str(shot), full_page=True)
    finally:
        page.close()
    tree = html.document_fromstring(page_file.read_text(encoding='utf-8'))
    tables = tree.xpath('//table[contains(@class, "docutils")]')
    assert len(tables) == len(styles)
    return {table.get('id'): [StyledCell(cell, style) for cell, style in
                              zip(place(table), table_styles, strict=True)]
            for table, table_styles in zip(tables, styles, strict=True)}


def _bands(cells: list[StyledCell]) -> list[list[StyledCell]]:
    """Body cells grouped into bands: rows that row spans join."""
    body = [c for c in cells if not c.cell.in_thead]
    reach: dict[int, int] = {}
    for c in body:
        last = c.cell.row + c.cell.rowspan - 1
        reach[c.cell.row] = max(reach.get(c.cell.row, c.cell.row), last)
    band_of: dict[int, int] = {}
    band, band_end = -1, -1
    for row in sorted(reach):
        if row > band_end:
            band += 1
        band_of[row] = band
        band_end = max(band_end, reach[row])
    grouped: dict[int, list[StyledCell]] = {}
    for c in body:
        grouped.setdefault(band_of[c.cell.row], []).append(c)
    return [grouped[b] for b in sorted(grouped)]


def style_problems(tables: dict[str, list[StyledCell]], striped: bool
                   ) -> list[str]:
    """What the computed styles get wrong about merged cells."""
    found = []
    for n, cells in tables.items():
        bands = _bands(cells)
        colours = []
        for band in bands:
            data = {c.style['background'] for c in band if not c.is_th}
            if len(data) > 1:
                found.append(f'table {n}: band of {band[0].cell.text!r} '
                             f'has backgrounds {sorted(data)}')
            colours.append(next(iter(data), None))
        if striped and any(a == b for a, b in itertools.pairwise(colours)
                           if a and b):
            found.append(f'table {n}: neighbouring bands share a colour')
        for c in cells:
            name = f'table {n}: {c.cell.text!r}'
            beside = c.cell.first_in_tr and c.cell.col > 0
            if beside and c.style['borderLeft'] == '0px':
                found.append(f'{name} lost its left border')
            header = c.cell.in_thead or c.cell.col < STUBS[n]
            if header != (c.style['weight'] >= 600):
                found.append(f'{name}: font weight {c.style["weight"]}')
            if c.cell.rowspan > 1 and c.style['valign'] != 'top':
                found.append(f'{name}: vertical-align {c.style["valign"]}')
    return found


@pytest.mark.parametrize('theme', [
    pytest.param(theme, marks=pytest.mark.sphinx(
        'linuxhtml', testroot='tables', srcdir=f'tables-{theme}',
        freshenv=True, confoverrides={'html_theme': theme}))
    for theme in THEMES])
def test_merged_cells_in_a_browser(app: SphinxTestApp, browser: Browser,
                                   theme: str, tmp_path: Path) -> None:
    """One background per band, borders beside row spans, stubs bold."""
    app.build()
    shots = _screenshots(tmp_path)
    found = []
    checked = 0
    for page in PAGES:
        tables = styled_tables(browser, Path(app.outdir) / f'{page}.html',
                               shots / f'linuxhtml-{theme}-{page}.png')
        checked += sum(len(t) for t in tables)
        found += [f'{page}: {p}' for p in style_problems(
            tables, striped=theme == 'sphinx_rtd_theme')]
    assert checked > 100
    assert found == []


@pytest.mark.sphinx('html', testroot='tables', srcdir='tables-rtd-stock',
                    freshenv=True,
                    confoverrides={'html_theme': 'sphinx_rtd_theme',
                                   'linuxdoc_html_translator': False})
def test_stock_translator_fails_the_same_checks(
        app: SphinxTestApp, browser: Browser, tmp_path: Path) -> None:
    """The checks above can fail: stock output in sphinx_rtd_theme has
    striping through merged cells and lost borders."""
    app.build()
    shots = _screenshots(tmp_path)
    tables = styled_tables(browser, Path(app.outdir) / 'stubs.html',
                           shots / 'stock-sphinx_rtd_theme-stubs.png')
    found = style_problems(tables, striped=True)
    assert any('has backgrounds' in p for p in found)
    assert any('lost its left border' in p for p in found)
    assert any('font weight' in p for p in found)


ALL_ROOTS = ('tables', 'flat-table-features', 'flat-table-alone',
             'flat-table-errors', 'html-geometry')


def test_every_page_passes_the_nu_html_checker(tmp_path: Path) -> None:
    """Zero table-model errors or warnings on any page of any test root,
    in both themes."""
    outdirs = []
    for root in ALL_ROOTS:
        for theme in THEMES:
            out = tmp_path / f'{root}-{theme}'
            result = sphinx_build(
                '-q', '-b', 'linuxhtml', '-D', f'html_theme={theme}',
                '-d', out / '.doctrees', ROOTS / f'test-{root}', out,
                cwd=tmp_path)
            assert result.returncode == 0, result.stderr
            outdirs.append(out)
    checked, messages = vnu(outdirs)
    pages = [p for p in checked if not p.endswith(('search.html',
                                                   'genindex.html'))]
    assert len(pages) == 2 * (len(ALL_ROOTS) + 5)
    assert table_model_messages(messages) == []


def test_the_checker_finds_table_model_errors(tmp_path: Path) -> None:
    """The filter above is not vacuous: broken tables are caught."""
    page = tmp_path / 'broken.html'
    page.write_text(
        '<!DOCTYPE html><html lang="en"><head><title>t</title></head>'
        '<body><table><tbody><tr><td rowspan="3">a</td><td>b</td></tr>'
        '<tr><td colspan="0">c</td><td>d</td><td>e</td></tr>'
        '</tbody></table></body></html>', encoding='utf-8')
    checked, messages = vnu([page])
    assert checked == [str(page)]
    found = table_model_messages(messages)
    assert any('colspan' in m for m in found)
    assert any('past the end of its row group' in m for m in found)


#: For every docutils table: how much wider it is than its section (the
#: content column), the longest word of its cells (as wide as it is
#: rendered alone), whether its caption is cut, and its cells' vertical
#: alignments.
TABLE_FIT_JS = '''() =>
  [...document.querySelectorAll('table.docutils')].map(table => {
    const cells = [...table.querySelectorAll(':scope > * > tr > :is(td, th)')];
    const probe = document.createElement('span');
    probe.style.whiteSpace = 'nowrap';
    document.body.append(probe);
    let word = 0;
    for (const cell of cells) {
      probe.style.font = getComputedStyle(cell).font;
      for (const w of cell.textContent.split(/\\s+/)) {
        probe.textContent = w;
        word = Math.max(word, probe.getBoundingClientRect().width);
      }
    }
    probe.remove();
    const caption = table.querySelector('caption');
    return {
      id: table.id,
      column: table.closest('section').clientWidth,
      excess: table.getBoundingClientRect().width
              - table.closest('section').clientWidth,
      word: word,
      captionCut: caption ? caption.scrollWidth > caption.clientWidth + 1
                          : false,
      valigns: [...new Set(cells.map(c => getComputedStyle(c).verticalAlign))],
    };
  })'''


def table_fit(browser: Browser, page_file: Path, shot: Path
              ) -> list[dict[str, Any]]:
    page = browser.new_page(viewport={'width': 1100, 'height': 900})
    try:
        page.goto(page_file.as_uri())
        fit: list[dict[str, Any]] = page.evaluate(TABLE_FIT_JS)
        page.screenshot(path=str(shot), full_page=True)
    finally:
        page.close()
    return fit


def fit_problems(fit: list[dict[str, Any]]) -> list[str]:
    """Tables wider than the content column though no word is, cut
    captions, cells of one table aligned differently."""
    found = []
    for table in fit:
        # only a word wider than the column may push the table out
        if table['excess'] > 1 and table['word'] < table['column']:
            found.append(f"{table['id']}: {table['excess']:.0f}px wider "
                         'than the content column')
        if table['captionCut']:
            found.append(f"{table['id']}: caption cut")
        if table['valigns'] != ['top']:
            found.append(f"{table['id']}: vertical-align {table['valigns']}")
    return found


@pytest.mark.parametrize('theme', [
    pytest.param(theme, marks=pytest.mark.sphinx(
        'linuxhtml', testroot='html-wrap', srcdir=f'html-wrap-{theme}',
        freshenv=True, confoverrides={'html_theme': theme}))
    for theme in THEMES])
def test_tables_fit_the_content_column(app: SphinxTestApp, browser: Browser,
                                       theme: str, tmp_path: Path) -> None:
    """Cells wrap in both themes, so no table runs past the content
    column unless one word is wider; all cells of a table are aligned
    at the top (issue 16, item 6)."""
    app.build()
    fit = table_fit(browser, Path(app.outdir) / 'index.html',
                    _screenshots(tmp_path) / f'wrap-{theme}.png')
    assert len(fit) == 3
    assert fit_problems(fit) == []
    # the table with one long word is the exception, and is measured
    assert fit[2]['excess'] > 0


@pytest.mark.sphinx('html', testroot='html-wrap', srcdir='html-wrap-stock',
                    freshenv=True,
                    confoverrides={'html_theme': 'sphinx_rtd_theme',
                                   'linuxdoc_html_translator': False})
def test_stock_rtd_tables_fail_the_fit_checks(
        app: SphinxTestApp, browser: Browser, tmp_path: Path) -> None:
    """The checks above can fail: without our stylesheet sphinx_rtd_theme
    keeps cells on one line and centres them."""
    app.build()
    fit = table_fit(browser, Path(app.outdir) / 'index.html',
                    _screenshots(tmp_path) / 'wrap-stock-rtd.png')
    found = fit_problems(fit)
    assert any('wider than the content column' in p for p in found)
    assert any('vertical-align' in p for p in found)
