# SPDX-License-Identifier: GPL-2.0-only
"""``sphinx-build -b linuxpdf``: rst2pdf's PDF builder, with books, links
that land on their targets, and a PDF that cannot be written failing the
build.

The builder is rst2pdf's own with these changes:

* tables are written by :mod:`linuxdoc_builders.pdf.tables`, from the
  table grid, with the stylesheet entries of ``styles/linuxdoc.yaml``
  (loaded before the project's ``pdf_stylesheets``); all header rows
  repeat on every page of a split table unless
  ``linuxdoc_pdf_repeat_header_rows = False``;
* internal links (``:doc:``, figures, equal ids in two documents of one
  PDF) are resolved by :mod:`linuxdoc_builders.pdf.links` in the
  assembled doctree, so each lands on its own target;
* each entry of ``pdf_documents`` is a book: every document is printed in
  one book only, and a reference into another book is a link to that
  book's PDF at a named destination it exports
  (:mod:`linuxdoc_builders.pdf.layout`); ``linuxdoc_pdf_books`` (book
  targets, ``-D linuxdoc_pdf_books=a,b``) writes only some books, the
  others' still linked to, as ``make pdfdocs SPHINXDIRS=...`` does for
  the kernel;
* rst2pdf swallows a failed write (traceback, "FAILED", a 0-byte PDF,
  "build succeeded"); here the failure is an error naming the PDF and the
  cause, the empty file is removed, and the build exits 1;
* with ``-j N`` (Sphinx's own flag) and more than one book, each book is
  written by a worker process of its own once the environment is read
  (Sphinx's ``ParallelTasks``, which hands the workers' messages back):
  rst2pdf lays a book out in one process from one list of flowables, so
  books are the unit of parallel work.  A book that fails fails the
  build, naming it; the others are still written.

Everything it changes in rst2pdf and ReportLab is changed only while it
writes (:func:`linuxdoc_builders.pdf.seams.linuxpdf_write`).
"""

from __future__ import annotations

import gc
from pathlib import Path
from typing import TYPE_CHECKING, Any

from docutils import nodes
from rst2pdf.pdfbuilder import PDFBuilder
from sphinx.locale import __
from sphinx.util import logging
from sphinx.util.parallel import ParallelTasks, parallel_available

from linuxdoc_builders import book_state, books, images
from linuxdoc_builders.pdf import graphs, links
from linuxdoc_builders.pdf.layout import forget_node_tables
from linuxdoc_builders.pdf.seams import Rst2pdfMessages, linuxpdf_write

if TYPE_CHECKING:
    from collections.abc import Iterable

    from sphinx.application import Sphinx
    from sphinx.environment import BuildEnvironment

logger = logging.getLogger(__name__)


