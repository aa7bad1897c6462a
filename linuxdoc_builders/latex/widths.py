# SPDX-License-Identifier: GPL-2.0-only
"""Column widths from a LaTeX table's content, and where its words break.

Without ``:widths:``, Sphinx sets a table in ``tabulary`` (few rows) or
in a ``longtable`` whose columns each get an equal share of the line, and
never asks whether a cell's longest word fits its share: a stub column of
``V4L2_PIX_FMT_*`` names runs under the next column's colour, and the
columns of a table wider than the page run past its edge.

Here every cell's text is measured in *units*, 1/93 of the line, in the
build's fonts where they can be read, else by a model of 10pt text
(:mod:`~linuxdoc_builders.latex.metrics`), and each column gets at least
its longest unbreakable piece of text, then a share of the rest of the
line in proportion to what its paragraphs would like.  A table whose
pieces cannot fit side by side is set smaller, by the factor that makes
them fit.  Long identifiers break after ``_``, ``-``, ``/`` and ``.``
(:func:`break_points`), so a piece is usually far shorter than the
identifier.

The estimate errs on the wide side, and the compiled PDF is what the
tests check.
"""

from __future__ import annotations

import math
import re
from dataclasses import dataclass
from typing import cast

from docutils import nodes

from linuxdoc_builders.colspec import parse_spec, tabular_spec
from linuxdoc_builders.column_groups import groups_by_width
from linuxdoc_builders.fontconfig import script
from linuxdoc_builders.latex.metrics import (
    LINE_UNITS,
    MODEL_WIDE,
    Kind,
    current,
)
from linuxdoc_builders.table_nodes import PlacedTGroup

#: The 6pt \tabcolsep on both sides of a column, in units.
PADDING_UNITS = 2.4
#: Words at least this long break after the characters of
#: :data:`_BREAK_AFTER`; shorter ones (``e.g.``, ``1.5``) do not.
BREAKABLE_LENGTH = 10
#: No table is set smaller than this share of its size: one whose words
#: do not fit even so has them broken between any two characters
#: (:data:`ANYWHERE_ATTRIBUTE`).
MIN_SCALE = 0.5
#: The table's attribute that has the translator let its words break
#: between any two characters.
ANYWHERE_ATTRIBUTE = 'linuxdoc_break_anywhere'
#: Pieces between break points at least this long that TeX cannot
#: hyphenate may break between any two characters
#: (:func:`breaks_anywhere`): a column needs only this much of them.
ANYWHERE_LENGTH = 16
#: Words of letters at least this long are counted as TeX hyphenates
#: them.
_HYPHENATED_LENGTH = 8
_BREAK_AFTER = re.compile(r'(?<=\w[_\-/.])(?=\w)')
#: Lines of 12pt a page of Sphinx's default layout holds, less a margin
#: for the table's caption and header.
PAGE_LINES = 44
#: \X{a}{b} takes whole numbers: widths are written in tenths of units.
_SCALE = 10
#: The size of sub- and superscripts (LaTeX's \scriptstyle) against the
#: text around them, at the body's size.
SCRIPT = 0.7
#: What a footnote mark may print: Sphinx writes ``Page N, M`` where the
#: footnote is on another page (a longtable's header repeated on the
#: pages after, a long table's footnotes after its end), in one box;
#: a book of a thousand pages has four-digit page numbers.
FOOTNOTE_MARK = 'Page 9999, 99'


def break_points(word: str) -> list[str]:
    """The pieces a word may be broken into: after each ``_ - / .``
    between word characters, in words of at least
    :data:`BREAKABLE_LENGTH` characters."""
    if len(word) < BREAKABLE_LENGTH:
        return [word]
    return _BREAK_AFTER.split(word)


def _cjk(char: str) -> bool:
    """Whether ``char`` is Chinese, Japanese or Korean, or their
    punctuation: xeCJK breaks a line beside any of them, unmarked."""
    return not char.isascii() and script(char) == 'CJK'


