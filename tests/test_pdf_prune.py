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


def test_a_section_is_pruned_once_its_flowables_are_made() -> None:
    """While rst2pdf makes the flowables of a later section, an earlier
    one holds only its title (:func:`linuxdoc_builders.pdf.layout.
    prune_rendered`); every paragraph's text is in the flowables."""
    import sphinx.addnodes  # noqa: F401  (rst2pdf's Sphinx handlers)
    from rst2pdf import createpdf

    from linuxdoc_builders.pdf.seams import _sections_pruned

    document = publish_doctree(SOURCE + '\nLast\n----\n\nThe end.\n',
                               settings_overrides={
                                   'doctitle_xform': False,
                                   'report_level': 5})
    chapter = document[0][4]
    assert chapter[0].astext() == 'Chapter'
    client = createpdf.RstToPdf()
    client.doctree = document
    make = client.gen_elements
    seen: list[str] = []

    def watching(node: nodes.Node, *args: object, **kwargs: object
                 ) -> object:
        if node.astext() == 'The end.':
            seen.append(chapter.astext())
        return make(node, *args, **kwargs)

    client.gen_elements = watching
    with _sections_pruned():
        flowables = client.gen_elements(document)
    assert seen == ['Chapter\n\nSection']
    text = ' '.join(str(getattr(f, 'text', '')) for f in flowables)
    for paragraph in ('Some text with', 'A paragraph.', 'The end.'):
        assert paragraph in text


def test_a_book_lets_go_of_the_documents_it_was_copied_from() -> None:
    """rst2pdf assembles a book from deep copies of its documents, whose
    nodes keep pointing at the document copied; once the book is
    assembled that document is emptied
    (:func:`linuxdoc_builders.pdf.builder.release_copied_documents`), and
    the book keeps every word.  docutils 0.19's copies point at the copy,
    and nothing is emptied there."""
    from linuxdoc_builders.pdf.builder import release_copied_documents

    source = publish_doctree(SOURCE, settings_overrides={
        'doctitle_xform': False, 'report_level': 5})
    book = source.deepcopy()
    text = book.astext()
    copied_from = next(book.findall(nodes.paragraph)).document
    assert source.ids
    release_copied_documents(book)
    assert book.astext() == text
    if copied_from is source:
        # docutils 0.20 and later
        assert source.children == []
        assert not source.ids
        assert next(book.findall(nodes.paragraph)).document is source
    else:
        # docutils 0.19 (Debian 12) points a copy's nodes at the copy:
        # there is nothing to let go of, and nothing is emptied
        assert copied_from is book
        assert source.children and source.ids


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


def test_a_drawn_grid_table_lets_go_of_what_its_cells_nest() -> None:
    """A grid table once drawn lets go of what laying it out left in its
    cells, nested content too: a list item's table and the lines of
    the paragraphs in it (:meth:`~linuxdoc_builders.pdf.tables.GridTable.
    forget_lines`), and the next pass lays them out again."""
    import io
    from types import SimpleNamespace
    from typing import Any, cast

    from reportlab.pdfgen.canvas import Canvas
    from reportlab.platypus import Paragraph
    from rst2pdf.flowables import DelayedTable

    from linuxdoc_builders.pdf.tables import GridTable, PDFCell, TableLayout

    paragraph = Paragraph('some <b>bold</b> words')
    item = DelayedTable([['-', [paragraph]]], colWidths=['10%', '90%'])
    canvas = Canvas(io.BytesIO())
    size = item.wrapOn(canvas, 200, 200)
    item.drawOn(canvas, 0, 0)
    cell = PDFCell(0, 0, 1, 1, 'body', [item], '- some bold words')
    table = GridTable(TableLayout(
        [cell], n_rows=1, n_cols=1, header_rows=0, bands=[0],
        widths=['100%'], look=cast(Any, SimpleNamespace(h_align='LEFT'))))
    assert item.t is not None
    assert 'blPara' in paragraph.__dict__
    table.forget_lines()
    assert item.t is None
    assert 'blPara' not in paragraph.__dict__
    assert item.wrapOn(canvas, 200, 200) == size


def test_a_drawn_table_lets_go_of_its_cells_lines() -> None:
    """ReportLab's own tables (rst2pdf's for an option list, a field list
    or a definition) wrap their cells' paragraphs again when they draw
    them, and keep the lines; once the table is drawn they go
    (:func:`linuxdoc_builders.pdf.tables.forget_drawn`)."""
    import io

    from reportlab.pdfgen.canvas import Canvas
    from reportlab.platypus import Paragraph, Table

    from linuxdoc_builders.pdf.tables import forget_drawn

    first, second = Paragraph('some <b>bold</b> words'), Paragraph('more')
    table = Table([['-', [first]], [second, 'text']])
    canvas = Canvas(io.BytesIO())
    size = table.wrapOn(canvas, 200, 200)
    table.drawOn(canvas, 0, 0)
    assert 'blPara' in first.__dict__ and 'blPara' in second.__dict__
    forget_drawn(table)
    assert 'blPara' not in first.__dict__
    assert 'blPara' not in second.__dict__
    assert table.wrapOn(canvas, 200, 200) == size
    table.drawOn(canvas, 0, 0)
