# SPDX-License-Identifier: GPL-2.0-only
"""Display maths in ``linuxpdf`` when rst2pdf cannot draw it.

rst2pdf draws maths with matplotlib, which linuxpdf does not depend on.
Without it, rst2pdf prints a formula's LaTeX source in one line that it
says is 10 points wide, at twice its place on the page: a long formula
runs past the page's right edge (the kernel's media book loses the ends
of its colour space formulas there) and a short one lands over other
text.  Here a ``math`` block is set as code instead, its LaTeX source
wrapped with a continuation mark like any code line wider than the
page, with a warning at its file and line.  Inline maths, which
rst2pdf draws as an empty picture without matplotlib, is set as its
LaTeX source in the font of code, with the same warning.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any
from xml.sax.saxutils import escape

from rst2pdf.basenodehandler import NodeHandler
from rst2pdf.math_flowable import HAS_MATPLOTLIB
from sphinx.locale import __
from sphinx.util import logging

from linuxdoc_builders.pdf.roles import InlineCodeHandler

if TYPE_CHECKING:
    from docutils import nodes
    from reportlab.platypus.flowables import Flowable

logger = logging.getLogger(__name__)

#: Whether rst2pdf can draw maths itself.
RST2PDF_DRAWS_MATHS: bool = bool(HAS_MATPLOTLIB)


class MathSourceHandler(NodeHandler):  # type: ignore[misc]
    """rst2pdf's handler for ``math_block`` nodes where it has no
    matplotlib: the formula's LaTeX source, set as code."""

    def gather_elements(self, client: Any, node: nodes.Element,
                        style: Any) -> list[Flowable]:
        _warn_once(node)
        flowable: Flowable = client.PreformattedFit(
            escape(node.astext().strip()), client.styles['code'])
        return [flowable]


class InlineMathSourceHandler(InlineCodeHandler):
    """rst2pdf's handler for inline ``math`` nodes where it has no
    matplotlib: the formula's LaTeX source, in the font of code."""

    def get_text(self, client: Any, node: nodes.Element,
                 replace_ent: bool) -> str:
        _warn_once(node)
        return escape(node.astext().strip())


def _warn_once(node: nodes.Element) -> None:
    """Warn at ``node`` once: rst2pdf may lay a document out twice (for
    its contents)."""
    if not node.get('linuxdoc_source_warned'):
        node['linuxdoc_source_warned'] = True
        logger.warning(
            __('maths shown as its LaTeX source: rst2pdf needs '
               'matplotlib to draw it'),
            location=node, type='linuxdoc', subtype='pdf')
