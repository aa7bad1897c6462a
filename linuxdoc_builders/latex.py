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

Three rendering fixes on top: a row-spanning header cell is written into
its first row so it keeps the header colour, ``linuxdoc.sty`` names a row
span on the page a longtable break continues it on, and the rule left of
a continued multi-column cell is drawn once.

With ``linuxdoc_builders`` in ``extensions`` the stock ``latex`` builder
uses this translator too (so ``sphinx-build -M latexpdf`` gets it), unless
``linuxdoc_latex_translator = False``.

``linuxlatex`` also writes the books of ``latex_documents`` as PDFs that
link to each other (:mod:`linuxdoc_builders.books`): each document goes
into one book only, a reference into another book becomes a link to that
book's PDF at a named destination, and every ``\\label`` is exported as a
named destination of the same name.  A ``:numref:`` into another book
prints the number LaTeX prints there (:func:`latex_numbers`).
"""

from __future__ import annotations

import shutil
from pathlib import Path
from typing import TYPE_CHECKING, Any

from docutils import nodes
from sphinx import addnodes
from sphinx.builders.latex import LaTeXBuilder
from sphinx.util import logging
from sphinx.util.nodes import inline_all_toctrees
from sphinx.writers.latex import LaTeXTranslator

from linuxdoc_builders import __version__
from linuxdoc_builders.books import (
    NOWHERE,
    Book,
    assign_books,
    book_uri,
    destination,
    documents_of,
    listed_books,
    parse_book_uri,
    report_nowhere,
)
from linuxdoc_builders.tablegrid import grid_for_writing
from linuxdoc_builders.translators import build_uses, take_stock_builders

if TYPE_CHECKING:
    from collections.abc import Iterator

    from sphinx.application import Sphinx
    from sphinx.config import Config


TEXINPUTS = Path(__file__).parent / 'texinputs'


class LinuxLaTeXTranslator(LaTeXTranslator):
    """LaTeX translator that hands Sphinx's table writer valid geometry."""

    def visit_tgroup(self, node: nodes.Element) -> None:
        grid_for_writing(node)  # reports and repairs; Sphinx writes
        super().visit_tgroup(node)

    def visit_row(self, node: nodes.Element) -> None:
        """Draw the rule left of a continued multi-column cell once.

        A row that begins with the lower parts of merged cells gets a
        ``\\multicolumn{N}{|l|}`` for each wide one; after the first, the
        left ``|`` doubles the rule the column before already draws (the
        ``standard`` style shows it as one thick rule).
        """
        start = len(self.body)
        super().visit_row(node)
        assert self.table is not None
        colsep = self.table.colsep
        if not colsep:
            return
        doubled = '{%sl%s}' % (colsep, colsep)
        for i in range(max(start, 1), len(self.body)):
            if self.body[i - 1] == '&' and doubled in self.body[i]:
                self.body[i] = self.body[i].replace(
                    doubled, '{l%s}' % colsep, 1)

    def visit_entry(self, node: nodes.Element) -> None:
        """Register row-spanning body cells with linuxdoc.sty, and write a
        row-spanning header cell into its first row only.

        Sphinx typesets a merged cell with ``\\sphinxmultirow``, whose text
        runs down into the rows below; so that their colour panels do not
        hide it, it clears the colour of every part of the cell, which
        leaves merged header cells white in the coloured header.  Header
        rows all share one colour, so here the cell's text goes into its
        first row as an ordinary cell (the row grows to fit it) and the
        parts below stay coloured; the table model still knows the cell
        covers them, so no rule is drawn across it.
        """
        morerows = _header_rowspan(node)
        if not morerows:
            super().visit_entry(node)
            if node.get('morerows'):
                self._register_merged_cell(node)
            return
        del node['morerows']
        try:
            super().visit_entry(node)
        finally:
            node['morerows'] = morerows
        table = self.table
        assert table is not None
        cell = table.cell()
        assert cell is not None
        for row in range(table.row + 1, table.row + morerows + 1):
            for col in range(table.col, table.col + cell.width):
                table.cells[row, col] = table.cell_id
        # The writer marks the parts below with \sphinxtablestrut{ID},
        # whose macro a merged cell of an earlier table may have defined
        # (ids restart in every table): make it do nothing.
        self.body.append(r'\expandafter\global\expandafter\let'
                         r'\csname sphinx@tablestrut_%d\endcsname\relax'
                         % table.cell_id)

    def _register_merged_cell(self, node: nodes.Element) -> None:
        """Tell linuxdoc.sty the text to repeat, shortened, where a page
        break cuts this row span."""
        assert self.table is not None
        text = ' '.join(node.astext().split())
        if len(text) > _CONTINUED_LENGTH:
            text = text[:_CONTINUED_LENGTH - 1].rstrip() + '\u2026'
        self.body.append(r'\linuxdocmergedcell{%d}{%s}'
                         % (self.table.cell_id, self.encode(text)))

    def hypertarget(self, id: str, withdoc: bool = True,
                    anchor: bool = True) -> str:
        """Every label is also a named destination of the same name when
        the builder writes books, so that other books can link to it
        (hyperref's own destination names are counters)."""
        target: str = super().hypertarget(id, withdoc, anchor)
        if not getattr(self.builder, 'writes_books', False):
            return target
        name = self.curfilestack[-1] + ':' + id if withdoc else id
        return target + r'\linuxdocdestination{%s}' % self.idescape(name)

    def visit_reference(self, node: nodes.Element) -> None:
        """A reference into another book links to that book's PDF."""
        other = parse_book_uri(node.get('refuri', ''))
        if other is None:
            super().visit_reference(node)
            return
        self.body.append(self._href(*other))
        self.context.append('}')

    def visit_number_reference(self, node: nodes.Element) -> None:
        """A ``:numref:`` into another book prints the number that book
        prints, as a link to it."""
        other = parse_book_uri(node.get('refuri', ''))
        if other is None:
            super().visit_number_reference(node)
            return
        builder: Any = self.builder
        number = builder.number_in_book(*other)
        title = node.get('title', '%s')
        text = (title.replace('{number}', number).replace('{name}', '')
                if '{number}' in title else title % number)
        self.body.append(self._href(*other) + self.encode(text) + '}')
        raise nodes.SkipNode

    def _href(self, target: str, name: str) -> str:
        return r'\sphinxhref{%s}{' % self.encode_uri(f'{target}.pdf#{name}')

    def depart_table(self, node: nodes.Element) -> None:
        # before the table, which the writer renders from here
        assert self.table is not None
        self.body.append(r'\linuxdoctablestart{%d}' % int(
            self.table.get_table_type() == 'longtable') + '\n')
        super().depart_table(node)


