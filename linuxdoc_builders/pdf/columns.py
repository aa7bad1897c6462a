# SPDX-License-Identifier: GPL-2.0-only
"""Column widths of linuxpdf tables: given, from ``tabularcolumns``, or
from the content, as browsers lay out HTML tables.

rst2pdf gives every column of a table without ``:widths:`` the same
width, so a column of ``V4L2_PIX_FMT_*`` identifiers beside short FourCC
and bit columns breaks every identifier mid-word while the short columns
stay half empty.  Here, in this order:

1. ``:widths:`` (docutils and flat-table mark the table
   ``colwidths-given``), in proportion, a column narrower than its
   longest piece of a word (or a table nested in it) widened to it at
   the expense of the others;
2. else the ``.. tabularcolumns::`` spec the kernel writes for its wide
   tables (for LaTeX): its ``p{LENGTH}`` columns keep their proportions,
   its ``l``/``c``/``r``/``L``... columns are sized as in 3;
3. else from the content: every column at least as wide as its longest
   unbreakable word, the rest of the width shared by how much longer
   each column's text is, as a browser does.

A table whose columns cannot all be as wide as their longest words
breaks them after ``_``, ``-``, ``/`` or ``.`` as its paragraphs do
(:mod:`~linuxdoc_builders.pdf.words`): its columns are then at least
as wide as the longest piece of such a word.  A table too wide even
then is laid out as wide as that and scaled down as a whole, with a
warning, rather than squeezed letter by letter.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

from docutils import nodes
from reportlab.pdfbase.pdfmetrics import stringWidth
from reportlab.platypus import Paragraph, XPreformatted

from linuxdoc_builders.colspec import parse_spec, tabular_spec
from linuxdoc_builders.pdf.words import CONTINUATION, word_pieces

if TYPE_CHECKING:
    from collections.abc import Sequence

    from reportlab.platypus.flowables import Flowable

#: rst2pdf's floor for a column, in percent of the table width: narrower
#: columns make ReportLab's paragraphs absurdly tall.
MINIMUM_COLUMN_PERCENT = 4.0

#: Room for a cell's padding (ReportLab's six points each side) and a
#: little air, in points.
CELL_PADDING = 14.0

#: Room, in points, for the bullet and indent of each level of a list
#: (or box) in a cell.
NESTING_INDENT = 30.0


@dataclass
class ColumnWidths:
    """A table's column widths: percentages of its own width, and the
    width (points) it needs to show them, if wider than the frame."""

    percents: list[str]
    needed: float = 0.0
    #: Whether the table is wider than the frame and will be scaled.
    scaled: bool = False


def column_widths(table: nodes.Element | None, tgroup: nodes.Element,
                  n_cols: int,
                  cells: Sequence[tuple[int, int, Sequence[Flowable]]],
                  frame_width: float) -> ColumnWidths:
    """The widths of ``tgroup``'s columns in a frame ``frame_width``
    points wide.  ``cells``: each cell's column, column span and
    flowables."""
    given = [c.get('colwidth', 1) for c in tgroup.children
             if isinstance(c, nodes.colspec)]
    classes: list[str] = (table.get('classes', []) if table is not None
                          else [])
    broken, least, most = content_widths(n_cols, cells)
    if ('colwidths-given' in classes and len(given) == n_cols
            and all(isinstance(w, int | float) and w > 0 for w in given)):
        return _fitted([frame_width * w / sum(given) for w in given],
                       broken, frame_width)
    fixed: list[float | None] = [None] * n_cols
    spec = tabular_spec(table)
    if spec is not None:
        columns = parse_spec(spec, frame_width)
        if columns is not None and len(columns) == n_cols:
            fixed = columns
    free = [x for x in range(n_cols) if fixed[x] is None]
    taken = sum(w for w in fixed if w is not None)
    room = max(frame_width - taken, 0.0)
    widths = [w or 0.0 for w in fixed]
    gaps = [m - w for m, w in zip(most, least, strict=True)]
    breaks = [w - b for w, b in zip(least, broken, strict=True)]
    if free and sum(most[x] for x in free) <= room:
        _share(widths, free, most, most, room)
    elif free and sum(least[x] for x in free) <= room:
        # as wide as their longest words, and wider as their text is
        _share(widths, free, least, gaps, room)
    elif free and sum(broken[x] for x in free) <= room:
        # long words broken after _ - / . where they must
        _share(widths, free, broken, breaks, room)
    else:
        for x in free:
            widths[x] = broken[x]
    total = sum(widths)
    if total <= 0:
        return ColumnWidths(_percents([1.0] * n_cols))
    scaled = total > frame_width * 1.001
    return ColumnWidths(_percents(widths), total if scaled else 0.0, scaled)


def _fitted(widths: list[float], need: list[float], frame_width: float
            ) -> ColumnWidths:
    """Given widths (points), each widened to its column's longest piece
    where it is narrower, taken from the columns that have room to
    spare; a table whose pieces do not fit side by side is as wide as
    they are, to be scaled down.  A table nested in a cell of a narrow
    given column was squeezed to a fraction of a point's font."""
    lack = [max(0.0, n - w) for w, n in zip(widths, need, strict=True)]
    if not sum(lack):
        return ColumnWidths(_percents(widths))
    if sum(need) > frame_width:
        widths = [max(w, n) for w, n in zip(widths, need, strict=True)]
    else:
        spare = [max(0.0, w - n) for w, n in zip(widths, need, strict=True)]
        taken = min(1.0, sum(lack) / sum(spare)) if sum(spare) else 0.0
        widths = [w + lk - s * taken for w, lk, s in
                  zip(widths, lack, spare, strict=True)]
    total = sum(widths)
    scaled = total > frame_width * 1.001
    return ColumnWidths(_percents(widths), total if scaled else 0.0, scaled)


