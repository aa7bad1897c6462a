# SPDX-License-Identifier: GPL-2.0-only
"""Scripts beyond Latin in the LaTeX route: a face for Chinese, Japanese
and Korean, and shaping for Indic and right-to-left scripts.

xelatex sets Sphinx's books in GNU FreeFont, which has Latin, Greek,
Cyrillic, Hebrew, Arabic, Devanagari, Thai and most symbols, but no
Chinese, Japanese or Korean: those characters were dropped, with a
"Missing character" line in the ``.log`` only.  The kernel's preamble
loads xeCJK with Noto Sans CJK for them, and drops the translations
(with a note) where it finds none.  Here every LaTeX build that uses
our translator gets ``linuxdoc-cjk.sty`` (:func:`cjk_package`), written
for the build, which, when xelatex compiles it (the kernel's conf.py
keeps Sphinx's default engine and its Makefile runs xelatex),

* loads xeCJK (Debian: texlive-lang-cjk) when TeX has it, and gives it
  the first installed, non-variable face of
  ``linuxdoc_latex_cjk_fonts`` (found with fontconfig; xelatex cannot
  set a variable font, and Fedora's and openSUSE's Noto CJK are
  variable: the kernel's translations PDF failed on them), by file, so
  xelatex takes that very face;
* keeps quotes, dashes and the ellipsis of Western text in the text
  font (xeCJK would take them as full-width punctuation);
* says in the ``.log`` when xeCJK or a face is missing, for the
  report of characters without a glyph to name the fix (a project
  without CJK text hears nothing of it);
* lets the kernel's translation chapters through, set in that face,
  where the kernel's preamble found no Noto CJK and would drop them.

xeCJK drops the spaces between two CJK characters, as Chinese and
Japanese are written without them and a source line break must not
leave one; Korean separates its words with spaces, so the translator
writes a space between two Hangul characters as ``\\␣``, which xeCJK
keeps (:func:`hangul_spaces`).

FreeFont has Devanagari, Arabic and the other scripts that must be
shaped (letters joined, vowel signs reordered), but fontspec loads it
with Latin's OpenType features, so xelatex drew them unjoined and in
the wrong order.  The translator writes each run of such a script as
``\\linuxdocscript{Devanagari}{...}`` (:func:`scripts_marked`), which
``linuxdoc.sty`` sets with the current font's features for that script.

Characters that still have no glyph are reported after TeX has run
(:mod:`linuxdoc_builders.latex.missing`).
"""

from __future__ import annotations

import re
from pathlib import Path
from typing import TYPE_CHECKING

from sphinx.locale import __
from sphinx.util import logging

from linuxdoc_builders.fontconfig import Face, fc_match, shaping_script

if TYPE_CHECKING:
    from collections.abc import Sequence

logger = logging.getLogger(__name__)

#: Faces xelatex can set CJK text in, in order: Debian's fonts-noto-cjk,
#: fonts-wqy-zenhei (which linuxpdf uses too) and fonts-droid-fallback.
DEFAULT_CJK_FONTS = ['Noto Sans CJK SC', 'WenQuanYi Zen Hei',
                     'Droid Sans Fallback']

#: What ``linuxdoc-cjk.sty`` writes into the ``.log`` when it cannot
#: give CJK text a face (read back by
#: :mod:`linuxdoc_builders.latex.missing`): no face is installed, or TeX
#: has no xeCJK.
NO_FACE = 'no CJK font is installed'
NO_XECJK = 'xeCJK is not installed'

#: Punctuation of Western text that xeCJK would set in the CJK face:
#: dashes, quotes, the ellipsis and the middle dot.
WESTERN_PUNCTUATION = (0x00B7, 0x2013, 0x2014, 0x2018, 0x2019, 0x201C,
                       0x201D, 0x2026)

_HANGUL = '\u1100-\u11ff\u3130-\u318f\uac00-\ud7a3'
_HANGUL_SPACE = re.compile(f'(?<=[{_HANGUL}])[ \\n]+(?=[{_HANGUL}])')


def cjk_face(families: Sequence[str]) -> Face | None:
    """The first of ``families`` installed as a static face."""
    for family in families:
        face = fc_match(f'{family}:variable=false')
        if face is not None and not face.variable:
            return face
    return None


