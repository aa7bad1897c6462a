# SPDX-License-Identifier: GPL-2.0-only
"""The private members of ReportLab that linuxpdf reads, each behind one
small function.

ReportLab has no public way to ask a frame whether a flowable is at its
top or how tall it is when empty, nor a table for its measured row
heights, cell styles or column positions; a table that splits itself
needs all of them.  Nor does it have an exception of its own for a cell
too narrow for its content: only the words of its ``ValueError``.
Nor can a paragraph be told where a word too long for its line may
break: ReportLab's two functions that cut such words
(``paragraph._splitWord`` and ``_splitFragWord``) are wrapped, while
linuxpdf writes, by :func:`long_words_broken_at_marks`.  Nor can a
paragraph take a second font for characters its font lacks: its parsed
fragments are split by :func:`paragraph_fragments_mapped`.  Nor does a
paragraph let go of the words its wrap cut it into: its parsed fragments
are put back by :func:`forget_lines` (:func:`parsed_fragments_kept`).
Nor does a canvas hold the pages it has drawn other than as text: each
page's stream is held compressed by :func:`hold_last_page`.
Nor can rst2pdf's Sphinx writer be told to write the PDF into its file
rather than into memory first: :func:`written_to_destination`.
They are used only here, and
``tests/test_pdf_reportlab_private.py`` fails loudly, naming the member,
when a ReportLab release renames or drops one (``TESTED`` in
:mod:`linuxdoc_builders.pdf` bounds the versions).
"""

from __future__ import annotations

import contextlib
import functools
import zlib
from typing import TYPE_CHECKING, Any, BinaryIO

from reportlab import rl_config
from reportlab.pdfbase import pdfdoc
from reportlab.pdfbase.pdfmetrics import stringWidth
from reportlab.platypus import flowables, paragraph
from rst2pdf import pdfbuilder

from linuxdoc_builders.pdf.words import CONTINUATION, piece_lengths

if TYPE_CHECKING:
    from collections.abc import Callable, Iterator

#: Every private member read here, by the class that has it; the test
#: checks each on a real frame and table.
MEMBERS = {
    'Frame': ('_atTop', '_aH', '_getAvailableWidth'),
    'Table': ('_rowHeights', '_cellStyles', '_colpositions', '_cellvalues'),
    'Flowable': ('_frame',),
    'paragraph': ('_splitWord', '_splitFragWord', '_fragWordIter'),
    'flowables': ('_listWrapOn',),
    'Paragraph': ('_setup', 'frags', 'breakLines'),
    'Canvas': ('_filename', '_doc'),
    'pdfdoc': ('PDFFile',),
    'PDFPage': ('stream', 'compression', 'Contents'),
    'pdfbuilder': ('BytesIO',),
}

#: Added to each line's width so that ReportLab, adding up the same
#: character widths, takes exactly the characters chosen for it.
_SLACK = 1e-6


def frame_of(flowable: Any) -> Any:
    """The frame ReportLab is placing ``flowable`` in, if any: it sets
    ``_frame`` while it wraps and splits a flowable."""
    return getattr(flowable, '_frame', None)


@contextlib.contextmanager
def frame_lent(container: Any) -> Iterator[None]:
    """The frame ReportLab is placing ``container`` in (a block quote or
    list item, which rst2pdf sets as a one-row ``DelayedTable`` of
    ``data``), lent to the flowables in its cells while this lasts, as
    ReportLab lends it to the flowables it places itself.  Without it, a
    table in a block quote split at a page's foot took the room left
    there for a page's height: its header row "took more than half a
    page" and was not repeated, and its first row was cut into an empty
    sliver."""
    frame = frame_of(container)
    lent = []
    if frame is not None:
        for row in getattr(container, 'data', ()):
            for value in row:
                for flowable in (value if isinstance(value, list | tuple)
                                 else [value]):
                    if isinstance(flowable, flowables.Flowable) and \
                            frame_of(flowable) is None:
                        flowable._frame = frame
                        lent.append(flowable)
    try:
        yield
    finally:
        for flowable in lent:
            if frame_of(flowable) is frame:
                del flowable._frame


