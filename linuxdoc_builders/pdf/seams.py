# SPDX-License-Identifier: GPL-2.0-only
"""Every change linuxpdf makes to rst2pdf, made only while it writes.

rst2pdf has no public hooks for what linuxpdf replaces, so some of its
process-wide state is changed, and only here, inside
:func:`linuxpdf_write`, which undoes every change when the write ends:

* its Sphinx dispatch table (``rst2pdf.sphinxnodes.sphinxhandlers``) gets
  our ``tgroup`` handler, one for ``tabular_col_spec`` (read by the next
  table, drawn as nothing) and the :class:`~linuxdoc_builders.pdf.links.
  PDFAnchor` handler, and, where rst2pdf cannot draw maths (no
  matplotlib), ours for ``math`` and ``math_block``
  (:mod:`~linuxdoc_builders.pdf.maths`).  rst2pdf would register a
  handler class in the table when the class is defined, but only if
  that happens before ``rst2pdf.sphinxnodes`` is imported (its table
  is a copy taken then): import order would decide whether anchors
  are drawn;
* its document template, which it looks up by name
  (``createpdf.FancyDocTemplate``), draws on our canvas
  (:class:`~linuxdoc_builders.pdf.layout.BookDocTemplate`);
* its code blocks (``RstToPdf.PreformattedFit``) are made as
  :class:`~linuxdoc_builders.pdf.tables.CellCode`, wherever they are (a
  cell, a list item, a quote, the page): shrunk to their room, then
  wrapped with a mark.  rst2pdf's own run past the frame, their ends
  lost, with a warning at no location each time ReportLab measures
  them (3681 on the whole kernel tree);
* its list items and definitions (``SplitTable``) are cut where their
  own table measures them when rst2pdf's count of their height says
  they fit but they do not (:func:`~linuxdoc_builders.pdf.tall_boxes.
  split_list_item`): otherwise such an item in a quote went to the
  next page forever; and a cut never leaves a rest of spacers only,
  which ReportLab cannot lay out;
* ReportLab's paragraphs set a character their font lacks in a
  fallback font that has it (:mod:`~linuxdoc_builders.pdf.fonts`);
* svglib, which rst2pdf draws SVG figures with, finds the position of
  a label that LibreOffice puts on a ``tspan`` around it, and sets
  labels in embedded faces instead of the base-14 ones
  (:mod:`~linuxdoc_builders.pdf.svg_text`);
* ReportLab's paragraphs break a word too long for its line after
  ``_``, ``-``, ``/`` or ``.`` before breaking inside it
  (:func:`~linuxdoc_builders.pdf.reportlab_private.
  long_words_broken_at_marks`);
* what rst2pdf logs as errors goes to :class:`Rst2pdfMessages` instead of
  its own stream, so that the builder can report it through Sphinx; its
  warnings (``Using undefined style ...``) are Sphinx warnings at the
  document and line rst2pdf was rendering, so ``-W`` counts them.  To
  know that place, rst2pdf's ``RstToPdf.gather_elements`` and
  ``gather_pdftext`` note the node they render.

So rst2pdf's own ``-b pdf`` in the same process, before or after, is
left as rst2pdf made it.
"""

from __future__ import annotations

import contextlib
import functools
import logging
from typing import TYPE_CHECKING, Any

from docutils import nodes
from rst2pdf import createpdf
from rst2pdf.flowables import MySpacer, SplitTable
from rst2pdf.sphinxnodes import sphinxhandlers
from sphinx import addnodes
from sphinx.locale import __
from sphinx.util import logging as sphinx_logging

