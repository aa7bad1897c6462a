# SPDX-License-Identifier: GPL-2.0-only
"""Where a word too long for its line breaks in linuxpdf.

ReportLab breaks lines only at spaces; a word wider than a whole line
(an identifier in a narrow table column) it cuts after the last letter
that fits: ``V4L2_PIX_FMT_FOO0`` / ``28``, which reads as another
identifier.  LaTeX breaks such words after ``_``, ``-``, ``/`` or ``.``
and so does linuxpdf: each line of a long word ends after the last of
those characters that fits, and only a part with none of them that
fits is cut inside a word.  A word that would begin at the end of a
line that has text already begins on the next line instead when no
break character of it fits there.  Each further line of a broken word
begins with :data:`CONTINUATION`.
"""

from __future__ import annotations

import re
from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    from collections.abc import Callable, Sequence

#: The characters after which a long word may break.
WORD_BREAKS = frozenset('_-/.')

#: What begins each further line of a word broken across lines, as in
#: linuxlatex (Sphinx's mark of a wrapped code line): a broken name does
#: not read as two words.
CONTINUATION = '\N{RIGHTWARDS ARROW WITH HOOK}'


#: Splits a word after each of :data:`WORD_BREAKS`.
_AFTER_BREAK = re.compile(r'(?<=[_\-/.])')


def word_pieces(word: str) -> list[str]:
    """``word`` in the pieces a line may end between:
    ``V4L2_PIX_FMT`` as ``V4L2_``, ``PIX_``, ``FMT``."""
    return [piece for piece in _AFTER_BREAK.split(word) if piece]


def piece_lengths(units: Sequence[str], widths: Sequence[float],
                  room: Callable[[int], float], started: bool
                  ) -> list[int]:
    """How many of a long word's ``units`` (characters, with their
    ``widths``) go on each line, the line ``n`` of it offering
    ``room(n)`` points; ``started``: whether line 0 has text already
    (a first piece of 0 units moves the word to the next line).

    Every line but the first takes a unit at least, so the word always
    ends."""
    pieces: list[int] = []
    start, line = 0, 0
    while True:
        limit = room(line)
        used, end = 0.0, start
        while end < len(units) and used + widths[end] <= limit + 1e-9:
            used += widths[end]
            end += 1
        if end == len(units):
            pieces.append(end - start)
            return pieces
        cut = next((k for k in range(end, start, -1)
                    if units[k - 1][-1:] in WORD_BREAKS), None)
        if cut is None:
            cut = start if line == 0 and started else max(end, start + 1)
        pieces.append(cut - start)
        start = cut
        line += 1


def anchors_inside_words(frags: Sequence[Any]) -> list[Any]:
    """A paragraph's fragments with each zero-width mark that begins a
    word (a link target's anchor, an index entry) moved after the
    word's first character.

    ReportLab never breaks a word whose first fragment carries such a
    mark, wide as it may be: a cell holding a target and
    ``CEC_LOG_ADDR_TYPE_RECORD`` ran across the next two columns.  One
    character on, the mark stays on the word's first line.
    """
    out: list[Any] = []
    marks: list[Any] = []
    for frag in frags:
        text = getattr(frag, 'text', None)
        if _is_mark(frag) and (marks or _word_starts_after(out)):
            marks.append(frag)
            continue
        if marks and isinstance(text, str) and text[:1].strip():
            out += [frag.clone(text=text[0]), *marks]
            if text[1:]:
                out.append(frag.clone(text=text[1:]))
        else:
            out += [*marks, frag]
        marks = []
    return out + marks


def _is_mark(frag: Any) -> bool:
    mark = getattr(frag, 'cbDefn', None)
    return mark is not None and not getattr(frag, 'text', '') and \
        getattr(mark, 'kind', None) != 'img'


def _word_starts_after(frags: Sequence[Any]) -> bool:
    """Whether a fragment after ``frags`` begins a word."""
    for frag in reversed(frags):
        text = getattr(frag, 'text', None)
        if isinstance(text, str) and text:
            return not text[-1:].strip()
    return True
