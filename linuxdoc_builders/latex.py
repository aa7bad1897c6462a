# SPDX-License-Identifier: GPL-2.0-only
"""The ``linuxlatex`` builder: Sphinx's LaTeX tables, never a crash.

Sphinx's LaTeX writer places merged cells and stub columns correctly, so
its table code is kept.  What it cannot survive is impossible geometry: an
overlapping or negative span, a span past the table, or a short row stops
the build with an ``AssertionError`` (or an ``AttributeError``) and no
location, and a column span far beyond the table's width makes output (and
TeX's memory) grow with the span.  Before the writer sees a table, the
translator reads it into the :class:`~linuxdoc_builders.tablegrid.TableGrid`,
reports what the grid had to repair at the table's source line, and
writes the repaired geometry back (:meth:`TableGrid.write_back`), so every
table the writer gets is complete and bounded by its cells.

With ``linuxdoc_builders`` in ``extensions`` the stock ``latex`` builder
uses this translator too (so ``sphinx-build -M latexpdf`` gets it), unless
``linuxdoc_latex_translator = False``.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from sphinx.builders.latex import LaTeXBuilder
from sphinx.writers.latex import LaTeXTranslator

from linuxdoc_builders import __version__
from linuxdoc_builders.tablegrid import TableGrid, report_problems

if TYPE_CHECKING:
    from docutils import nodes
    from sphinx.application import Sphinx
    from sphinx.config import Config


class LinuxLaTeXTranslator(LaTeXTranslator):
    """LaTeX translator that hands Sphinx's table writer valid geometry."""

    def visit_tgroup(self, node: nodes.Element) -> None:
        grid = TableGrid.from_tgroup(node)
        report_problems(grid, node)
        grid.write_back()
        super().visit_tgroup(node)


class LinuxLaTeXBuilder(LaTeXBuilder):
    """``sphinx-build -b linuxlatex``: the LaTeX builder, safe tables."""

    name = 'linuxlatex'
    default_translator_class = LinuxLaTeXTranslator


def _use_grid_translator(app: Sphinx, config: Config) -> None:
    """Let the stock LaTeX builder take the translator too, unless the
    project turned that off or registered a translator of its own."""
    if config.linuxdoc_latex_translator and \
            'latex' not in app.registry.translators:
        app.set_translator('latex', LinuxLaTeXTranslator)


def setup(app: Sphinx) -> dict[str, Any]:
    """Register ``linuxlatex`` and the translator for ``latex``."""
    app.add_builder(LinuxLaTeXBuilder)
    app.add_config_value('linuxdoc_latex_translator', True, '',
                         types=[bool])
    app.connect('config-inited', _use_grid_translator)
    return {'version': __version__, 'parallel_read_safe': True,
            'parallel_write_safe': True}
