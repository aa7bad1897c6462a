# SPDX-License-Identifier: GPL-2.0-only
"""Inline roles rst2pdf has no handler for.

rst2pdf keeps the text of an inline node it does not know, but warns
"Unkn. node" at every one and sets it as plain text: the whole kernel
tree has ``:manpage:`` eight times, ``:c:expr:`` twice (Sphinx's
``desc_inline``).  Here they look as in Sphinx's LaTeX output: a manual
page in italics, an inline C expression as code, an abbreviation with
its explanation after it.  (Roles that only add a class, such as
``:file:`` and ``:menuselection:``, get a style in ``linuxdoc.yaml``.)
"""

from __future__ import annotations

from typing import Any
from xml.sax.saxutils import escape

from docutils import nodes
from rst2pdf.basenodehandler import NodeHandler


class ManpageHandler(NodeHandler):  # type: ignore[misc]
    """``:manpage:`ls(1)```: in italics."""

    pre = '<i>'
    post = '</i>'


class InlineCodeHandler(NodeHandler):  # type: ignore[misc]
    """``:c:expr:`` and the like: in the font of inline code."""

    def get_pre_post(self, client: Any, node: nodes.Element,
                     replace_ent: bool) -> tuple[str, str]:
        return client.styleToFont('literal'), '</font>'


class AbbreviationHandler(NodeHandler):  # type: ignore[misc]
    """``:abbr:`LKML (Linux Kernel Mailing List)```: the abbreviation,
    then its explanation in brackets."""

    def get_text(self, client: Any, node: nodes.Element,
                 replace_ent: bool) -> str:
        text = escape(node.astext())
        explanation = node.get('explanation')
        return f'{text} ({escape(explanation)})' if explanation else text
