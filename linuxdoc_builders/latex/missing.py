# SPDX-License-Identifier: GPL-2.0-only
"""Characters TeX dropped for want of a glyph, from its log to the
console.

xelatex leaves out a character that its font lacks and writes only
``Missing character: There is no 中 (U+4E2D) in font [FreeSerif.otf]...``
into the ``.log``; the PDF is written, the command exits 0 and the
reader never learns that text is missing.  After TeX has run::

    linuxdoc-latex-missing output/latex

prints, per book and script, one ``BOOK.pdf: WARNING:`` line with the
characters (U+XXXX) and the fix, and exits with status 1 if there is
any.  ``make pdfdocs`` of the kernel template runs it on every book it
compiled; after ``sphinx-build -M latexpdf`` run it on the LaTeX
directory.  Where ``linuxdoc-cjk.sty`` (:mod:`linuxdoc_builders.latex.scripts`)
noted why CJK text has no face, the fix says what to install.
"""

from __future__ import annotations

import re
from dataclasses import dataclass, field
from pathlib import Path

from linuxdoc_builders.fontconfig import listed, script
from linuxdoc_builders.latex.logs import run
from linuxdoc_builders.latex.scripts import NO_FACE, NO_XECJK

#: xelatex's line (the character's code is there from TeX Live 2021 on;
#: the line may be cut at 79 characters, inside the font's name).
_MISSING = re.compile(
    r'^Missing character: There is no (?P<char>\S+)'
    r'(?: \(U\+(?P<code>[0-9A-Fa-f]{4,6})\))? in font ["\[]?'
    r'(?P<font>[^:/\]"!]*)')

@dataclass
class Dropped:
    """The characters of one script a book's log says were dropped."""

    chars: set[str] = field(default_factory=set)
    fonts: set[str] = field(default_factory=set)
    times: int = 0


def dropped_characters(log: str) -> dict[str, Dropped]:
    """What a TeX log says was dropped, by script (``CJK``, ``RUNIC``)."""
    found: dict[str, Dropped] = {}
    for line in log.splitlines():
        match = _MISSING.match(line)
        if match is None:
            continue
        char = (chr(int(match['code'], 16)) if match['code']
                else match['char'][0])
        dropped = found.setdefault(script(char), Dropped())
        dropped.chars.add(char)
        dropped.fonts.add(match['font'].removesuffix('.otf')
                          .removesuffix('.ttf'))
        dropped.times += 1
    return found


def fix(name: str, log: str) -> str:
    """What gives characters of script ``name`` a glyph, as the log
    tells (``linuxdoc-cjk.sty``'s notes)."""
    if name == 'CJK':
        if NO_XECJK in log:
            return 'install xeCJK (Debian: texlive-lang-cjk)'
        if NO_FACE in log:
            return ('install a CJK font (Debian: fonts-noto-cjk or '
                    'fonts-wqy-zenhei)')
        if 'linuxdoc-cjk' not in log:
            return ('xeCJK was not loaded: compile with xelatex, under '
                    'which linuxlatex loads it')
        return 'name a CJK font that has them in linuxdoc_latex_cjk_fonts'
    return ("give them a font of the book: latex_elements['fontpkg'] "
            'chooses them; FreeFont (Debian: fonts-freefont-otf) and Noto '
            '(fonts-noto-core, fonts-noto-extra) cover most scripts')


def report(tex: Path) -> list[str]:
    """The warnings for the book of ``tex`` (none before TeX has run)."""
    log_path = tex.with_suffix('.log')
    if not log_path.is_file():
        return []
    log = log_path.read_text(encoding='utf-8', errors='replace')
    lines = []
    for name, dropped in sorted(dropped_characters(log).items()):
        lines.append(
            f'{tex.stem}.pdf: WARNING: {dropped.times} {name.lower()} '
            f'character(s) left out, no glyph in '
            f'{", ".join(sorted(dropped.fonts))}: {listed(dropped.chars)}; '
            f'{fix(name, log)}')
    return lines


def main(argv: list[str] | None = None) -> int:
    """``linuxdoc-latex-missing DIR_OR_TEX...``: warn about every
    character TeX left out; status 1 if there is one."""
    return run('linuxdoc-latex-missing',
               'Report the characters TeX left out of the PDF because no '
               'font it used has them.', report, argv)
