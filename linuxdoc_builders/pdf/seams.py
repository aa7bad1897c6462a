# SPDX-License-Identifier: GPL-2.0-only
"""Every change linuxpdf makes to rst2pdf, made only while it writes.

rst2pdf has no public hooks for what linuxpdf replaces, so some of its
process-wide state is changed, and only here, inside
:func:`linuxpdf_write`, which undoes every change when the write ends:

* its Sphinx dispatch table (``rst2pdf.sphinxnodes.sphinxhandlers``) gets
  our ``tgroup`` handler and the :class:`~linuxdoc_builders.pdf.links.
  PDFAnchor` handler.  rst2pdf would register a handler class in the
  table when the class is defined, but only if that happens before
  ``rst2pdf.sphinxnodes`` is imported (its table is a copy taken then):
  import order would decide whether anchors are drawn;
* its document template, which it looks up by name
  (``createpdf.FancyDocTemplate``), draws on our canvas
  (:class:`~linuxdoc_builders.pdf.layout.BookDocTemplate`);
* what rst2pdf logs as errors goes to :class:`Rst2pdfMessages` instead of
  its own stream, so that the builder can report it through Sphinx.

So rst2pdf's own ``-b pdf`` in the same process, before or after, is
left as rst2pdf made it.
"""

from __future__ import annotations

import contextlib
import logging
from typing import TYPE_CHECKING, Any

from docutils import nodes
from rst2pdf import createpdf
from rst2pdf.sphinxnodes import sphinxhandlers

from linuxdoc_builders.pdf.layout import BookDocTemplate
from linuxdoc_builders.pdf.links import PDFAnchor, PDFAnchorHandler
from linuxdoc_builders.pdf.tables import GridTGroupHandler

if TYPE_CHECKING:
    from collections.abc import Iterator
    from types import TracebackType


class Rst2pdfMessages(logging.Handler):
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

    def __enter__(self) -> Rst2pdfMessages:
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


@contextlib.contextmanager
def _handlers(handlers: dict[type[nodes.Node], Any]) -> Iterator[None]:
    """rst2pdf's Sphinx dispatch table with ``handlers`` in it."""
    table = sphinxhandlers.dispatchdict
    saved = {node: table.get(node) for node in handlers}
    for node, handler in handlers.items():
        handler.sphinxmode = True
        table[node] = handler
    try:
        yield
    finally:
        for node, handler in saved.items():
            if handler is None:
                del table[node]
            else:
                table[node] = handler


@contextlib.contextmanager
def _doc_template() -> Iterator[None]:
    """rst2pdf's document template by name, ours while this lasts."""
    original = createpdf.FancyDocTemplate
    createpdf.FancyDocTemplate = BookDocTemplate
    try:
        yield
    finally:
        createpdf.FancyDocTemplate = original


@contextlib.contextmanager
def linuxpdf_write() -> Iterator[Rst2pdfMessages]:
    """While linuxpdf writes: our handlers, template and log capture."""
    with Rst2pdfMessages() as messages, _doc_template(), _handlers({
            nodes.tgroup: GridTGroupHandler(),
            PDFAnchor: PDFAnchorHandler()}):
        yield messages
