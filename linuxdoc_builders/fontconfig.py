# SPDX-License-Identifier: GPL-2.0-only
"""Installed fonts, as fontconfig finds them, for both PDF routes.

linuxpdf embeds TrueType faces through ReportLab
(:mod:`linuxdoc_builders.pdf.fonts`); the LaTeX route gives xelatex a
face for Chinese, Japanese and Korean (:mod:`linuxdoc_builders.latex.scripts`).
Both ask ``fc-match``, which answers every question with some font: the
answer counts only when it is of the family asked for.
"""

from __future__ import annotations

import functools
import subprocess
import unicodedata
from collections.abc import Iterable
from dataclasses import dataclass
from pathlib import Path


@dataclass(frozen=True)
class Face:
    """One face of a font file, as fontconfig names it."""

    family: str
    file: Path
    index: int
    #: fontconfig's ``fontformat``: ``TrueType`` for both TrueType and
    #: PostScript (CFF) outlines in an OpenType file, ``CFF`` for CFF
    #: that fontconfig reads as such.
    outlines: str
    #: A variable font, which xelatex cannot set (Fedora's and
    #: openSUSE's Noto CJK "VF" files).
    variable: bool


@functools.cache
def fc_match(pattern: str) -> Face | None:
    """The face fontconfig gives for ``pattern`` when it is of the
    family asked for, else None (also when fontconfig is missing).
    Asked once per process: the fonts installed do not change while
    Sphinx runs."""
    try:
        answer = subprocess.run(
            ['fc-match', '-f', '%{family}\t%{file}\t%{index}\t'
             '%{fontformat}\t%{variable}', pattern], capture_output=True,
            text=True, check=True, timeout=60).stdout
    except (OSError, subprocess.SubprocessError):
        return None
    families, file, index, outlines, variable = \
        [*answer.split('\t'), '', '', '', ''][:5]
    wanted = pattern.split(':', 1)[0].casefold()
    if (not index.isdigit()
            or wanted not in map(str.casefold, families.split(','))):
        return None
    return Face(families.split(',')[0], Path(file), int(index), outlines,
                variable == 'True')


#: The first words of the Unicode names of what CJK fonts hold: ideographs,
#: kana, Hangul, and the full-width forms and marks that go with them.
CJK_WORDS = frozenset({
    'CJK', 'HIRAGANA', 'KATAKANA', 'KATAKANA-HIRAGANA', 'HANGUL',
    'BOPOMOFO', 'FULLWIDTH', 'HALFWIDTH', 'IDEOGRAPHIC'})


#: Blocks of CJK punctuation, symbols and forms whose names do not say
#: CJK (LEFT CORNER BRACKET, WAVE DASH, ...).
CJK_BLOCKS = ((0x3000, 0x303F), (0x3200, 0x33FF), (0xFE30, 0xFE4F),
              (0xFF00, 0xFFEF))


def script(char: str) -> str:
    """The script a character is reported under: CJK for anything a CJK
    font holds, else the first word of its Unicode name (GREEK, RUNIC)."""
    word = unicodedata.name(char, 'UNKNOWN').split()[0]
    code = ord(char)
    if word in CJK_WORDS or any(first <= code <= last
                                for first, last in CJK_BLOCKS):
        return 'CJK'
    return word


#: Scripts whose text must be shaped to be read (set right to left,
#: letters joined, vowel signs reordered), by the first word of their
#: characters' Unicode names; fontspec names each ``Script=`` so, in
#: title case.
SHAPED_SCRIPTS = frozenset({
    'ARABIC', 'HEBREW', 'SYRIAC', 'THAANA', 'DEVANAGARI', 'BENGALI',
    'GURMUKHI', 'GUJARATI', 'ORIYA', 'TAMIL', 'TELUGU', 'KANNADA',
    'MALAYALAM', 'SINHALA', 'TIBETAN', 'MYANMAR', 'KHMER'})


def shaping_script(char: str) -> str | None:
    """The script of ``char`` when its text must be shaped, else None."""
    if char.isascii():
        return None
    word = unicodedata.name(char, 'UNKNOWN').split()[0]
    return word if word in SHAPED_SCRIPTS else None


def listed(chars: Iterable[str], limit: int = 24) -> str:
    """``U+4E2D 中, U+6587 文, ...`` in code order, the first ``limit``
    of them and how many more: a book of Chinese may lack thousands."""
    codes = sorted(set(chars))
    shown = ', '.join(f'U+{ord(c):04X} {c}' for c in codes[:limit])
    more = len(codes) - limit
    return f'{shown} and {more} more' if more > 0 else shown
