# SPDX-License-Identifier: GPL-2.0-only
"""The ``linuxpdf`` builder: PDF through rst2pdf (ReportLab), no TeX.

Loaded only when ``-b linuxpdf`` is asked for (its entry point names this
module), never by ``extensions = ['linuxdoc_builders']``: rst2pdf's
extension declares itself unsafe for parallel writing and fills
``pdf_documents`` when it is set up, which must not reach HTML or LaTeX
builds.

rst2pdf needs Sphinx 8.2 or newer on Python 3.11, so on an older Sphinx
the builder refuses to load with a message that says so, instead of an
import error from inside rst2pdf.

Output is deterministic: ReportLab's invariant mode is on unless
``linuxdoc_pdf_invariant = False``.

The builder is rst2pdf's own with these changes:

* tables are written by :mod:`linuxdoc_builders.pdftables`, from the
  table grid, with the stylesheet entries of ``pdfstyles/linuxdoc.yaml``
  (loaded before the project's ``pdf_stylesheets``); all header rows
  repeat on every page of a split table unless
  ``linuxdoc_pdf_repeat_header_rows = False``;
* internal links (``:doc:``, figures, equal ids in two documents of one
  PDF) are resolved by :mod:`linuxdoc_builders.pdflinks` in the
  assembled doctree, so each lands on its own target;
* each entry of ``pdf_documents`` is a book: every document is printed in
  one book only, and a reference into another book is a link to that
  book's PDF at a named destination it exports
  (:mod:`linuxdoc_builders.pdfbooks`);
* rst2pdf swallows a failed write (traceback, "FAILED", a 0-byte PDF,
  "build succeeded"); here the failure is an error naming the PDF and the
  cause, the empty file is removed, and the build exits 1.
"""

from __future__ import annotations

import logging
from pathlib import Path
from typing import TYPE_CHECKING, Any

import sphinx
from sphinx.errors import ExtensionError
from sphinx.locale import __
from sphinx.util import logging as sphinx_logging

from linuxdoc_builders import __version__

if TYPE_CHECKING:
    from types import TracebackType

    from docutils import nodes
    from sphinx.application import Sphinx
    from sphinx.config import Config

logger = sphinx_logging.getLogger(__name__)

#: rst2pdf's own floor for Sphinx on Python 3.11.
MINIMUM_SPHINX = (8, 2)

STYLESHEET = Path(__file__).parent / 'pdfstyles' / 'linuxdoc.yaml'


class _Rst2pdfFailures(logging.Handler):
    """Collects what rst2pdf logs as errors while it writes.

    rst2pdf catches every exception while writing a PDF, prints its
    traceback, says FAILED, leaves a 0-byte file and lets the build
    succeed: those exceptions are :attr:`failures`.  It also logs errors
    about parts it renders badly but writes (maths without matplotlib,
    an image it cannot read), which are :attr:`problems`.  Both are
    reported through Sphinx instead of rst2pdf's own stream.
    """

    def __init__(self) -> None:
        super().__init__(logging.ERROR)
        self.failures: list[str] = []
        self.problems: list[str] = []
        self._logger = logging.getLogger('rst2pdf')
        self._muted: list[logging.Handler] = []

    def emit(self, record: logging.LogRecord) -> None:
        error = record.exc_info[1] if record.exc_info else None
        if error is not None:
            self.failures.append(f'{type(error).__name__}: {error}')
        else:
            self.problems.append(record.getMessage())

    def __enter__(self) -> _Rst2pdfFailures:
        self._muted = [h for h in self._logger.handlers
                       if isinstance(h, logging.StreamHandler)]
        for handler in self._muted:
            handler.addFilter(_below_error)
        self._logger.addHandler(self)
        return self

    def __exit__(self, kind: type[BaseException] | None,
                 error: BaseException | None,
                 traceback: TracebackType | None) -> None:
        self._logger.removeHandler(self)
        for handler in self._muted:
            handler.removeFilter(_below_error)


def _below_error(record: logging.LogRecord) -> bool:
    return record.levelno < logging.ERROR


def _report_unwritten(outdir: Path, documents: list[Any], suffix: str,
                      failures: _Rst2pdfFailures) -> bool:
    """Remove empty PDFs and report every PDF that was not written, and
    as warnings what rst2pdf wrote badly; whether any PDF failed."""
    unwritten = []
    for entry in documents:
        target = outdir / (entry[1] + suffix)
        if not target.is_file() or target.stat().st_size == 0:
            target.unlink(missing_ok=True)
            unwritten.append(target.name)
    if not (unwritten or failures.failures):
        for problem in failures.problems:
            logger.warning(__('rst2pdf: %s'), problem, type='linuxdoc',
                           subtype='pdf')
        return False
    logger.error(__('could not write %s: %s'),
                 ', '.join(unwritten) or __('a PDF'),
                 '; '.join(failures.failures + failures.problems)
                 or __('rst2pdf wrote an empty file'),
                 type='linuxdoc', subtype='pdf')
    return True