def _cjk_runs(text: str) -> list[str]:
    """``text`` cut beside each CJK character, where xeCJK may break."""
    if text.isascii():
        return [text]
    runs = ['']
    for char in text:
        if _cjk(char):
            runs += [char, '']
        else:
            runs[-1] += char
    return [run for run in runs if run]


def breaks_anywhere(piece: str, literal: bool) -> bool:
    """Whether a piece between break points may break between any two
    characters: one of :data:`ANYWHERE_LENGTH` or more that TeX cannot
    hyphenate (a literal, set with no hyphenation; digits, as in a hex
    value; a capital inside, as in CamelCase, which a hyphen would make
    read as part of the name).  A word of letters is left to TeX's
    hyphenation; one with CJK characters to xeCJK, which breaks beside
    each of them (a Chinese sentence has no space, and was set with a
    continuation mark on every line)."""
    if len(piece) < ANYWHERE_LENGTH or any(map(_cjk, piece)):
        return False
    return literal or not piece.isalpha() or \
        any(c.isupper() for c in piece[1:])


def split_text(text: str, literal: bool = False,
               anywhere: bool = False) -> list[str]:
    """``text`` cut at its break points (spaces stay in the pieces), for
    the translator to put a break mark between; a piece that
    :func:`breaks_anywhere` (any piece, with ``anywhere``) is cut into
    its characters."""
    parts = re.split(r'(\s+)', text)
    out = ['']
    for part in parts:
        if not part:
            # before leading or after trailing white space
            continue
        pieces = [part] if part.isspace() else break_points(part)
        pieces = [character for piece in pieces
                  for character in (
                      list(piece) if not piece.isspace() and (
                          anywhere or breaks_anywhere(piece, literal))
                      else [piece])]
        out[-1] += pieces[0]
        out += pieces[1:]
    return out


@dataclass(frozen=True)
class ColumnWidths:
    """The widths written into a table's column spec."""

    #: Each column's share of the line: \X{share}{total}.
    shares: list[int]
    total: int
    #: How much smaller the table is set (1: not at all).
    scale: float
    #: How many lines width the columns' pieces need (> 1: too wide).
    overflow: float
    #: Whether the pieces do not fit even at :data:`MIN_SCALE`: the
    #: words break between any two characters.
    anywhere: bool = False


@dataclass
class _Extent:
    """What a cell's text asks of its column, in units."""

    need: float = 0.0   # its longest unbreakable piece
    word: float = 0.0   # its longest word, unbroken
    want: float = 0.0   # its longest block of text on one line
    height: float = 0.0  # its text on one line: all blocks, one after another


def _unit_width(text: str, kind: Kind) -> float:
    """``text``'s width in units, in the build's fonts
    (:mod:`~linuxdoc_builders.latex.metrics`)."""
    return current().width(text, kind)


def _within(node: nodes.Node, *kinds: type[nodes.Node]) -> bool:
    """Whether ``node`` is inside one of ``kinds`` in its cell."""
    parent = node.parent
    while parent is not None and not isinstance(parent, nodes.entry):
        if isinstance(parent, kinds):
            return True
        parent = parent.parent
    return False


def _footnote_mark(node: nodes.Node) -> bool:
    """Whether ``node`` is a footnote mark's text (``footnote_reference``
    in the doctree, Sphinx's ``footnotemark`` once its LaTeX footnote
    transform has run)."""
    parent = node.parent
    return parent is not None and (
        isinstance(parent, nodes.footnote_reference)
        or parent.tagname == 'footnotemark')


def block_of(node: nodes.Node) -> nodes.Node | None:
    """The paragraph (or other block) a text is part of."""
    parent = node.parent
    while parent is not None and isinstance(parent, nodes.Inline):
        parent = cast('nodes.Element', parent).parent
    return parent


