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