#: Characters of a merged cell's text repeated on a continuation page.
_CONTINUED_LENGTH = 24


def _header_rowspan(entry: nodes.Element) -> int:
    """Extra rows a header entry spans (0 for body entries)."""
    in_header = isinstance(entry.parent.parent, nodes.thead)
    return int(entry.get('morerows', 0)) if in_header else 0


class LinuxLaTeXBuilder(LaTeXBuilder):
    """``sphinx-build -b linuxlatex``: the LaTeX builder, safe tables, and
    books that link to each other."""

    name = 'linuxlatex'
    default_translator_class = LinuxLaTeXTranslator
    #: The translator exports every label as a named destination.
    writes_books = True

    def init(self) -> None:
        super().init()
        self._owner: dict[str, Book] | None = None
        self._numbers: dict[str, dict[str, str]] = {}

    def books(self) -> list[Book]:
        """The books of ``latex_documents``, in list order."""
        return listed_books(self.document_data)

    def owner(self) -> dict[str, Book]:
        """Each document's book, decided once per build."""
        if self._owner is None:
            self._owner = assign_books(self.env, self.books(),
                                       self.config.linuxdoc_book_of)
        return self._owner

    def assemble_doctree(self, indexfile: str, toctree_only: bool,
                         appendices: list[str]) -> nodes.document:
        book = next(b for b in self.books() if b.start == indexfile)
        with documents_of(self.env, self.owner(), book):
            tree: nodes.document = super().assemble_doctree(
                indexfile, toctree_only, appendices)
        report_nowhere(tree)
        return tree

    def get_target_uri(self, docname: str, typ: str | None = None) -> str:
        """``%DOCNAME`` in this book, a book URI for a document of another
        book, a reference to be reported for a document in no book."""
        if docname in self.docnames:
            return '%' + docname
        book = self.owner().get(docname)
        return book_uri(book, docname) if book else NOWHERE + docname

    def number_in_book(self, target: str, name: str) -> str:
        """The number LaTeX prints for the figure, table or code block
        with destination ``name`` in the book written to ``target``."""
        if target not in self._numbers:
            book = next(b for b in self.books() if b.target == target)
            with documents_of(self.env, self.owner(), book), \
                    logging.suppress_logging():
                tree = inline_all_toctrees(
                    self, set(), book.start,
                    self.env.get_doctree(book.start), str, [book.start])
            self._numbers[target] = dict(latex_numbers(
                tree, book.start, self.config.numfig_secnum_depth))
        return self._numbers[target].get(name, '??')


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


def _use_grid_translator(app: Sphinx, config: Config) -> None:
    """Let the stock LaTeX builder take the translator too."""
    take_stock_builders(app, ['latex'], LinuxLaTeXTranslator,
                        config.linuxdoc_latex_translator)


def _add_package(app: Sphinx) -> None:
    """Ship linuxdoc.sty with every LaTeX build that uses the translator."""
    if not build_uses(app, LinuxLaTeXTranslator):
        return
    outdir = Path(app.builder.outdir)
    outdir.mkdir(parents=True, exist_ok=True)
    shutil.copyfile(TEXINPUTS / 'linuxdoc.sty', outdir / 'linuxdoc.sty')
    app.add_latex_package('linuxdoc')


def setup(app: Sphinx) -> dict[str, Any]:
    """Register ``linuxlatex`` and the translator for ``latex``."""
    app.add_builder(LinuxLaTeXBuilder)
    app.add_config_value('linuxdoc_latex_translator', True, '',
                         types=[bool])
    app.add_config_value('linuxdoc_book_of', {}, 'env', types=[dict])
    app.connect('config-inited', _use_grid_translator)
    app.connect('builder-inited', _add_package)
    return {'version': __version__, 'parallel_read_safe': True,
            'parallel_write_safe': True}