class LinuxPDFBuilder(PDFBuilder):  # type: ignore[misc]
    """rst2pdf's PDF builder with books, links that land, and failures
    that fail the build."""

    name = 'linuxpdf'

    #: each document's book, once ``write`` starts
    owner: dict[str, books.Book] | None = None
    #: Documents in no book by design (:func:`books.html_only`).
    html_only: frozenset[str] = frozenset()
    #: the book being assembled
    book: books.Book | None = None
    #: every book of ``pdf_documents``, also in a worker that writes one
    all_books: tuple[books.Book, ...] = ()
    #: rst2pdf's entries of ``pdf_documents`` (start, target, title, ...)
    document_data: list[Any]

    def __init__(self, app: Sphinx, env: BuildEnvironment) -> None:
        super().__init__(app, env)
        # Sphinx 9 deprecates a builder's ``app``; the status code is
        # the application's
        self._status = app

    #: In a worker process: the target of the one book it writes.
    _only: str | None = None
    #: The documents of other books each book written links into.
    _linked: dict[str, list[str]]

    #: Whether every book is written (``-a``, or files named): Sphinx
    #: asks :meth:`get_outdated_docs` in every other build.
    _everything = True

    def get_outdated_docs(self) -> Iterable[str]:
        self._everything = False
        outdated: Iterable[str] = super().get_outdated_docs()
        return outdated

    def write(self, *args: Any, **kwargs: Any) -> None:
        self.init_document_data()
        states, self.document_data, settings = book_state.books_to_write(
            self, self.document_data, self.all_books, self.owner or {},
            self.out_suffix, self._everything)
        targets = [entry[1] for entry in self.document_data]
        jobs = self._status.parallel
        if jobs > 1 and parallel_available and len(targets) > 1:
            failed, linked = self._write_in_parallel(targets, jobs)
        else:
            failed, linked = self._write_books(None)
        states.record([book for book in self.all_books
                       if book.target in targets], settings, linked)
        if failed:
            # "build finished with problems", exit code 1
            self._status.statuscode = 1

    def _write_books(self, only: str | None
                     ) -> tuple[bool, dict[str, list[str]]]:
        """Write every book (``only`` None) or the one written to
        ``only``; whether a PDF could not be written, and the documents
        of other books each book written links into (none if any
        failed: which did is not known)."""
        self._only = only
        self._linked = {}
        with linuxpdf_write(
                list(self.config.linuxdoc_pdf_fallback_fonts),
                _fonts(self.config.linuxdoc_pdf_fonts)) as messages:
            super().write()
        failed = _report_unwritten(Path(self.outdir), self.document_data,
                                   self.out_suffix, messages)
        return failed, {} if failed else self._linked

    def _write_in_parallel(self, targets: list[str], jobs: int
                           ) -> tuple[bool, dict[str, list[str]]]:
        """Each book in a worker process; whether any failed, and the
        documents of other books each book written links into."""
        failed: list[str] = []
        linked: dict[str, list[str]] = {}

        def done(target: str, result: tuple[bool, dict[str, list[str]]]
                 ) -> None:
            if result[0]:
                failed.append(target)
            linked.update(result[1])
            _progress(len(linked) + len(failed) - 1, len(targets),
                      target + self.out_suffix)

        tasks = ParallelTasks(min(jobs, len(targets)))
        for target in targets:
            tasks.add_task(self._write_books, target, done)
        tasks.join()
        return bool(failed), linked

    def init_document_data(self) -> None:
        """rst2pdf's list of PDFs, and each document's book, read once;
        in a worker, only the book it writes (the books are still all
        of them, for links between them)."""
        if self._only is not None:
            self.document_data = [entry for entry in self.document_data
                                  if entry[1] == self._only]
            return
        if self.owner is not None:
            return
        super().init_document_data()
        self.all_books = tuple(books.listed_books(self.document_data))
        self.owner = books.assign_books(self.env, self.all_books,
                                        self.config.linuxdoc_book_of)
        self.html_only = books.html_only(self.env, self.all_books)
        wanted = self.config.linuxdoc_pdf_books
        if wanted:
            self.document_data = [entry for entry in self.document_data
                                  if entry[1] in wanted]

    def get_target_uri(self, docname: str, typ: str | None = None) -> str:
        """A document of the book being written is ``''`` to rst2pdf;
        here it keeps its name, for :mod:`~linuxdoc_builders.pdf.links`.
        A document of another book is ``linuxdoc-book:BOOK/DOCNAME``
        (rst2pdf's ``pdf:BOOK.pdf`` says neither which document nor,
        for a document listed by two books, the right book), one in no
        book is reported where it is referenced.
        """
        if self.owner is None or self.book is None or typ == 'token':
            uri: str = super().get_target_uri(docname, typ)
            return uri or links.local_uri(docname)
        owner = self.owner.get(docname)
        if owner == self.book:
            return links.local_uri(docname)
        if owner is None:
            return books.NOWHERE + docname
        return books.book_uri(owner, docname)

    def assemble_doctree(self, docname: str, *args: Any,
                         **kwargs: Any) -> nodes.document:
        """rst2pdf's doctree of one PDF, with only the documents of its
        book, numbered captions, and links that land where they point
        (:mod:`~linuxdoc_builders.pdf.links`)."""
        self.book = next((book for book in self.all_books
                          if book.start == docname), None)
        if self._only is None:
            _progress([entry[0] for entry in self.document_data
                       ].index(docname), len(self.document_data),
                      self.book.target + self.out_suffix if self.book
                      else docname)
        try:
            if self.owner is None or self.book is None:
                tree: nodes.document = super().assemble_doctree(
                    docname, *args, **kwargs)
            else:
                with books.documents_of(self.env, self.owner, self.book):
                    tree = super().assemble_doctree(
                        docname, *args, **kwargs)
        finally:
            self.book = None
            books.forget_pickled_doctrees(self.env)
        release_copied_documents(tree)
        books.report_nowhere(tree, self.env, self.html_only)
        graphs.draw_graphs(tree, Path(self.srcdir), Path(self.outdir))
        images.replace_unreadable(tree, Path(self.srcdir))
        books.name_other_books(tree, self.all_books)
        self._linked[next(entry[1] for entry in self.document_data
                          if entry[0] == docname)] = (
            book_state.linked_documents(tree))
        links.number_captions(tree, docname, self.env)
        links.resolve_links(tree, docname, self.out_suffix)
        return tree