def cell_extent(entry: nodes.Element, wide_font: bool,
                script: float = SCRIPT) -> _Extent:
    """The longest piece, longest word, longest block and total length
    of a cell (or a part of one), its sub- and superscripts ``script``
    times the size of its text.  A word may run over several text nodes
    (``b\\ :sub:`11```, ````name``\\ [32]``): it is measured whole."""
    extent = _Extent()
    blocks: dict[int, float] = {}
    # the word being read in each block: its parts, their widths, and
    # whether TeX may hyphenate them; and the blocks whose word a space
    # has ended (unless a footnote mark follows)
    words: dict[int, list[tuple[str, float, bool]]] = {}
    spaced: set[int] = set()

    def end_word(block: int) -> None:
        spaced.discard(block)
        parts = words.pop(block, [])
        if not parts:
            return
        width = sum(w for _, w, _ in parts)
        extent.word = max(extent.word, width)
        extent.need = max(extent.need, _longest_piece(parts))
        blocks[block] = blocks.get(block, 0.0) + width + 1

    def add(block: int, part: tuple[str, float, bool]) -> None:
        if block in spaced:
            end_word(block)
        words.setdefault(block, []).append(part)

    for inner in _nested_tgroups(entry):
        need, word, want, height = _column_extents(PlacedTGroup.read(inner))
        extent.need = max(extent.need, sum(need))
        extent.word = max(extent.word, sum(word))
        extent.want = max(extent.want, sum(want))
        extent.height += height
    for text in entry.findall(nodes.Text):
        if _within(text, nodes.table):
            continue
        literal = _within(text, nodes.literal, nodes.literal_block)
        kind: Kind = 'mono' if literal else \
            'heading' if wide_font else 'body'
        block = id(block_of(text))
        if _footnote_mark(text):
            # Sphinx takes the space before the mark away and sets the
            # mark after the word, in one box
            spaced.discard(block)
            words.setdefault(block, []).append(
                (FOOTNOTE_MARK.replace(' ', '~'),
                 script * _unit_width(FOOTNOTE_MARK, 'body'), False))
            continue
        if isinstance(text.parent, nodes.literal_block):
            lines = text.astext().splitlines() or ['']
            widths = [_unit_width(line, kind) for line in lines]
            extent.want = max(extent.want, *widths)
            extent.word = max(extent.word, *widths)
            extent.height += len(lines) * LINE_UNITS
            continue
        size = script if _within(text, nodes.subscript,
                                  nodes.superscript) else 1.0
        for part in re.split(r'(\s+)', text.astext()):
            if part.isspace():
                if words.get(block):
                    spaced.add(block)
            elif part:
                add(block, (part, size * _unit_width(part, kind),
                            not literal))
    for block in list(words):
        end_word(block)
    if blocks:
        extent.want = max(extent.want, *blocks.values())
        extent.height += sum(blocks.values())
    return extent


def _nested_tgroups(entry: nodes.Element) -> list[nodes.Element]:
    """The tables set in ``entry`` itself (not in a table inside one of
    them): each is measured as a whole, its columns side by side."""
    return [tgroup for tgroup in entry.findall(nodes.tgroup)
            if tgroup is not entry and not _within(tgroup.parent, nodes.table)]


