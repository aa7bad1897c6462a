# SPDX-License-Identifier: GPL-2.0-only
"""Books in linuxpdf: one PDF per entry of ``pdf_documents``, each with
its own documents, and links between them that work.

rst2pdf 0.105 puts into a PDF every document its start's toctrees reach,
so a document listed by two books is printed twice, and it writes a
reference into another PDF as a GoToR action whose file name ends in the
fragment (``/F (beta.pdf#b-config)``) and whose destination is page 0:
the viewer looks for a file that does not exist.  The PDFs export no
named destinations, so nothing could point into them anyway.

Here, with the books of :mod:`linuxdoc_builders.books`:

* the builder gives every document one book
  (:func:`~linuxdoc_builders.books.assign_books`), and hides the
  documents of other books from rst2pdf's toctree walk
  (:func:`~linuxdoc_builders.books.documents_of`), so a PDF has only its
  own;
* a reference into another book keeps the URI
  ``linuxdoc-book:TARGET/DOCNAME#ID`` up to
  :func:`linuxdoc_builders.pdf.links.resolve_links`, which writes it as
  ``pdf:TARGET.pdf#DOCNAME:ID``;
* :class:`BookCanvas` draws such a link as ``/S /GoToR /F (TARGET.pdf)
  /D (DOCNAME:ID)`` and writes every destination of its PDF into the
  catalog's ``/Names /Dests`` tree, under the names the LaTeX books use
  too (:func:`linuxdoc_builders.books.destination`).  Each book is
  complete on its own: no book needs another's output to be built.
"""

from __future__ import annotations

import codecs
import functools
import gc
from typing import TYPE_CHECKING, Any

from docutils import nodes
from reportlab.pdfbase.pdfdoc import (
    PDFArray,
    PDFDictionary,
    PDFName,
    PDFObjectReference,
    PDFString,
)
from reportlab.pdfgen.canvas import Canvas, _annFormat
from rst2pdf import createpdf
from sphinx.locale import __
from sphinx.util import logging

from linuxdoc_builders.pdf.reportlab_private import (
    at_frame_top,
    empty_frame_height,
    frame_width,
    hold_last_page,
    written_as_formatted,
)
from linuxdoc_builders.pdf.tables import forget_drawn
from linuxdoc_builders.pdf.tall_boxes import fit_on_empty_page, locate

if TYPE_CHECKING:
    from collections.abc import Iterable

logger = logging.getLogger(__name__)

#: What a reference into another PDF starts with in ReportLab's paragraph
#: markup: ReportLab makes such a link a GoToR action.
REMOTE = 'pdf:'


def remote_uri(target: str, destination: str, suffix: str = '.pdf') -> str:
    """The link to ``destination`` in the book written to ``target``, as
    ReportLab's ``<a href>`` takes it and :class:`BookCanvas` draws it."""
    return f'{REMOTE}{target}{suffix}#{destination}'