def release_copied_documents(tree: nodes.document) -> None:
    """Empty the documents that ``tree``, a book, was copied from.

    rst2pdf assembles a book from a deep copy of each document's doctree,
    and docutils' copy of a node keeps the document of the node it
    copies (``node.document``): every document of the book stayed in
    memory whole, beside its copy, until the PDF was written.  Only the
    copies are read from here on; the documents keep their settings and
    reporter, but not their nodes nor their tables of nodes.  (docutils
    0.19 points a copy's nodes at the copy: nothing to empty there.)
    """
    copied = {id(node.document): node.document
              for node in tree.findall(nodes.Element)
              if node.document is not None and node.document is not tree}
    for document in copied.values():
        document.children = []
        forget_node_tables(document)
    gc.collect()


def _progress(done: int, total: int, name: str) -> None:
    """Sphinx's progress line for book ``done + 1`` of ``total``: as it
    starts (one process), as it is finished (``-j``, whose workers'
    messages come when their book is written)."""
    logger.info(__('writing books... [%3d%%] %s (book %d of %d)'),
                100 * (done + 1) // total, name, done + 1, total)


def forget_read_doctrees(app: Sphinx, env: BuildEnvironment) -> None:
    """Drop the doctrees Sphinx kept from reading for its writers, once
    every document is read (before :mod:`~linuxdoc_builders.gc_policy`
    freezes what is left: frozen, they would stay to the end).

    Sphinx keeps every document it read in this run for
    ``get_and_resolve_doctree``; rst2pdf never calls that (it unpickles
    each document of a book with ``get_doctree``), so they stayed in
    memory through every book's write.  A node points to its parent, so
    only the cycle collector frees them: it runs now, before the write
    needs the memory, not when it next comes to the oldest objects.
    """
    if not isinstance(app.builder, LinuxPDFBuilder):
        return
    books.forget_pickled_doctrees(env)
    cache = getattr(env, '_write_doc_doctree_cache', None)
    if cache:
        cache.clear()
        gc.collect()


def _report_unwritten(outdir: Path, documents: list[Any], suffix: str,
                      messages: Rst2pdfMessages) -> bool:
    """Remove empty PDFs and report every PDF that was not written, and
    as warnings what rst2pdf wrote badly; whether any PDF failed.

    Only a file right in ``outdir`` is ever removed (the settings check
    makes every target one; this holds even if it did not).
    """
    unwritten = []
    for entry in documents:
        target = outdir / (str(entry[1]) + suffix)
        if not target.is_file() or target.stat().st_size == 0:
            if target.is_file() and target.resolve().parent == \
                    outdir.resolve():
                target.unlink()
            unwritten.append(target.name)
    if not (unwritten or messages.failures):
        for problem in messages.problems:
            logger.warning(__('rst2pdf: %s'), problem, type='linuxdoc',
                           subtype='pdf')
        return False
    logger.error(__('could not write %s: %s'),
                 ', '.join(unwritten) or __('a PDF'),
                 '; '.join(messages.failures + messages.problems)
                 or __('rst2pdf wrote an empty file'),
                 type='linuxdoc', subtype='pdf')
    return True


def _fonts(fonts: object) -> dict[str, str]:
    """``linuxdoc_pdf_fonts`` if it is a dict of names (its stylesheet
    has already warned of anything else)."""
    if not isinstance(fonts, dict):
        return {}
    return {role: family for role, family in fonts.items()
            if isinstance(role, str) and isinstance(family, str)}
