# SPDX-License-Identifier: GPL-2.0-only
"""The ``linuxhtml`` builder: HTML tables placed by the table grid.

docutils' HTML writer decides ``<th class="stub">`` by counting the entries
of a row, so as soon as a row span from above covers a stub column, the
first data cell of the rows below is written as a stub, and a header cell
right of a header row span becomes ``head stub``.  The translator here asks
:class:`~linuxdoc_builders.tablegrid.TableGrid` instead, for every entry
(the table was repaired by :mod:`linuxdoc_builders.transforms` before):

* ``th class="head"`` with ``scope="col"`` for cells in header rows,
  ``th class="stub"`` with ``scope="row"`` for cells in stub columns, a
  plain ``td`` for everything else;
* ``class="beside-rowspan"`` on a cell that is first in its ``tr`` only
  because a row span covers the columns to its left (themes that drop the
  left border of a row's first cell would erase the border of the span);
* ``band-odd`` / ``band-even`` on the rows of a table body in which cells
  span rows: rows joined by a row span form one band, and the stylesheet
  stripes bands, so striping never cuts through a merged cell.

Everything else is written as the stock builder writes it.  With
``linuxdoc_builders`` in ``extensions`` the stock ``html``, ``dirhtml`` and
``singlehtml`` builders use this translator too, unless
``linuxdoc_html_translator = False``.
"""

from __future__ import annotations

import functools
import shutil
from dataclasses import dataclass
from pathlib import Path
from typing import TYPE_CHECKING, Any

from docutils import nodes
from sphinx.builders.html import StandaloneHTMLBuilder
from sphinx.writers.html5 import HTML5Translator

from linuxdoc_builders import __version__
from linuxdoc_builders.table_nodes import PlacedTGroup
from linuxdoc_builders.transforms import repair
from linuxdoc_builders.translators import build_uses, take_stock_builders

if TYPE_CHECKING:
    from collections.abc import Set

    from sphinx.application import Sphinx
    from sphinx.config import Config

STATIC = Path(__file__).parent / 'static'
STYLESHEET = 'linuxdoc-tables.css'

#: Stock builders that get the grid translator unless told otherwise.
STOCK_BUILDERS = ('html', 'dirhtml', 'singlehtml')


@dataclass
class _TableLayout:
    """What the translator knows about the ``tgroup`` it is inside."""

    table: PlacedTGroup
    #: For each grid row: its band among the body rows (``None`` for
    #: header rows); ``None`` when no body cell spans rows (the theme's
    #: own striping is right then).
    bands: list[int | None] | None
    next_row: int = 0
    #: No cell of the current row has been written yet.
    at_row_start: bool = True


class LinuxHTMLTranslator(HTML5Translator):
    """HTML5 translator that writes table cells from the table grid."""

    def __init__(self, document: nodes.document, builder: Any) -> None:
        super().__init__(document, builder)
        # one layout per open tgroup: tables nest inside cells
        self._layouts: list[_TableLayout] = []

    def visit_tgroup(self, node: nodes.tgroup) -> None:
        super().visit_tgroup(node)
        table = repair(node)
        grid = table.grid
        self._layouts.append(_TableLayout(
            table, grid.bands() if grid.band_starts() else None))

    def depart_tgroup(self, node: nodes.tgroup) -> None:
        self._layouts.pop()
        super().depart_tgroup(node)

    def visit_row(self, node: nodes.Element) -> None:
        layout = self._layouts[-1]
        y = layout.next_row
        layout.next_row += 1
        layout.at_row_start = True
        band = layout.bands[y] if layout.bands is not None else None
        if band is not None:
            node['classes'].append('band-even' if band % 2 else 'band-odd')
        super().visit_row(node)

    def visit_entry(self, node: nodes.Element) -> None:
        layout = self._layouts[-1]
        cell = layout.table.cell_of(node)
        if cell is None:
            # no room in the table; reported with the grid's problems
            raise nodes.SkipNode
        classes: list[str] = []
        atts: dict[str, Any] = {'classes': classes}
        if cell.is_header:
            classes.append('head')
            atts['scope'] = 'col'
        if cell.is_stub:
            classes.append('stub')
            atts.setdefault('scope', 'row')
        if layout.at_row_start and cell.col > 0:
            classes.append('beside-rowspan')
        layout.at_row_start = False
        if cell.rowspan > 1:
            atts['rowspan'] = cell.rowspan
        if cell.colspan > 1:
            atts['colspan'] = cell.colspan
        tagname = 'th' if cell.is_header or cell.is_stub else 'td'
        self.body.append(self.starttag(node, tagname, '', **atts))
        self.context.append(f'</{tagname}>\n')


class LinuxHTMLBuilder(StandaloneHTMLBuilder):
    """``sphinx-build -b linuxhtml``: the HTML builder with grid tables."""

    name = 'linuxhtml'
    default_translator_class = LinuxHTMLTranslator

    def prepare_writing(self, docnames: Set[str]) -> None:
        """Stem each word for the search index once per build.

        Sphinx stems every word of a page again for each page (its cache
        lives for one page): on the kernel's 3600 pages, 1.4 million calls
        of the pure-Python Snowball stemmer, a quarter of the write
        phase under cProfile.  The stem of a word does not change, so
        the index is the same.
        """
        super().prepare_writing(docnames)
        indexer = getattr(self, 'indexer', None)
        if indexer is not None:
            indexer.lang.stem = functools.cache(indexer.lang.stem)


def _use_grid_translator(app: Sphinx, config: Config) -> None:
    """Let the stock HTML builders write tables from the grid too."""
    take_stock_builders(app, STOCK_BUILDERS, LinuxHTMLTranslator,
                        config.linuxdoc_html_translator)


def _add_stylesheet(app: Sphinx) -> None:
    """Link the table stylesheet from every builder that writes our
    tables (the file is copied when the build ends,
    :func:`_copy_stylesheet`)."""
    if build_uses(app, LinuxHTMLTranslator):
        app.add_css_file(STYLESHEET)


def _copy_stylesheet(app: Sphinx, exception: Exception | None) -> None:
    """Copy the table stylesheet into ``_static`` of a build that links
    it.  Not through ``html_static_path``: changed once the builder
    exists, after Sphinx has compared the configuration with the last
    build's, it made every rebuild of an unchanged project say "The
    configuration has changed"; changed before, it put the file into
    builds that do not write our tables (epub)."""
    if exception is None and build_uses(app, LinuxHTMLTranslator):
        static = Path(app.outdir) / '_static'
        static.mkdir(parents=True, exist_ok=True)
        shutil.copyfile(STATIC / STYLESHEET, static / STYLESHEET)


def setup(app: Sphinx) -> dict[str, Any]:
    """Register ``linuxhtml`` and the grid translator for stock builders."""
    app.add_builder(LinuxHTMLBuilder)
    app.add_config_value('linuxdoc_html_translator', True, 'html',
                         types=[bool])
    app.connect('config-inited', _use_grid_translator)
    app.connect('builder-inited', _add_stylesheet)
    app.connect('build-finished', _copy_stylesheet)
    return {'version': __version__, 'parallel_read_safe': True,
            'parallel_write_safe': True}