def _configure_rst2pdf(app: Sphinx, config: Config) -> None:
    """Set rst2pdf's configuration from ours.

    The same sources give the same PDF, byte for byte: ReportLab's
    invariant mode fixes the dates and ids it would otherwise take from
    the clock (``linuxdoc_pdf_invariant = False`` leaves rst2pdf's own
    ``pdf_invariant`` alone).  Our stylesheet comes first, so a project's
    stylesheets override it.  Header rows repeat unless told not to; our
    table handler reads rst2pdf's flag as "repeat all header rows".
    """
    if config.linuxdoc_pdf_invariant:
        config.pdf_invariant = True
    config.pdf_stylesheets = [str(STYLESHEET), *config.pdf_stylesheets]
    config.pdf_repeat_table_rows = config.linuxdoc_pdf_repeat_header_rows


def setup(app: Sphinx) -> dict[str, Any]:
    """Register ``linuxpdf``, or say clearly why it cannot be."""
    if sphinx.version_info[:2] < MINIMUM_SPHINX:
        raise ExtensionError(__(
            'the linuxpdf builder needs Sphinx %s or newer (rst2pdf does); '
            'this is Sphinx %s.  Upgrade Sphinx, or build PDF with '
            'linuxlatex.') % ('.'.join(map(str, MINIMUM_SPHINX)),
                              sphinx.__display_version__))
    try:
        from rst2pdf.pdfbuilder import PDFBuilder
    except ImportError as error:
        raise ExtensionError(__(
            'the linuxpdf builder needs rst2pdf: pip install '
            '"linuxdoc-builders[pdf]" (%s)') % error) from error
    from linuxdoc_builders import books, pdfbooks, pdflinks, pdftables

    class LinuxPDFBuilder(PDFBuilder):  # type: ignore[misc]
        """``sphinx-build -b linuxpdf``: rst2pdf's PDF builder, with links
        that land on their targets, and a PDF that cannot be written
        fails the build."""

        name = 'linuxpdf'

        #: each document's book, once ``write`` starts
        owner: dict[str, books.Book] | None = None
        #: the book being assembled
        book: books.Book | None = None

        def write(self, *args: Any, **kwargs: Any) -> None:
            with _Rst2pdfFailures() as failures, pdfbooks.book_canvas():
                super().write(*args, **kwargs)
            if _report_unwritten(Path(self.outdir), self.document_data,
                                 self.out_suffix, failures):
                # "build finished with problems", exit code 1
                app.statuscode = 1

        def init_document_data(self) -> None:
            """rst2pdf's list of PDFs, and each document's book."""
            super().init_document_data()
            self.owner = books.assign_books(
                self.env, books.listed_books(self.document_data),
                self.config.linuxdoc_book_of)

        def get_target_uri(self, docname: str, typ: str | None = None
                           ) -> str:
            """A document of the book being written is ``''`` to rst2pdf;
            here it keeps its name, for :mod:`~linuxdoc_builders.pdflinks`.
            A document of another book is ``linuxdoc-book:BOOK/DOCNAME``
            (rst2pdf's ``pdf:BOOK.pdf`` says neither which document nor,
            for a document listed by two books, the right book), one in no
            book is reported where it is referenced.
            """
            if self.owner is None or self.book is None or typ == 'token':
                uri: str = super().get_target_uri(docname, typ)
                return uri or pdflinks.local_uri(docname)
            owner = self.owner.get(docname)
            if owner == self.book:
                return pdflinks.local_uri(docname)
            if owner is None:
                return books.NOWHERE + docname
            return books.book_uri(owner, docname)

        def assemble_doctree(self, docname: str, *args: Any,
                             **kwargs: Any) -> nodes.document:
            """rst2pdf's doctree of one PDF, with only the documents of its
            book (:mod:`~linuxdoc_builders.pdfbooks`), numbered captions,
            and links that land where they point
            (:mod:`~linuxdoc_builders.pdflinks`)."""
            self.book = next((book for book in books.listed_books(
                self.document_data) if book.start == docname), None)
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
            books.report_nowhere(tree)
            pdflinks.number_captions(tree, docname, self.env)
            pdflinks.resolve_links(tree, docname, self.out_suffix)
            return tree

    app.setup_extension('rst2pdf.pdfbuilder')
    app.setup_extension('linuxdoc_builders')
    app.setup_extension('linuxdoc_builders.pdflinks')
    app.add_builder(LinuxPDFBuilder)
    app.add_config_value('linuxdoc_pdf_invariant', True, '', types=[bool])
    app.add_config_value('linuxdoc_pdf_repeat_header_rows', True, '',
                         types=[bool])
    app.connect('config-inited', _configure_rst2pdf)
    pdftables.install()
    return {'version': __version__, 'parallel_read_safe': True,
            'parallel_write_safe': False}