def at_frame_top(frame: Any) -> bool:
    """Whether nothing has been placed in ``frame`` yet."""
    return bool(frame._atTop)


def empty_frame_height(frame: Any) -> float:
    """The height ``frame`` offers when empty: a page's room."""
    return float(frame._aH)


def frame_width(frame: Any) -> float:
    """The width ``frame`` offers now (indents included)."""
    return float(frame._getAvailableWidth())


def row_heights(table: Any) -> list[float | None]:
    """A wrapped table's row heights; ReportLab stops measuring rows
    once they fill the height it was offered (``None`` after that)."""
    return list(table._rowHeights)


def merged_height(content: list[Any], width: float) -> float:
    """The height of ``content`` stacked at ``width`` as a frame stacks
    it, the space between two flowables counted once (the larger): how
    rst2pdf measures a list item's content to find where to cut it."""
    return float(flowables._listWrapOn(content, width, None)[1])


def cell_values(table: Any) -> list[list[Any]]:
    """A table's cells, row by row, as it was given them."""
    return list(table._cellvalues)


def cell_style(table: Any, row: int, col: int) -> Any:
    """The ``CellStyle`` (paddings, font) of one cell of a table."""
    return table._cellStyles[row][col]


def column_positions(table: Any) -> list[float]:
    """Where each column of a wrapped table begins, and the last ends."""
    return list(table._colpositions)


def is_negative_width(error: ValueError) -> bool:
    """Whether ReportLab's table layout failed because a cell's flowable
    got a negative width (it raises a bare ``ValueError`` saying so)."""
    return 'negative availWidth' in str(error)


@contextlib.contextmanager
def long_words_broken_at_marks() -> Iterator[None]:
    """ReportLab's paragraphs, breaking a word too long for a line
    where :func:`~linuxdoc_builders.pdf.words.piece_lengths` says.

    ReportLab's own functions still cut the word (into its own kinds of
    pieces); they are only given line widths that make them cut there.
    """
    split_word = paragraph._splitWord
    split_frag_word = paragraph._splitFragWord

    def break_word(word: Any, line_width: float, max_widths: list[float],
                   line: int, font: str, size: float,
                   encoding: str = 'utf8') -> Any:
        text = word.decode(encoding) if isinstance(word, bytes) else word
        widths = [stringWidth(c, font, size, encoding) for c in text]
        # a word already broken (a paragraph split between pages is
        # wrapped again from its lines) is not marked again
        mark = 0.0 if CONTINUATION in text else _mark_width(
            stringWidth(CONTINUATION, font, size), max_widths, line)
        lines = _line_widths(list(text), widths, line_width, max_widths,
                             line, mark)
        pieces = split_word(word, 0.0, lines, 0, font, size, encoding)
        if not mark:
            return pieces
        return _with_marks(pieces, lambda piece: type(piece)(
            CONTINUATION + piece), str)

    def break_frag_word(word: Any, room: float, max_widths: list[float],
                        line: int) -> Any:
        units = list(paragraph._fragWordIter(word))
        last = max_widths[min(line, len(max_widths) - 1)]
        first = word[1][0]
        broken = any(CONTINUATION in text for _, text in word[1:])
        mark = 0.0 if broken else _mark_width(
            stringWidth(CONTINUATION, first.fontName, first.fontSize),
            max_widths, line)
        lines = _line_widths([u[2] for u in units], [u[1] for u in units],
                             last - room, max_widths, line, mark)
        pieces = split_frag_word(word, lines[0], lines, 0)
        if not mark:
            return pieces
        return _with_marks(pieces, _marked, lambda piece: ''.join(
            text for _, text in piece[1:]))

    paragraph._splitWord = break_word
    paragraph._splitFragWord = break_frag_word
    try:
        yield
    finally:
        paragraph._splitWord = split_word
        paragraph._splitFragWord = split_frag_word