def _share(widths: list[float], free: list[int], base: list[float],
           weights: list[float], room: float) -> None:
    """Set the ``free`` columns of ``widths`` to ``base``, and share what
    ``room`` has left among them by ``weights`` (equally if none)."""
    total = sum(weights[x] for x in free)
    rest = room - sum(base[x] for x in free)
    for x in free:
        widths[x] = base[x] + rest * (weights[x] / total if total
                                      else 1 / len(free))


def _percents(widths: list[float]) -> list[str]:
    """Widths in percent, none under :data:`MINIMUM_COLUMN_PERCENT`,
    adding up to 100."""
    total = sum(widths)
    percents = [max(100 * w / total, MINIMUM_COLUMN_PERCENT)
                for w in widths]
    scale = 100 / sum(percents)
    return [f'{p * scale:.4f}%' for p in percents]


#: A paragraph's or cell's widths: the longest piece of a word broken
#: after ``_ - / .``, the longest word, the longest line.
Widths = tuple[float, float, float]


def content_widths(n_cols: int,
                    cells: Sequence[tuple[int, int, Sequence[Flowable]]]
                    ) -> tuple[list[float], list[float], list[float]]:
    """Per column: the longest piece of a word, the longest word and the
    longest line of its cells, padding included; a cell spanning
    columns shares what its columns lack for it equally among them, as
    browsers do."""
    bounds = [[CELL_PADDING] * n_cols for _ in range(3)]
    spanning = []
    for col, colspan, content in cells:
        wants = [CELL_PADDING] * 3
        for flowable in content:
            wants = [max(w, f + CELL_PADDING) for w, f in
                     zip(wants, _flowable_widths(flowable), strict=True)]
        if colspan == 1:
            for widths, want in zip(bounds, wants, strict=True):
                widths[col] = max(widths[col], want)
        else:
            spanning.append((col, colspan, wants))
    for col, colspan, wants in sorted(spanning, key=lambda c: c[1]):
        columns = range(col, min(col + colspan, n_cols))
        for widths, want in zip(bounds, wants, strict=True):
            lack = want - sum(widths[x] for x in columns)
            if lack > 0:
                for x in columns:
                    widths[x] += lack / len(columns)
    return bounds[0], bounds[1], bounds[2]


def _flowable_widths(flowable: Any) -> Widths:
    """The longest piece of a word, the longest word and the longest
    line of a paragraph or code, or of the paragraphs inside a list or
    box (with room for the indents of its nesting), or what a nested
    table's columns need side by side; nothing for other flowables,
    which take the width they are given."""
    needs = getattr(flowable, 'column_needs', None)
    if needs is not None:
        # a table nested in a cell: its columns side by side
        needed: Widths = needs()
        return needed
    if isinstance(flowable, Paragraph):
        style = flowable.style
        words = str(flowable.getPlainText()).split()
        if not words:
            return 0.0, 0.0, 0.0

        def width(text: str) -> float:
            return float(stringWidth(text, style.fontName, style.fontSize))

        # a further line of a broken word begins with the mark
        return (max(width(CONTINUATION + p if k else p) for w in words
                    for k, p in enumerate(word_pieces(w))),
                max(width(w) for w in words), width(' '.join(words)))
    code = getattr(flowable, 'content', None)
    if code and isinstance(code[0], XPreformatted):
        style = code[0].style
        text = ''.join(fragment.text for fragment in code[0].frags)
        longest = max((stringWidth(line, style.fontName, style.fontSize)
                       for line in text.splitlines()), default=0.0)
        # code wraps with a continuation mark; it asks for a short
        # line's width at least, and its longest line at most
        least = min(longest, 30 * stringWidth('M', style.fontName,
                                              style.fontSize))
        return least, least, longest
    piece = word = line = 0.0
    for inner in _inner_flowables(flowable):
        inner_piece, inner_word, inner_line = _flowable_widths(inner)
        piece = max(piece, inner_piece + NESTING_INDENT)
        word = max(word, inner_word + NESTING_INDENT)
        line = max(line, inner_line + NESTING_INDENT)
    return piece, word, line


def smallest_text(flowables: Sequence[Any]) -> float | None:
    """The smallest font size of the text in ``flowables`` (sub- and
    superscripts, which ReportLab sets smaller, included), or None where
    they hold no text."""
    sizes = []
    for flowable in flowables:
        if isinstance(flowable, Paragraph):
            sizes += [frag.fontSize for frag in flowable.frags
                      if getattr(frag, 'text', '').strip()]
        else:
            inner = smallest_text(_inner_flowables(flowable))
            if inner is not None:
                sizes.append(inner)
    return min(sizes, default=None)


def _inner_flowables(flowable: Any) -> list[Any]:
    """The flowables a list, box or nested table holds."""
    for part in ('_cellvalues', 'data', 'content', '_content'):
        value = getattr(flowable, part, None)
        if isinstance(value, list | tuple):
            return [item for item in _flatten(value) if item is not None]
    return []


def _flatten(value: Any) -> list[Any]:
    if isinstance(value, list | tuple):
        return [item for part in value for item in _flatten(part)]
    return [] if isinstance(value, str) else [value]