def cjk_package(face: Face | None) -> str:
    """The text of ``linuxdoc-cjk.sty`` for ``face`` (None: no face
    is installed)."""
    lines = [
        '% SPDX-License-Identifier: GPL-2.0-only',
        '% Written by linuxdoc-builders for this build: xeCJK and the',
        '% face it sets Chinese, Japanese and Korean in, under xelatex.',
        r'\NeedsTeXFormat{LaTeX2e}',
        r'\ProvidesPackage{linuxdoc-cjk}',
        r'\newif\iflinuxdoc@cjk',
        r'\ifdefined\XeTeXversion',
    ]
    if face is None:
        lines.append(rf'\PackageInfo{{linuxdoc-cjk}}{{{NO_FACE}}}')
    else:
        where = (f'Path={face.file.parent.as_posix()}/, '
                 f'FontIndex={face.index}')
        punctuation = ', '.join(f'"{code:04X}'
                                for code in WESTERN_PUNCTUATION)
        lines += [
            r'\IfFileExists{xeCJK.sty}{%',
            r'  \RequirePackage{xeCJK}%',
            *(rf'  \setCJK{family}font{{{face.file.name}}}[{where}]%'
              for family in ('main', 'sans', 'mono')),
            rf'  \xeCJKDeclareCharClass{{Default}}{{{punctuation}}}%',
            r'  \linuxdoc@cjktrue',
            r'}{%',
            rf'  \PackageInfo{{linuxdoc-cjk}}{{{NO_XECJK}}}%',
            r'}',
        ]
    lines += [
        r'\fi',
        '% The kernel\'s preamble (kerneldoc-preamble.sty) drops its',
        '% translations, with a note, when it finds no Noto Sans CJK;',
        '% with xeCJK and a face here they are set in that face.',
        r'\newcommand*\linuxdoc@kernelcjk{%',
        r'  \@ifundefined{ifenablecjk}{}{%',
        r'    \csname ifenablecjk\endcsname\else',
        *(rf'      \def\kerneldocBegin{part}{{\begingroup}}%'
          '\n'
          rf'      \def\kerneldocEnd{part}{{\endgroup}}%'
          for part in ('SC', 'TC', 'KR', 'JP')),
        r'    \fi}}',
        r'\AtBeginDocument{\iflinuxdoc@cjk\linuxdoc@kernelcjk\fi}',
        r'\endinput',
        '',
    ]
    return '\n'.join(lines)


def write_cjk_package(outdir: Path, families: object) -> None:
    """Write ``linuxdoc-cjk.sty`` into ``outdir`` for the first
    installed face of ``families`` (``linuxdoc_latex_cjk_fonts``)."""
    if not (isinstance(families, list | tuple)
            and all(isinstance(f, str) for f in families)):
        logger.error(__('linuxdoc_latex_cjk_fonts = %r: expected a list of '
                        'font family names; using %r'), families,
                     DEFAULT_CJK_FONTS, type='linuxdoc', subtype='config')
        families = DEFAULT_CJK_FONTS
    (outdir / 'linuxdoc-cjk.sty').write_text(
        cjk_package(cjk_face(families)), encoding='utf-8')


def hangul_spaces(text: str) -> str:
    """LaTeX text with each space between two Hangul characters as
    ``\\␣``, which xeCJK keeps."""
    return _HANGUL_SPACE.sub(r'\\ ', text)


def scripts_marked(text: str) -> str:
    """LaTeX text with each run of a script that must be shaped (with
    the spaces and zero-width joiners inside it) as
    ``\\linuxdocscript{Script}{run}``."""
    if text.isascii():
        return text
    pieces: list[list[str | None]] = []
    for char in text:
        name = shaping_script(char)
        if name is None and char in _INSIDE_RUN and pieces:
            # inside the run before, unless it ends here
            name = pieces[-1][0]
        if pieces and pieces[-1][0] == name:
            pieces[-1][1] = f'{pieces[-1][1]}{char}'
        else:
            pieces.append([name, char])
    out = []
    for name, part in pieces:
        assert part is not None
        core = part.rstrip(_INSIDE_RUN)
        out.append(part if name is None else
                   rf'\linuxdocscript{{{name.title()}}}{{{core}}}'
                   + part[len(core):])
    return ''.join(out)


#: What may stand inside a run of one script: spaces and zero-width
#: (non-)joiners.
_INSIDE_RUN = ' \n\u200c\u200d'