@contextlib.contextmanager
def paragraph_fragments_mapped(
        mapper: Callable[[list[Any]], list[Any]]) -> Iterator[None]:
    """Every paragraph made while this lasts (code blocks too: ReportLab's
    ``XPreformatted`` is a ``Paragraph``) has its parsed fragments
    passed through ``mapper``, which may split them.

    ReportLab parses a paragraph's mark-up into ``frags`` in its private
    ``_setup``, and takes their fonts from there on.
    """
    setup = paragraph.Paragraph._setup

    def mapped_setup(self: Any, *args: Any, **kwargs: Any) -> None:
        setup(self, *args, **kwargs)
        self.frags = mapper(self.frags)

    paragraph.Paragraph._setup = mapped_setup
    try:
        yield
    finally:
        paragraph.Paragraph._setup = setup


def _mark_width(mark: float, max_widths: list[float], line: int) -> float:
    """The width of the mark of a broken word, or 0 where the lines after
    ``line`` have no room for it beside five more like it (a column a
    few characters wide, or squeezed by content nested in it: the mark
    would take much of its text's room, or leave it a negative width)."""
    return mark if min(max_widths[line:] or max_widths[-1:]) > 6 * mark \
        else 0.0


def _with_marks(pieces: list[Any], marked: Callable[[Any], Any],
                text: Callable[[Any], str]) -> list[Any]:
    """The pieces of a broken word, each after the first piece that has
    text marked: a word moved whole to the next line begins there
    unmarked."""
    out: list[Any] = []
    begun = False
    for piece in pieces:
        out.append(marked(piece) if begun else piece)
        begun = begun or bool(text(piece))
    return out


def _marked(piece: Any) -> Any:
    """A piece of a frag word (ReportLab's list of its width, then
    ``(frag, text)`` pairs) that begins a further line: the mark of a
    broken word before its text, in its first frag's font."""
    frag, text = piece[1]
    marked = frag.clone()
    if hasattr(marked, 'text'):
        marked.text = CONTINUATION + text
    width = stringWidth(CONTINUATION, frag.fontName, frag.fontSize)
    return type(piece)([piece[0] + width, (marked, CONTINUATION + text),
                        *piece[2:]])


def _line_widths(units: list[str], widths: list[float], used: float,
                 max_widths: list[float], line: int, mark: float
                 ) -> list[float]:
    """The width of each line a long word takes, as ReportLab adds it
    up, for a word beginning ``used`` points into line ``line`` of a
    paragraph whose lines are ``max_widths`` wide, each further line
    beginning with a mark ``mark`` points wide."""
    def room(n: int) -> float:
        width = max_widths[min(line + n, len(max_widths) - 1)]
        return width - used if n == 0 else width - mark

    out, start = [], 0
    for length in piece_lengths(units, widths, room, used > _SLACK):
        out.append(sum(widths[start:start + length]) + _SLACK)
        start += length
    return out


#: Where :func:`parsed_fragments_kept` keeps a paragraph's fragments.
_PARSED = 'linuxdoc_parsed_frags'


@contextlib.contextmanager
def parsed_fragments_kept() -> Iterator[None]:
    """Every paragraph whose wrap puts its words in place of its parsed
    fragments keeps those, for :func:`forget_lines` to put back.

    ReportLab's ``breakLines`` replaces a paragraph's ``frags`` of more
    than one fragment by a list of its words (the width and a
    ``(fragment, text)`` pair of each), which a split and the drawing
    read; it then keeps the words, several times the size of the
    fragments, for good.
    """
    break_lines = paragraph.Paragraph.breakLines

    def kept_break_lines(self: Any, *args: Any, **kwargs: Any) -> Any:
        frags = self.frags
        lines = break_lines(self, *args, **kwargs)
        if self.frags is not frags:
            self.__dict__.setdefault(_PARSED, frags)
        return lines

    paragraph.Paragraph.breakLines = kept_break_lines
    try:
        yield
    finally:
        paragraph.Paragraph.breakLines = break_lines


def forget_lines(flowable: Any) -> None:
    """Drop the lines a paragraph was broken into when it was last
    wrapped (``blPara``), and the words it was cut into in place of its
    parsed fragments (:func:`parsed_fragments_kept`), once it is drawn:
    ReportLab wraps it again before it draws it again, in the next pass
    over the book, but keeps the last wrap's line and word records on
    every paragraph of the book through all passes (for the media book,
    about 120 MiB after the first pass)."""
    if isinstance(flowable, paragraph.Paragraph):
        flowable.__dict__.pop('blPara', None)
        parsed = flowable.__dict__.get(_PARSED)
        if parsed is not None:
            flowable.frags = parsed


