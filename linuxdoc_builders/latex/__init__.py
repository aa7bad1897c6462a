# SPDX-License-Identifier: GPL-2.0-only
"""The ``linuxlatex`` builder: Sphinx's LaTeX tables, never a crash.

Sphinx's LaTeX writer places merged cells and stub columns correctly, so
its table code is kept.  What it cannot survive is impossible geometry: an
overlapping or negative span, a span past the table, or a short row stops
the build with an ``AssertionError`` (or an ``AttributeError``) and no
location, and a column span far beyond the table's width makes output (and
TeX's memory) grow with the span.  Before any writer sees a table, the
post-transform of :mod:`linuxdoc_builders.transforms` reads it into the
table grid, reports what the grid had to repair at the table's source
line, and writes the repaired geometry back, so every table the writer
gets is complete and bounded by its cells.

On Sphinx 5.3, tables take the style later releases default to
(booktabs with coloured rows) unless conf.py sets ``latex_table_style``.

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
prints the number Sphinx gave the target, which every book prints (and
HTML).
"""

from __future__ import annotations

import contextvars
import shutil
from pathlib import Path
from typing import TYPE_CHECKING, Any

import sphinx
from docutils import nodes
from sphinx.builders.latex import LaTeXBuilder

from linuxdoc_builders import __version__, images
from linuxdoc_builders.book_state import (
    BookStates,
    books_to_write,
    linked_documents,
)
from linuxdoc_builders.books import (
    NOWHERE,
    Book,
    assign_books,
    book_uri,
    documents_of,
    forget_pickled_doctrees,
    html_only,
    listed_books,
    report_nowhere,
)
from linuxdoc_builders.latex import metrics
from linuxdoc_builders.latex.checks import (
    KEEPS_MERGED_ROWS,
    check_strut_macro,
)
from linuxdoc_builders.latex.given_widths import line_width
from linuxdoc_builders.latex.ifconfig import resolve_ifconfig
from linuxdoc_builders.latex.metrics import TextMetrics
from linuxdoc_builders.latex.scripts import (
    DEFAULT_CJK_FONTS,
    write_cjk_package,
)
from linuxdoc_builders.latex.tall import CutTallTables
from linuxdoc_builders.latex.translator import LinuxLaTeXTranslator
from linuxdoc_builders.translators import build_uses, take_stock_builders

if TYPE_CHECKING:
    from sphinx.application import Sphinx
    from sphinx.config import Config
    from sphinx.environment import BuildEnvironment


TEXINPUTS = Path(__file__).parent / 'texinputs'

#: linuxdoc.sty's options: ``breakspans`` where Sphinx keeps the rows of
#: a merged cell on one page, even one taller than a page.
SPAN_OPTIONS = 'breakspans' if KEEPS_MERGED_ROWS else None


#: How many times latexmk may run the engine before it gives up on a
#: book: its default, five, leaves the kernel's admin-guide (1,400 pages,
#: a table of contents and an index) without a PDF ("'xelatex' needed too
#: many passes"); its aux file is stable after the sixth.
LATEXMK_PASSES = 10