def _longest_piece(parts: list[tuple[str, float, bool]]) -> float:
    """The widest piece of a word between its break points, the word
    given as parts of the widths they have where they are set, and
    whether TeX may hyphenate them.  A word of letters outside literals
    (``Characteristics``) is counted as its longer half and a hyphen, as
    TeX can break it about there.  Other words break where the
    translator marks them: in each text node's words of
    :data:`BREAKABLE_LENGTH` or more (:func:`split_text`), not in a
    word made of short parts (``M/NTSC`` and a footnote mark)."""
    word = ''.join(text for text, _, _ in parts)
    width = sum(w for _, w, _ in parts)
    if len(word) >= _HYPHENATED_LENGTH and word.isalpha() and \
            not any(map(_cjk, word)) and \
            all(hyphenable for _, _, hyphenable in parts):
        return width * (len(word) // 2 + 2) / len(word)
    longest = 0.0
    piece = 0.0
    for text, part_width, hyphenable in parts:
        # xeCJK breaks beside each CJK character
        pieces = [run for broken in break_points(text)
                  for run in _cjk_runs(broken)]
        for k, broken in enumerate(pieces):
            if k:
                longest = max(longest, piece)
                piece = 0.0
            width = part_width * len(broken) / len(text)
            if breaks_anywhere(broken, not hyphenable):
                width *= ANYWHERE_LENGTH / len(broken)
            piece += width
    return max(longest, piece)


def content_widths(placed: PlacedTGroup, size: float = 1.0,
                   line: float = 1.0) -> ColumnWidths:
    """Column shares for a table that gives none, its text set at
    ``size`` times the body's size (raw LaTeX before it may say
    ``\\small``), in the ``line`` share of the page's line its place
    has (:func:`line_share`).

    A table that wants no more than the line keeps its natural width.
    Otherwise each column gets its longest word, whole, if all of them
    fit side by side, else its longest piece (:func:`break_points`);
    what is left of the line goes to the columns whose blocks of text
    want more, in proportion.  A cell spanning columns widens them
    evenly where they are too narrow for it.  It is set smaller where
    even its pieces do not fit, never below :data:`MIN_SCALE` of the
    body's size.
    """
    need, word, want = ([x * size / line for x in extents]
                        for extents in _column_extents(placed)[:3])
    total_need = sum(need)
    least = min(1.0, MIN_SCALE / size)
    # below half the body's size, a table's words break anywhere, if its
    # columns have room for two characters then
    narrowest = len(need) * (PADDING_UNITS + 2 * MODEL_WIDE) * size * least
    if total_need > LINE_UNITS / least and narrowest <= LINE_UNITS:
        return _shares(need, total_need, least, total_need / LINE_UNITS,
                       anywhere=True)
    if total_need > LINE_UNITS:
        return _shares(need, total_need, LINE_UNITS / total_need,
                       total_need / LINE_UNITS)
    if sum(want) <= LINE_UNITS:
        return _shares(want, LINE_UNITS, 1.0, total_need / LINE_UNITS)
    base = word if sum(word) <= LINE_UNITS else need
    spare = LINE_UNITS - sum(base)
    extra = [w - b for w, b in zip(want, base, strict=True)]
    shares = [b + spare * e / sum(extra) if sum(extra) else b
              for b, e in zip(base, extra, strict=True)]
    return _shares(shares, LINE_UNITS, 1.0, total_need / LINE_UNITS)


#: The left margins of nested lists in ems, LaTeX's ``\\leftmargini``
#: to ``\\leftmarginvi`` (book and report classes).
_LIST_MARGINS = (2.5, 2.2, 1.87, 1.7, 1.0, 1.0)


def line_share(node: nodes.Node) -> float:
    """The share of the page's line left at ``node`` by the quotes and
    lists it is in: Sphinx's column widths are shares of ``\\linewidth``,
    which each of them narrows by its level's margin, a quote on both
    sides (a field list is a quote holding a description).  Measured
    against the whole line, the kernel's l1tf.rst table in two quotes
    cut ``nosmt=force`` under the next column."""
    sides: list[int] = []
    parent = node.parent
    while parent is not None:
        if isinstance(parent, nodes.block_quote):
            sides.append(2)
        elif isinstance(parent, (nodes.bullet_list, nodes.enumerated_list,
                                 nodes.definition_list)):
            sides.append(1)
        elif isinstance(parent, nodes.field_list):
            sides += [1, 2]
        parent = parent.parent
    measure = current()
    em = measure.body_size / measure.points_per_unit
    indent = em * sum(count * _LIST_MARGINS[min(level, len(_LIST_MARGINS) - 1)]
                      for level, count in enumerate(reversed(sides)))
    return max(0.25, 1 - indent / LINE_UNITS)


def column_groups(placed: PlacedTGroup) -> list[range] | None:
    """The groups of data columns to set as tables of their own
    (:mod:`linuxdoc_builders.column_groups`), for a table with more
    columns than the line holds at :data:`MIN_SCALE` with two characters
    each; None for any other.  Each group's longest pieces fit the line
    at that size."""
    need = _column_extents(placed)[0]
    if len(need) * (PADDING_UNITS + 2 * MODEL_WIDE) * MIN_SCALE <= LINE_UNITS:
        return None
    return groups_by_width([n * MIN_SCALE for n in need],
                           placed.grid.stub_columns, LINE_UNITS)


def _column_extents(placed: PlacedTGroup
                    ) -> tuple[list[float], list[float], list[float], float]:
    """Each column's longest piece, longest word and widest block, its
    padding included, and the height of all cells' text (a table nested
    in a cell is measured with this too)."""
    n_cols = placed.grid.n_cols
    need = [1.0] * n_cols
    word = [1.0] * n_cols
    want = [1.0] * n_cols
    height = 0.0
    spanning = []
    for entry, cell in placed.placed_entries():
        extent = cell_extent(entry, cell.is_header or cell.is_stub)
        height += extent.height
        if cell.colspan != 1:
            spanning.append((cell, extent))
            continue
        need[cell.col] = max(need[cell.col], extent.need)
        word[cell.col] = max(word[cell.col], extent.word)
        want[cell.col] = max(want[cell.col], extent.want, extent.word)
    # a cell spanning columns gets what they have, and their padding;
    # what it wants beyond that is shared out evenly between them
    for cell, extent in spanning:
        columns = range(cell.col, cell.last_col + 1)
        inner = PADDING_UNITS * (cell.colspan - 1)
        for widths, asked in ((need, extent.need), (word, extent.word),
                              (want, max(extent.want, extent.word))):
            lacking = asked - inner - sum(widths[x] for x in columns)
            for x in columns:
                widths[x] += max(0.0, lacking) / cell.colspan
    return ([n + PADDING_UNITS for n in need],
            [w + PADDING_UNITS for w in word],
            [w + PADDING_UNITS for w in want], height)


def _shares(shares: list[float], total: float, scale: float,
            overflow: float, anywhere: bool = False) -> ColumnWidths:
    return ColumnWidths(
        [max(1, math.floor(s * _SCALE)) for s in shares],
        max(1, math.ceil(total * _SCALE)), scale, overflow, anywhere)


def column_units(tgroup: nodes.Element, placed: PlacedTGroup,
                 size: float = 1.0, line: float = 1.0
                 ) -> tuple[list[float], float]:
    """Each column's text width in units, as the translator will set it,
    and how much smaller than ``size`` (its raw LaTeX's size against the
    body's) the table is set, in the ``line`` share of the page's line
    its place has (:func:`line_share`): the given widths, or
    :func:`content_widths`; then, for a table with a
    ``.. tabularcolumns::`` spec, the width of each of its
    ``p``/``m``/``b`` columns.  The kernel's specs are narrower than an
    even share of the line: a table measured without them looks shorter
    than it is, stays a ``tabular`` and runs past the page's foot."""
    table = tgroup.parent
    given = [c.get('colwidth', 1) for c in tgroup.findall(nodes.colspec)]
    scale = 1.0
    if table is not None and 'colwidths-given' in table['classes'] \
            and len(given) == placed.grid.n_cols and sum(given) > 0:
        shares, total = given, sum(given)
    else:
        widths = content_widths(placed, size, line)
        shares, total, scale = widths.shares, widths.total, widths.scale
    units = [max(1.0, LINE_UNITS * line * s / total - PADDING_UNITS)
             for s in shares]
    spec = tabular_spec(table)
    if spec is None:
        return units, scale
    # the translator sets a table with a spec at its own size, and LaTeX
    # its columns by the spec's first ones, whatever their number: the
    # kernel's specs often have more than the table
    unit = current().points_per_unit
    columns = parse_spec(spec, LINE_UNITS * line * unit) or []
    columns += [None] * (len(units) - len(columns))
    return [max(1.0, points / unit) if points else share
            for points, share in zip(columns, units, strict=False)], 1.0


def rows_of_text(element: nodes.Element, units: float, wide_font: bool
                 ) -> float:
    """About how many lines a cell, or a part of one, takes in a column
    ``units`` wide: its text, plus a line per paragraph for the ends."""
    return cell_extent(element, wide_font).height / units + \
        len(list(element.findall(nodes.paragraph)))
