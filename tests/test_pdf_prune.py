# SPDX-License-Identifier: GPL-2.0-only
"""What linuxpdf keeps of a book's doctree while ReportLab lays it out
(:func:`linuxdoc_builders.pdf.layout.prune_laid_out`): what the layout
still reads stays, the rest is let go."""

from __future__ import annotations

import pytest
from docutils import nodes
from docutils.core import publish_doctree

SOURCE = """\
Book
====

Some text with |version|.

.. |version| replace:: 6.12

.. _target:

Chapter
-------

A paragraph.

.. note:: A note.

==  ==
a   b
==  ==

Section
~~~~~~~

A paragraph [#]_.

.. [#] A footnote.
"""


@pytest.fixture
def pruned() -> tuple[nodes.document, list[nodes.title]]:
    from linuxdoc_builders.pdf.layout import prune_laid_out

    document = publish_doctree(SOURCE, settings_overrides={
        'doctitle_xform': False, 'report_level': 5})
    titles = list(document.findall(nodes.title))
    assert document.ids and document.autofootnotes
    prune_laid_out(document)
    return document, titles


def test_titles_keep_their_ancestors(
        pruned: tuple[nodes.document, list[nodes.title]]) -> None:
    document, titles = pruned
    assert [t.astext() for t in titles] == ['Book', 'Chapter', 'Section']
    # a table of contents walks up from each heading's title node
    chains = [[type(n).__name__ for n in _ancestors(t)] for t in titles]
    assert chains == [['section', 'document'],
                      ['section', 'section', 'document'],
                      ['section', 'section', 'section', 'document']]
    assert list(document.findall(nodes.title)) == titles


def test_the_rest_is_let_go(
        pruned: tuple[nodes.document, list[nodes.title]]) -> None:
    document, _ = pruned
    kinds = {type(n).__name__ for n in document.findall(nodes.Element)}
    assert kinds == {'document', 'section', 'title'}
    assert not document.ids
    assert not document.autofootnotes
    assert not document.refnames


def test_substitutions_stay_for_headers_and_footers(
        pruned: tuple[nodes.document, list[nodes.title]]) -> None:
    document, _ = pruned
    assert document.substitution_defs['version'].astext() == '6.12'


def _ancestors(node: nodes.Node) -> list[nodes.Node]:
    found = []
    while node.parent is not None:
        node = node.parent
        found.append(node)
    return found


def test_a_drawn_list_item_lets_go_of_its_table_and_lines() -> None:
    """rst2pdf builds a list item's table at every wrap and keeps it, and
    the lines of the paragraphs in it; once the item is drawn both go
    (:func:`linuxdoc_builders.pdf.layout.forget_drawn`), and the next
    pass lays it out again."""
    import io

    from reportlab.pdfgen.canvas import Canvas
    from reportlab.platypus import Paragraph
    from rst2pdf.flowables import DelayedTable

    from linuxdoc_builders.pdf.layout import forget_drawn

    paragraph = Paragraph('some <b>bold</b> words')
    item = DelayedTable([['-', [paragraph]]], colWidths=['10%', '90%'])
    canvas = Canvas(io.BytesIO())
    size = item.wrapOn(canvas, 200, 200)
    item.drawOn(canvas, 0, 0)
    assert item.t is not None
    assert 'blPara' in paragraph.__dict__
    forget_drawn(item)
    assert item.t is None
    assert 'blPara' not in paragraph.__dict__
    assert item.wrapOn(canvas, 200, 200) == size
    item.drawOn(canvas, 0, 0)