from linuxdoc_builders.pdf.fonts import (
    Fallback,
    MissingCharacters,
    base14_substitutes,
    fragments_with_fallback,
)
from linuxdoc_builders.pdf.layout import BookDocTemplate, prune_rendered
from linuxdoc_builders.pdf.links import PDFAnchor, PDFAnchorHandler
from linuxdoc_builders.pdf.maths import (
    RST2PDF_DRAWS_MATHS,
    InlineMathHandler,
    MathHandler,
)
from linuxdoc_builders.pdf.reportlab_private import (
    frame_lent,
    is_negative_width,
    long_words_broken_at_marks,
    paragraph_fragments_mapped,
    parsed_fragments_kept,
    written_to_destination,
)
from linuxdoc_builders.pdf.roles import (
    AbbreviationHandler,
    InlineCodeHandler,
    ManpageHandler,
)
from linuxdoc_builders.pdf.svg_text import (
    svg_fonts_embedded,
    svg_text_fallback,
    svg_text_opacity,
    svg_text_positioned,
)
from linuxdoc_builders.pdf.tables import (
    GridTGroupHandler,
    TabularColSpecHandler,
    fit_code,
)
from linuxdoc_builders.pdf.tall_boxes import (
    ListItemHandler,
    locate,
    place,
    split_list_item,
    with_natural_first_piece,
    without_empty_rests,
)
from linuxdoc_builders.pdf.words import anchors_inside_words

if TYPE_CHECKING:
    from collections.abc import Iterator
    from types import TracebackType

sphinx_logger = sphinx_logging.getLogger(__name__)


class Rst2pdfMessages(logging.Handler):
    """Collects what rst2pdf logs while it writes.

    rst2pdf catches every exception while writing a PDF, prints its
    traceback, says FAILED, leaves a 0-byte file and lets the build
    succeed: those exceptions are :attr:`failures`.  It also logs errors
    about parts it renders badly but writes (maths without matplotlib,
    an image it cannot read), which are :attr:`problems`.  Both are
    reported through Sphinx instead of rst2pdf's own stream.  Its
    warnings are Sphinx warnings right away, located at the node rst2pdf
    was rendering (:attr:`rendering`) where it has a line.
    """

    def __init__(self) -> None:
        super().__init__(logging.WARNING)
        self.failures: list[str] = []
        self.problems: list[str] = []
        #: The nodes rst2pdf is rendering, innermost last.
        self.rendering: list[nodes.Node] = []
        self._logger = logging.getLogger('rst2pdf')
        self._muted: list[logging.Handler] = []

    def emit(self, record: logging.LogRecord) -> None:
        error = record.exc_info[1] if record.exc_info else None
        if error is not None:
            self.failures.append(f'{type(error).__name__}: {error}')
        elif record.levelno >= logging.ERROR:
            self.problems.append(record.getMessage())
        elif _lossless(record):
            sphinx_logger.verbose(__('rst2pdf: %s'), record.getMessage())
        else:
            # Sphinx takes the line of the node's nearest ancestor with one
            sphinx_logger.warning(
                __('rst2pdf: %s'), record.getMessage(),
                location=self.rendering[-1] if self.rendering else None,
                type='linuxdoc', subtype='rst2pdf')

    def __enter__(self) -> Rst2pdfMessages:
        self._muted = [h for h in self._logger.handlers
                       if isinstance(h, logging.StreamHandler)]
        for handler in self._muted:
            handler.addFilter(_below_warning)
        self._logger.addHandler(self)
        return self

    def __exit__(self, kind: type[BaseException] | None,
                 error: BaseException | None,
                 traceback: TracebackType | None) -> None:
        self._logger.removeHandler(self)
        for handler in self._muted:
            handler.removeFilter(_below_warning)


#: rst2pdf's messages (unformatted) for an image larger than the space it
#: has, which it then scales to fit, as Sphinx's LaTeX does without a
#: word.
_SCALED_TO_FIT = frozenset((
    'Image %s is too tall for the frame, rescaling',
    'Image %s is too wide for the frame, rescaling'))

#: How rst2pdf begins its message when a trial layout of a list item's
#: first part fails while it looks for where to split the item; it then
#: tries a shorter part (25 times on the whole kernel tree).
_TRIAL_FAILED = 'Table wrap failed during list splitting: '


