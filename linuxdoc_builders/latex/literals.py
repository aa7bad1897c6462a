# SPDX-License-Identifier: GPL-2.0-only
"""Long literal blocks, written as pieces that TeX can hold.

Sphinx's ``sphinxVerbatim`` frames a block with ``framed.sty``, which
gathers the whole block in one box before it cuts the box at page
breaks.  A box can be no taller than 16383pt (some 1400 lines), and a
block whose lines may wrap at every space fills TeX's main memory first:
the kernel's kernel-parameters.txt (7764 lines, included literally in
admin-guide) and a 3000-line block of core-api stop xelatex with "TeX
capacity exceeded", with stock ``latex`` as with ``linuxlatex``; given
more memory, with "Dimension too large".

So a block of more than :data:`PIECE_LINES` printed lines is written as
consecutive blocks of at most that many, each framed on its own, with
the line numbers and highlighted lines of the whole block.  Sphinx 9.1
and newer cut long blocks themselves, with no seam between the pieces
(``sphinxLongVerbatim``); there the translator leaves them to it.
"""

from __future__ import annotations

import re
from collections.abc import Iterator, Sequence

#: Printed lines in one piece: well under a box's height limit, and a
#: fraction of TeX's main memory when every space is a break point.
PIECE_LINES = 400

#: Characters of a printed line, a little fewer than a page holds, so
#: that wrapped lines are counted high rather than low.
_LINE_CHARACTERS = 80

_BEGIN = re.compile(r'\\begin\{sphinxVerbatim\}(\[[^\n]*\])?\n')
_END = r'\end{sphinxVerbatim}'
#: Pygments' mark-up, which prints nothing: ``\PYG{k}{`` and ``}``.
_MARKUP = re.compile(r'\\PYG\{[^{}]*\}\{|[{}]')
#: Pygments' escapes, each one printed character: ``\PYGZus{}``.
_ESCAPE = re.compile(r'\\PYGZ\w+\{\}')
_FIRST_NUMBER = re.compile(r'firstnumber=(\d+)')


def in_pieces(hlcode: str, hl_lines: Sequence[int]) -> str:
    """``hlcode``, a block as Sphinx writes it, cut into blocks of at
    most :data:`PIECE_LINES` printed lines; anything else unchanged.

    Pygments closes its mark-up at the end of every line, so a piece
    may begin at any line."""
    begin = _BEGIN.search(hlcode)
    end = hlcode.rfind(_END)
    if begin is None or end < begin.end():
        return hlcode
    pieces = list(_pieces(hlcode[begin.end():end].splitlines(keepends=True)))
    if len(pieces) < 2:
        return hlcode
    options = begin.group(1) or ''
    first_number = _FIRST_NUMBER.search(options)
    written = [hlcode[:begin.start()]]
    offset = 0
    for piece in pieces:
        if offset and hl_lines:
            written.append(_highlighted(hl_lines, offset, len(piece)))
        if first_number:
            options = _FIRST_NUMBER.sub(
                'firstnumber=%d' % (int(first_number[1]) + offset), options)
        written.append(r'\begin{sphinxVerbatim}%s' % options + '\n'
                       + ''.join(piece) + _END + '\n')
        offset += len(piece)
    written.append(hlcode[end + len(_END):])
    return ''.join(written)


def _pieces(lines: list[str]) -> Iterator[list[str]]:
    piece: list[str] = []
    printed = 0
    for line in lines:
        height = _printed_lines(line)
        if piece and printed + height > PIECE_LINES:
            yield piece
            piece, printed = [], 0
        piece.append(line)
        printed += height
    if piece:
        yield piece


def _printed_lines(line: str) -> int:
    """How many lines a code line may wrap into."""
    visible = len(_ESCAPE.sub('x', _MARKUP.sub('', line.rstrip('\n'))))
    return max(1, -(-visible // _LINE_CHARACTERS))


def _highlighted(hl_lines: Sequence[int], offset: int, count: int) -> str:
    """Sphinx's setting of the highlighted lines for a piece: its lines
    count from one."""
    lines = [line - offset for line in hl_lines
             if offset < line <= offset + count]
    return r'\fvset{hllines={, %s,}}%%' % ', '.join(map(str, lines)) + '\n'