class BookCanvas(Canvas):  # type: ignore[misc]
    """ReportLab's canvas with links into other PDFs that name their
    destination, and named destinations that other PDFs can link to."""

    def __init__(self, *args: Any, exports: Iterable[str] = (),
                 **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        #: the names of the destinations to export, if drawn
        self.exports = frozenset(exports)

    def linkURL(self, url: str, rect: Any, relative: int = 0,  # noqa: N802
                thickness: float = 0, color: Any = None,
                dashArray: Any = None, kind: str = 'URI',  # noqa: N803
                **kw: Any) -> None:
        """For ``kind='GoToR'`` and ``FILE#NAME``, a GoToR action to the
        named destination ``NAME`` of ``FILE``, where ReportLab would
        look for a file called ``FILE#NAME`` and open it at page 1."""
        if kind != 'GoToR' or '#' not in url:
            super().linkURL(url, rect, relative, thickness, color,
                            dashArray, kind, **kw)
            return
        filename, _, name = url.partition('#')
        action = PDFDictionary()
        action['S'] = PDFName('GoToR')
        action['F'] = PDFString(filename)
        action['D'] = PDFString(name)
        annotation = PDFDictionary(dict=kw)
        annotation['Type'] = PDFName('Annot')
        annotation['Subtype'] = PDFName('Link')
        annotation['Rect'] = PDFArray(self._absRect(rect, relative))
        annotation['A'] = action
        _annFormat(annotation, color, thickness, dashArray)
        self._addAnnotation(annotation)

    def showPage(self) -> None:  # noqa: N802
        """End the page, its stream held compressed until the PDF is
        written (:func:`~linuxdoc_builders.pdf.reportlab_private.
        hold_last_page`): ReportLab holds the operators of every page
        drawn as text until it writes the PDF, in every pass over the
        book."""
        super().showPage()
        hold_last_page(self)

    def save(self) -> None:
        """Export the destinations named in :attr:`exports` in the
        catalog's ``/Names /Dests`` tree, where a GoToR action's ``/D``
        string and a PDF viewer's "open at destination" look names up.
        ReportLab itself writes destinations only inline, into the links
        that use them.  A link to a destination that was never drawn
        would stop ReportLab writing the PDF at all: it leads to the
        first page instead, with a warning (:meth:`_bind_undrawn`).
        Each object of the PDF is written as it is formatted
        (:func:`~linuxdoc_builders.pdf.reportlab_private.
        written_as_formatted`)."""
        self._bind_undrawn()
        drawn = [(name, dest) for name, dest in self._destinations.items()
                 if name in self.exports and dest.fmt is not None
                 and dest.page is not None]
        if drawn:
            drawn.sort(key=lambda item: _pdf_string_bytes(item[0]))
            pairs: list[Any] = []
            for name, dest in drawn:
                pairs += [PDFString(name), dest]
            self._doc.Catalog.Names = PDFDictionary(
                {'Dests': PDFDictionary({'Names': PDFArray(pairs)})})
        with written_as_formatted(self):
            super().save()

    def _bind_undrawn(self) -> None:
        """Point every destination a link uses but no page drew at the
        first page, naming it and its document (``DOCNAME:ID``)."""
        for name, dest in sorted(self._destinations.items()):
            if dest.fmt is not None and dest.page is not None:
                continue
            docname = name.partition(':')[0]
            logger.warning(
                __('a link leads to %r, which this PDF does not draw: it '
                   'leads to the first page instead'), name,
                location=docname or None, type='linuxdoc', subtype='pdf')
            dest.fit()
            dest.setPage(PDFObjectReference('Page1'))


#: A document's tables of its nodes, which the layout does not read
#: (it keeps ``substitution_defs``: rst2pdf parses the page headers and
#: footers with them).
_NODE_TABLES = ('ids', 'refnames', 'refids', 'indirect_targets',
                'footnotes', 'footnote_refs', 'autofootnotes',
                'autofootnote_refs', 'symbol_footnotes',
                'symbol_footnote_refs', 'citations', 'citation_refs')


def prune_laid_out(document: nodes.document) -> None:
    """Drop what of ``document`` its flowables no longer need.

    Once rst2pdf has made the flowables, the layout reads only a heading's
    title node and its ancestors (whether a table of contents lists the
    heading walks up from the title), a node's ancestors (where a
    warning is), and the substitutions.  Every other child leaves its
    parent's children and the document's tables of nodes are emptied,
    so that most of the doctree is freed while the book is laid out.
    """
    _keep_titles(document)
    forget_node_tables(document)


def forget_node_tables(document: nodes.document) -> None:
    """Empty ``document``'s tables of its nodes (but the substitutions),
    which would keep the nodes let go."""
    for name in _NODE_TABLES:
        table = getattr(document, name, None)
        if isinstance(table, (dict, list)):
            table.clear()


def prune_rendered(section: nodes.section) -> None:
    """Drop what of ``section`` its flowables no longer need, as soon as
    rst2pdf has made them, as :func:`prune_laid_out` does for the whole
    document: rst2pdf makes the flowables of a document in order, one
    section after the other, and reads no section again once its
    flowables are made, so the book's doctree and its flowables are not
    held in full together."""
    _keep_titles(section)


def _keep_titles(node: nodes.Element) -> bool:
    """Keep in ``node`` only the children that are or hold a title;
    whether it is or holds one.

    The children let go are emptied too, all but the substitution
    definitions: a node a flowable still refers to (where a table's
    warnings are) needs only its own line and its ancestors.
    """
    if isinstance(node, nodes.title):
        return True
    if isinstance(node, nodes.substitution_definition):
        return False
    kept = [child for child in node.children
            if isinstance(child, nodes.Element) and _keep_titles(child)]
    node.children[:] = kept
    return bool(kept)


def _pdf_string_bytes(text: str) -> bytes:
    """``text`` as ReportLab's ``PDFString`` writes it: name trees are
    sorted by these bytes."""
    try:
        return text.encode('pdfdoc')
    except UnicodeEncodeError:
        return codecs.BOM_UTF16_BE + text.encode('utf_16_be')


class BookDocTemplate(createpdf.FancyDocTemplate):  # type: ignore[misc]
    """rst2pdf's document template, drawing on a :class:`BookCanvas`,
    saying how far it got (ReportLab lays a book out several times, each
    pass from its first page: a large book takes minutes)."""

    #: Pages between two progress messages.
    PAGES_PER_MESSAGE = 100

    def __init__(self, *args: Any, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        self._pass = 0
        #: What :func:`~linuxdoc_builders.pdf.tall_boxes.fit_on_empty_page`
        #: warned about, in every pass over the book.
        self._reported: set[str] = set()

    def multiBuild(self, story: list[Any],  # noqa: N802
                   *args: Any, **kwargs: Any) -> Any:
        """Lay out ``story``, the doctree it was made from pruned first
        (:func:`prune_laid_out`): rst2pdf keeps the book's doctree
        through all of ReportLab's passes over the book."""
        doctree = getattr(self.client, 'doctree', None)
        if isinstance(doctree, nodes.document):
            prune_laid_out(doctree)
            gc.collect()
        return super().multiBuild(story, *args, **kwargs)

    def build(self, flowables: list[Any], filename: Any = None,
              canvasmaker: Any = None) -> None:
        """Draw on a :class:`BookCanvas` that exports the destinations of
        the book: every name rst2pdf drew as ``<a name>`` that is
        ``DOCNAME:ID`` (:func:`~linuxdoc_builders.pdf.links.qualified`).
        Not the outline's, whose names hold a memory address and would
        make every build of the PDF differ."""
        drawn = getattr(self.client, 'targets', ())
        exports = [name for name in drawn if ':' in name]
        self._pass += 1
        super().build(flowables, filename,
                      functools.partial(BookCanvas, exports=exports))
        logger.info(__('    pass %d: %d pages laid out'), self._pass,
                    self.page)

    def onProgress(self, kind: str, value: int) -> None:  # noqa: N802
        """Every :data:`PAGES_PER_MESSAGE` pages, how many are done."""
        super().onProgress(kind, value)
        if kind == 'PAGE' and value % self.PAGES_PER_MESSAGE == 0:
            logger.info(__('    pass %d: %d pages...'), self._pass, value)

    def handle_flowable(self, flowables: list[Any]) -> None:
        """Lay out the next flowable; one that rst2pdf postponed to this
        fresh page and that still neither fits nor splits is made to fit
        (:func:`~linuxdoc_builders.pdf.tall_boxes.fit_on_empty_page`) instead
        of starting empty pages until ReportLab gives up on the PDF.  The
        pieces of one split here keep its place in the sources."""
        frame = getattr(self, 'frame', None)
        if flowables and hasattr(flowables[0], '_postponed') \
                and frame is not None and at_frame_top(frame):
            flowables[0:1] = fit_on_empty_page(
                flowables[0], self.canv, frame_width(frame),
                empty_frame_height(frame), self._reported)
        first = flowables[0] if flowables else None
        after = len(flowables) - 1
        super().handle_flowable(flowables)
        locate(flowables[:len(flowables) - after],
               getattr(first, 'linuxdoc_location', None))
        if first is not None and len(flowables) == after:
            # drawn whole (a split one's pieces, left in its place, share
            # its content): the next pass wraps it again
            forget_drawn(first)

