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
from typing import TYPE_CHECKING

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
