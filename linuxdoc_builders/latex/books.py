# SPDX-License-Identifier: GPL-2.0-only
"""What linuxlatex needs to know about the other books it writes: the
numbers LaTeX prints there for figures, tables and code blocks, so that a
``:numref:`` into another book prints the same number."""

from __future__ import annotations

from typing import TYPE_CHECKING

from docutils import nodes
from sphinx import addnodes

from linuxdoc_builders.books import destination

if TYPE_CHECKING:
    from collections.abc import Iterator


def latex_numbers(tree: nodes.Node, docname: str, depth: int
                  ) -> Iterator[tuple[str, str]]:
    """``(destination, number)`` of every numbered figure, table and code
    block of a book, as Sphinx's LaTeX numbers them: within the chapter
    (``numfig_secnum_depth`` levels of sections; the book's title section
    is not one), counting only those with a caption."""
    sections: list[int] = []
    counters: dict[tuple[str, tuple[int, ...]], int] = {}

    def walk(node: nodes.Node, level: int, docname: str
             ) -> Iterator[tuple[str, str]]:
        for child in node.children:
            if isinstance(child, addnodes.start_of_file):
                yield from walk(child, level, child['docname'])
            elif isinstance(child, nodes.section):
                if level:
                    del sections[level:]
                    sections.extend([0] * (level - len(sections)))
                    sections[level - 1] += 1
                yield from walk(child, level + 1, docname)
            elif (isinstance(child, nodes.Element)
                  and (kind := _numbered_kind(child)) is not None):
                prefix = tuple((sections + [0] * depth)[:depth])
                count = counters[kind, prefix] = counters.get(
                    (kind, prefix), 0) + 1
                number = '.'.join(map(str, (*prefix, count)))
                for node_id in child['ids']:
                    yield destination(docname, node_id), number
                yield from walk(child, level, docname)
            elif isinstance(child, nodes.Element):
                yield from walk(child, level, docname)

    yield from walk(tree, 0, docname)


def _numbered_kind(node: nodes.Element) -> str | None:
    """Which LaTeX counter a node steps: captioned figures, titled tables
    and captioned code blocks."""
    if isinstance(node, nodes.figure):
        has = any(isinstance(c, nodes.caption) for c in node.children)
        return 'figure' if has else None
    if isinstance(node, nodes.table):
        has = any(isinstance(c, nodes.title) for c in node.children)
        return 'table' if has else None
    if isinstance(node, nodes.container) and node.get('literal_block'):
        has = any(isinstance(c, nodes.caption) for c in node.children)
        return 'code-block' if has else None
    return None