class LinuxLaTeXBuilder(LaTeXBuilder):
    """``sphinx-build -b linuxlatex``: the LaTeX builder, safe tables, and
    books that link to each other."""

    name = 'linuxlatex'
    default_translator_class = LinuxLaTeXTranslator
    #: The translator exports every label as a named destination.
    writes_books = True

    def init(self) -> None:
        super().init()
        self._books: list[Book] | None = None
        self._everything = True
        #: What each book was written from, once decided.
        self._states: BookStates | None = None
        self._settings: dict[str, str] = {}
        #: The documents of other books each book written links into.
        self._linked: dict[str, list[str]] = {}
        self._owner: dict[str, Book] | None = None
        self._html_only: frozenset[str] | None = None
        #: Sphinx's figure, table and code block numbers of each
        #: document another book refers to, by id.
        self._numbers: dict[str, dict[str, str]] = {}

    def books(self) -> list[Book]:
        """The books of ``latex_documents``, in list order (those written
        in this build or not)."""
        if self._books is None:
            self._books = listed_books(self.document_data)
        return self._books

    def get_outdated_docs(self) -> str | list[str]:
        """Sphinx asks this in every build but one asked for everything
        (``-a``, or files named), which writes every book."""
        self._everything = False
        return super().get_outdated_docs()

    def copy_support_files(self) -> None:
        """Sphinx's support files, its ``latexmkrc`` allowing latexmk
        :data:`LATEXMK_PASSES` passes."""
        super().copy_support_files()
        rc = Path(self.outdir) / 'latexmkrc'
        line = f'$max_repeat = {LATEXMK_PASSES};\n'
        text = rc.read_text() if rc.is_file() else None
        if text is not None and line not in text:
            with rc.open('a') as out:
                out.write(('' if text.endswith('\n') else '\n') + line)

    def finish(self) -> None:
        """Record what each book written was written from."""
        super().finish()
        if self._states is not None:
            self._states.record(
                [book for book in self.books()
                 if book.target in self._settings], self._settings,
                self._linked)

    def init_document_data(self) -> None:
        """The books of ``latex_documents``, and of them those to write
        in this build in ``document_data``."""
        if self._states is not None:
            return
        super().init_document_data()
        self._states, self.document_data, self._settings = books_to_write(
            self, self.document_data, self.books(), self.owner(), '.tex',
            self._everything)

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
        if self._html_only is None:
            self._html_only = html_only(self.env, self.books())
        report_nowhere(tree, self.env, self._html_only)
        images.replace_unreadable(tree, Path(self.srcdir))
        self._linked[book.target] = linked_documents(tree)
        return tree

    def get_target_uri(self, docname: str, typ: str | None = None) -> str:
        """``%DOCNAME`` in this book, a book URI for a document of another
        book, a reference to be reported for a document in no book."""
        if docname in self.docnames:
            return '%' + docname
        book = self.owner().get(docname)
        return book_uri(book, docname) if book else NOWHERE + docname

    def book(self, target: str) -> Book | None:
        """The book written to ``target``."""
        return next((b for b in self.books() if b.target == target), None)

    def number_in_book(self, name: str) -> str:
        """The number of the figure, table or code block with destination
        ``name`` (``DOCNAME:ID``) in another book: Sphinx's, which that
        book prints as every book does (``\\linuxdocnumber``)."""
        docname, _, node_id = name.rpartition(':')
        if docname not in self._numbers:
            self._numbers[docname] = _numbers_by_id(self.env, docname)
        return self._numbers[docname].get(node_id, '??')


def _numbers_by_id(env: BuildEnvironment, docname: str) -> dict[str, str]:
    """The number of each numbered node of ``docname``, under every id
    it has (Sphinx keys its numbers by a node's first id; a reference
    names it by its label's)."""
    numbers = env.toc_fignumbers.get(docname, {})
    found: dict[str, str] = {}
    if not numbers:
        return found
    for node in env.get_doctree(docname).findall(nodes.Element):
        ids: list[str] = node.get('ids', [])
        for by_id in numbers.values() if ids else ():
            if ids[0] in by_id:
                number = '.'.join(map(str, by_id[ids[0]]))
                found.update(dict.fromkeys(ids, number))
    return found


def _forget_pickled_doctrees(app: Sphinx, env: BuildEnvironment) -> None:
    """No stale document pickles for linuxlatex's books
    (:func:`~linuxdoc_builders.books.forget_pickled_doctrees`)."""
    if isinstance(app.builder, LinuxLaTeXBuilder):
        forget_pickled_doctrees(env)


def _use_grid_translator(app: Sphinx, config: Config) -> None:
    """Let the stock LaTeX builder take the translator too."""
    take_stock_builders(app, ['latex'], LinuxLaTeXTranslator,
                        config.linuxdoc_latex_translator)


#: What ``latex_table_style`` defaults to from Sphinx 6.0 on.
MODERN_TABLE_STYLE = ['booktabs', 'colorrows']


def _modern_table_style(app: Sphinx, config: Config) -> None:
    """On Sphinx 5.3 (Debian 12), tables in the style later releases use
    by default, unless conf.py sets ``latex_table_style``.

    5.3 has the styles but defaults to vertical rules, with which TeX
    runs out of main memory on a table of a few hundred columns
    (``\\@preamble`` grows with every ``|``), and merged header cells are
    not coloured: one look and one set of limits on every Sphinx.
    Sphinx 5.3 keeps what conf.py set only in ``Config._raw_config``, a
    name that frozen release will not change.
    """
    if (sphinx.version_info < (6,)
            and 'latex_table_style' not in config._raw_config):
        config.latex_table_style = list(MODERN_TABLE_STYLE)