def _lossless(record: logging.LogRecord) -> bool:
    """Whether an rst2pdf warning is about something it then does right,
    with nothing lost: said with ``-v`` only."""
    return record.msg in _SCALED_TO_FIT or (
        isinstance(record.msg, str) and record.msg.startswith(_TRIAL_FAILED))


def _below_warning(record: logging.LogRecord) -> bool:
    return record.levelno < logging.WARNING


@contextlib.contextmanager
def _noting_nodes(messages: Rst2pdfMessages) -> Iterator[None]:
    """rst2pdf's renderer, noting in ``messages`` the node it renders,
    so that its warnings can say where, and on the flowables it makes
    where they come from (:func:`~linuxdoc_builders.pdf.tall_boxes.
    locate`)."""
    client = createpdf.RstToPdf
    originals = {name: getattr(client, name)
                 for name in ('gather_elements', 'gather_pdftext')}

    def noting(method: Any) -> Any:
        @functools.wraps(method)
        def render(self: Any, node: nodes.Node, *args: Any,
                   **kwargs: Any) -> Any:
            _locating(self)
            messages.rendering.append(node)
            try:
                return method(self, node, *args, **kwargs)
            finally:
                messages.rendering.pop()
        return render

    for name, method in originals.items():
        setattr(client, name, noting(method))
    try:
        yield
    finally:
        for name, method in originals.items():
            setattr(client, name, method)


@contextlib.contextmanager
def _sections_pruned() -> Iterator[None]:
    """rst2pdf's renderer, pruning each section once its flowables are
    made (:func:`~linuxdoc_builders.pdf.layout.prune_rendered`)."""
    client = createpdf.RstToPdf
    original = client.gather_elements

    @functools.wraps(original)
    def render(self: Any, node: nodes.Node, *args: Any,
               **kwargs: Any) -> Any:
        elements = original(self, node, *args, **kwargs)
        if isinstance(node, nodes.section):
            prune_rendered(node)
        return elements

    client.gather_elements = render
    try:
        yield
    finally:
        client.gather_elements = original


def _locating(client: Any) -> None:
    """``client``'s dispatcher (``gen_elements``, set per renderer)
    noting on the flowables made for a node that node's place
    (:func:`~linuxdoc_builders.pdf.tall_boxes.locate`)."""
    dispatch = client.gen_elements
    if getattr(dispatch, 'linuxdoc_locating', False):
        return

    @functools.wraps(dispatch)
    def gen_elements(node: nodes.Node, *args: Any, **kwargs: Any) -> Any:
        made = dispatch(node, *args, **kwargs)
        if isinstance(made, list):
            locate(made, place(node))
        return made

    gen_elements.linuxdoc_locating = True  # type: ignore[attr-defined]
    client.gen_elements = gen_elements


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
def _code_fitted() -> Iterator[None]:
    """rst2pdf's code blocks as :class:`~linuxdoc_builders.pdf.tables.
    CellCode` while this lasts."""
    client = createpdf.RstToPdf
    original = client.PreformattedFit

    @functools.wraps(original)
    def fitted(self: Any, text: str, style: Any) -> Any:
        return fit_code(original(self, text, style))

    client.PreformattedFit = fitted
    try:
        yield
    finally:
        client.PreformattedFit = original


@contextlib.contextmanager
def _list_items_split() -> Iterator[None]:
    """rst2pdf's list items split by :func:`~linuxdoc_builders.pdf.
    tall_boxes.split_list_item` where its own split gives up or gives
    a first piece taller than the room (:func:`~linuxdoc_builders.pdf.
    tall_boxes.with_natural_first_piece`) or fails on a column of no
    width, never with a rest of spacers only (:func:`~linuxdoc_builders.
    pdf.tall_boxes.without_empty_rests`), while this lasts."""
    original = SplitTable.split

    @functools.wraps(original)
    def split(self: Any, width: float, height: float) -> Any:
        with frame_lent(self):
            try:
                pieces = with_natural_first_piece(
                    self, original(self, width, height), width, height)
            except ValueError as error:
                if not is_negative_width(error):
                    raise
                # rst2pdf 0.102 tries a first piece of spacers only, a
                # column of no width that ReportLab refuses; later
                # releases give that try up themselves
                pieces = []
            if pieces is None:
                pieces = split_list_item(self, width, height,
                                         overruled=True)
            elif not pieces:
                pieces = split_list_item(self, width, height)
            return without_empty_rests(pieces)

    SplitTable.split = split
    try:
        yield
    finally:
        SplitTable.split = original