class _WrittenFile(pdfdoc.PDFFile):  # type: ignore[misc]
    """ReportLab's collector of a PDF's bytes, writing each piece to the
    output as it comes rather than keeping them all to join them."""

    def __init__(self, output: BinaryIO, *args: Any) -> None:
        super().__init__(*args)
        for piece in self.strings:
            output.write(piece)
        self.strings.clear()
        self.write = output.write

    def format(self, document: Any) -> bytes:
        """Nothing left to hand over: every piece is written."""
        return b''


@contextlib.contextmanager
def written_as_formatted(canvas: Any) -> Iterator[None]:
    """``canvas`` saved, while this lasts, writing each object of the PDF
    to its output as ReportLab formats it.

    ReportLab formats the whole PDF into a list of pieces, joins them
    into one string and writes that: the PDF three times over in memory
    at the end of the build, when it holds the most.
    """
    output = canvas._filename
    if not callable(getattr(output, 'write', None)):
        yield
        return
    collector = pdfdoc.PDFFile
    pdfdoc.PDFFile = functools.partial(_WrittenFile, output)
    try:
        yield
    finally:
        pdfdoc.PDFFile = collector


class _HeldStream(pdfdoc.PDFStream):  # type: ignore[misc]
    """A page's stream held compressed until the PDF is written, and
    expanded only while its object is formatted: the same bytes."""

    __Comment__ = 'page stream'

    @property
    def content(self) -> str | None:
        """The stream's text, expanded anew at each read."""
        if self._held is None:
            return None
        return zlib.decompress(self._held).decode('utf-8', 'surrogatepass')

    @content.setter
    def content(self, text: str | None) -> None:
        self._held = None if text is None else zlib.compress(
            text.encode('utf-8', 'surrogatepass'))


def hold_last_page(canvas: Any) -> None:
    """Hold the stream of the page ``canvas`` showed last compressed in
    memory, as ReportLab would make it at the write (a ``PDFStream`` of
    the page's operators, compressed in the PDF only if the canvas
    compresses pages).

    ReportLab keeps every page's operators as text until it writes the
    PDF, a pass's pages through the next pass: for the media book about
    10 MiB per pass, a sixth of that compressed.
    """
    page = canvas._doc.Pages.pages[-1]
    if page.Contents or not page.stream:
        return
    filters = None
    if page.compression:
        filters = [pdfdoc.PDFBase85Encode, pdfdoc.PDFZCompress] \
            if rl_config.useA85 else [pdfdoc.PDFZCompress]
    page.Contents = _HeldStream(content=page.stream, filters=filters)
    page.stream = None


class _PassedOn:
    """What rst2pdf takes for the PDF in memory: each piece written to
    it goes on to the file, and nothing is left to hand back."""

    def __init__(self, output: BinaryIO) -> None:
        self.write = output.write

    def getvalue(self) -> bytes:
        """Nothing: every piece is in the file."""
        return b''


@contextlib.contextmanager
def written_to_destination() -> Iterator[None]:
    """rst2pdf's Sphinx writer, while this lasts, writing the PDF into
    the file Sphinx opened for it as ReportLab formats it.

    rst2pdf renders the PDF into a ``BytesIO``, takes its value and only
    then writes it to the file: the whole PDF in memory at the end of
    the build, when it holds the most (13.5 MB for the media book).  A
    PDF that fails while it is written leaves the file empty, as before.
    """
    writer = pdfbuilder.PDFWriter
    translate = writer.translate

    def translate_into_file(self: Any) -> None:
        output: Any = getattr(getattr(self, 'destination', None),
                              'destination', None)
        if not callable(getattr(output, 'write', None)) or \
                'b' not in getattr(output, 'mode', ''):
            translate(self)
            return
        memory = pdfbuilder.BytesIO
        pdfbuilder.BytesIO = functools.partial(_PassedOn, output)
        try:
            translate(self)
        except BaseException:
            output.seek(0)
            output.truncate()
            raise
        finally:
            pdfbuilder.BytesIO = memory

    writer.translate = translate_into_file
    try:
        yield
    finally:
        writer.translate = translate