def _add_package(app: Sphinx) -> None:
    """Ship linuxdoc.sty with every LaTeX build that uses the translator,
    and linuxdoc-cjk.sty, which acts under xelatex
    (:mod:`~linuxdoc_builders.latex.scripts`)."""
    if not build_uses(app, LinuxLaTeXTranslator):
        return
    outdir = Path(app.builder.outdir)
    outdir.mkdir(parents=True, exist_ok=True)
    shutil.copyfile(TEXINPUTS / 'linuxdoc.sty', outdir / 'linuxdoc.sty')
    app.add_latex_package('linuxdoc', SPAN_OPTIONS)
    write_cjk_package(outdir, app.config.linuxdoc_latex_cjk_fonts)
    app.add_latex_package('linuxdoc-cjk')
    check_strut_macro()


#: Sphinx's options (``\\sphinxsetup``) that linuxlatex sets before the
#: project's own: a code line with no point Sphinx may break it at (an
#: ASCII-art table's row of ``*``, a memory map's rule of ``=``) is
#: broken anywhere, each continuation after Sphinx's hook arrow, where it
#: ran past the page's edge (the whole kernel tree: 2,078 characters, in
#: filesystems, arch, translations, core-api, dev-tools).
SPHINXSETUP = 'verbatimforcewraps=true'


def _our_context(app: Sphinx) -> dict[str, Any] | None:
    """The LaTeX builder's template settings (``latex_elements`` with
    Sphinx's defaults), if the build uses our translator."""
    context = getattr(app.builder, 'context', None)
    if not build_uses(app, LinuxLaTeXTranslator) \
            or not isinstance(context, dict):
        return None
    return context


def _wrap_long_code_lines(app: Sphinx) -> None:
    """Put :data:`SPHINXSETUP` first in the builder's ``sphinxsetup``,
    where ``latex_elements`` may still set the options otherwise."""
    context = _our_context(app)
    if context is None:
        return
    context['sphinxsetup'] = ','.join(
        part for part in (SPHINXSETUP, context.get('sphinxsetup') or '')
        if part.strip())


class _TextMeasure:
    """The build's measure of text (:mod:`~linuxdoc_builders.latex.metrics`:
    its fonts, point size and line), undone when the build ends."""

    def __init__(self) -> None:
        self.token: contextvars.Token[TextMetrics] | None = None

    def start(self, app: Sphinx) -> None:
        context = _our_context(app)
        if context is None:
            return
        fonts = '\n'.join(str(context.get(key) or '')
                          for key in ('fontpkg', 'preamble'))
        self.token = metrics.use(fonts,
                                 str(context.get('pointsize') or ''),
                                 line_width(app.config))

    def end(self, app: Sphinx, exception: BaseException | None) -> None:
        if self.token is not None:
            metrics.reset(self.token)
            self.token = None


def setup(app: Sphinx) -> dict[str, Any]:
    """Register ``linuxlatex`` and the translator for ``latex``."""
    app.add_builder(LinuxLaTeXBuilder)
    app.add_post_transform(CutTallTables)
    app.add_config_value('linuxdoc_latex_translator', True, '',
                         types=[bool])
    app.add_config_value('linuxdoc_book_of', {}, 'env', types=[dict])
    app.add_config_value('linuxdoc_latex_cjk_fonts', list(DEFAULT_CJK_FONTS),
                         '', types=[list, tuple])
    app.connect('config-inited', _use_grid_translator)
    app.connect('config-inited', _modern_table_style)
    app.connect('builder-inited', _add_package)
    app.connect('builder-inited', _wrap_long_code_lines)
    measure = _TextMeasure()
    app.connect('builder-inited', measure.start)
    app.connect('build-finished', measure.end)
    app.connect('env-updated', _forget_pickled_doctrees, priority=400)
    # sphinx.ext.ifconfig resolves its nodes at the default priority, 500
    app.connect('doctree-resolved', resolve_ifconfig, priority=499)
    return {'version': __version__, 'parallel_read_safe': True,
            'parallel_write_safe': True}