@contextlib.contextmanager
def _spacers_kept() -> Iterator[None]:
    """rst2pdf's spacers as tall as they were made, each time they are
    measured, while this lasts.

    rst2pdf's spacer takes the height it is offered where that is less
    than its own, and keeps it for good.  Where a list item or a
    definition is split, rst2pdf offers the flowable that does not fit
    the height the item has left, which is less than nothing when the
    flowables before it fill the item: the spacer after a paragraph got
    a negative height, and in every later layout pass (rst2pdf lays a
    book out twice) the table after it was drawn that much higher, over
    the paragraph (the kernel's hdio.rst: "Commands other than
    WIN_SMART:" under the table after it).  Here a spacer is as tall as
    its own height or the height offered, whichever is less, never
    less than nothing, anew at each measure."""
    original = MySpacer.wrap

    @functools.wraps(original)
    def wrap(self: Any, width: float, height: float) -> tuple[float, float]:
        made: float = self.__dict__.setdefault('linuxdoc_height',
                                               self.height)
        self.height = max(0.0, min(height, made))
        return self.width, self.height

    MySpacer.wrap = wrap
    try:
        yield
    finally:
        MySpacer.wrap = original


@contextlib.contextmanager
def _fallback_fonts(messages: Rst2pdfMessages, fallback: Fallback,
                    missing: MissingCharacters) -> Iterator[None]:
    """Every paragraph's characters that its font lacks set in the
    first font of ``fallback`` that has them
    (:func:`~linuxdoc_builders.pdf.fonts.fragments_with_fallback`), and
    those no font has (there or in a figure's labels) reported when the
    write ends."""

    def mapper(frags: list[Any]) -> list[Any]:
        node = messages.rendering[-1] if messages.rendering else None
        return fragments_with_fallback(anchors_inside_words(frags),
                                       fallback, missing, node)

    with paragraph_fragments_mapped(mapper):
        yield
    missing.report()


@contextlib.contextmanager
def linuxpdf_write(fallback_fonts: list[str],
                   fonts: dict[str, str]) -> Iterator[Rst2pdfMessages]:
    """While linuxpdf writes: our handlers, template, the PDF written
    straight into its file, code blocks, list item splits, word breaks,
    fallback fonts, SVG label positions and faces, and log capture."""
    handlers: dict[type[nodes.Node], Any] = {
        nodes.tgroup: GridTGroupHandler(),
        addnodes.tabular_col_spec: TabularColSpecHandler(),
        PDFAnchor: PDFAnchorHandler(),
        addnodes.manpage: ManpageHandler(),
        addnodes.desc_inline: InlineCodeHandler(),
        nodes.abbreviation: AbbreviationHandler(),
        nodes.list_item: ListItemHandler()}
    fallback = Fallback(fallback_fonts)
    missing = MissingCharacters()
    if not RST2PDF_DRAWS_MATHS:
        handlers[nodes.math_block] = MathHandler(fallback)
        handlers[nodes.math] = InlineMathHandler()
    with Rst2pdfMessages() as messages, _sections_pruned(), \
            _noting_nodes(messages), \
            _doc_template(), written_to_destination(), _code_fitted(), \
            _list_items_split(), _spacers_kept(), \
            long_words_broken_at_marks(), parsed_fragments_kept(), \
            svg_text_positioned(), svg_text_opacity(), \
            svg_fonts_embedded(base14_substitutes(fonts)), \
            svg_text_fallback(fallback, missing, lambda: (
                messages.rendering[-1] if messages.rendering else None)), \
            _fallback_fonts(messages, fallback, missing), \
            _handlers(handlers):
        yield messages
