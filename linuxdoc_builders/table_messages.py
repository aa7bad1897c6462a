# SPDX-License-Identifier: GPL-2.0-only
"""The words of table messages, shared by the directive and the repair.

A reduced span is described in the same words whether a flat-table's
role asked for it or another directive's doctree did; and cell text is
quoted in a message, or repeated on a page a break cuts a cell at, by one
rule (:func:`shorten`); a message about a node without a line of its own
points at its first descendant's (:func:`lined`).
"""

from __future__ import annotations

from docutils import nodes
from sphinx.locale import __

from linuxdoc_builders.tablegrid import Repair

#: What went wrong with a reduced span, for messages: the first ``%s`` is
#: how the source names the span (``:rspan:``, ``morerows``), the second
#: its value as written.
#: (``NO_ROOM`` drops a cell instead; each caller words that itself.)
REPAIR_MESSAGES = {
    Repair.PAST_LAST_ROW: __('%s %s runs past the last row'),
    Repair.HEADER_INTO_BODY: __('%s %s runs from the header rows into the '
                                'body'),
    Repair.PAST_LAST_COLUMN: __('%s %s runs past the last column'),
    Repair.OVERLAP: __('%s %s overlaps another cell'),
    Repair.EMPTY_COLUMNS: __('%s %s spans columns in which no cell begins'),
    Repair.NEGATIVE: __('%s %s is negative'),
}

#: Longest cell text quoted where only a reminder of the cell is wanted.
QUOTE_LIMIT = 40


def shorten(text: str, limit: int = QUOTE_LIMIT) -> str:
    """``text`` on one line, cut with an ellipsis after ``limit``
    characters."""
    text = ' '.join(text.split())
    return text if len(text) <= limit else (
        text[:limit - 1].rstrip() + '\N{HORIZONTAL ELLIPSIS}')


def lined(node: nodes.Node) -> nodes.Node:
    """``node``, or, where it has no line of its own (a table in a cell,
    an option list, a grid table), its first descendant that has one:
    the place a message about it names."""
    if isinstance(node, nodes.Element) and not node.line:
        return next((inner for inner in node.findall(nodes.Element)
                     if inner.line), node)
    return node
