# SPDX-License-Identifier: GPL-2.0-only
"""How wide text is in the fonts and on the line a LaTeX build sets it.

:mod:`~linuxdoc_builders.latex.widths` measures a cell's words in units
of 1/93 of the line (5pt on Sphinx's default line), by a model of 10pt
text: a character counts one unit, a capital or a digit 1.3, monospace
1.2.  The kernel sets 11pt DejaVu Serif on a line of 523pt: ``ENOMEM``
takes 57pt there, 10.1 units of its line, where the model counted 7.8,
so a column given the model's width for it cut the word under the next
column's colour (the kernel's virt, arch, scsi and filesystems books),
and TeX hyphenated ``EINVAL`` as ``EIN-VAL``.

So when the fonts that ``fontpkg`` and then the ``preamble`` name
(``\\setmainfont``, ``\\setsansfont``, ``\\setmonofont``: fontspec's,
which only xelatex or lualatex can compile, whatever ``latex_engine``
says: the kernel's stays ``pdflatex``; the last of each wins, as in TeX:
the kernel names DejaVu in its preamble, after Sphinx's FreeFont in
``fontpkg``) are TrueType files fontconfig finds, their advance widths
are read (ReportLab reads the file), and a width is the text's advance
at the body's point size (``pointsize``) as a share of the line (the
paper's width less Sphinx's ``hmargin`` on both sides, as
:func:`~linuxdoc_builders.latex.given_widths.line_width` reads them).
Any other font (pdflatex's Type 1 fonts, PostScript-outlined OpenType)
is left to the model.

The measure of the build is set from the builder's settings at
``builder-inited`` (:func:`use`) and undone at ``build-finished``
(:func:`reset`).
"""

from __future__ import annotations

import contextvars
import functools
import re
import unicodedata
from collections.abc import Mapping
from dataclasses import dataclass
from typing import Literal

from reportlab.pdfbase.ttfonts import TTFError, TTFontFile

from linuxdoc_builders.fontconfig import fc_match

#: The line in units, and the points of a unit on Sphinx's default line.
LINE_UNITS = 93
POINTS_PER_UNIT = 5.0
#: Units per character of monospace text, and of capitals and digits in
#: the proportional fonts; other characters count one.
MODEL_MONO = 1.2
MODEL_WIDE = 1.3

_POINTSIZE = re.compile(r'^\s*([0-9.]+)\s*pt\s*$')
_MAIN_FONT = re.compile(r'\\set(?:main|roman)font\s*(?:\[[^\]]*\])?\s*'
                        r'\{([^}]+)\}')
_SANS_FONT = re.compile(r'\\setsansfont\s*(?:\[[^\]]*\])?\s*\{([^}]+)\}')
_MONO_FONT = re.compile(r'\\setmonofont\s*(\[[^\]]*\])?\s*\{([^}]+)\}'
                        r'\s*(\[[^\]]*\])?')
_SCALE = re.compile(r'Scale\s*=\s*([0-9.]+)')


#: What a text is set in: the body's font, the monospaced one, or a
#: table's header or stub (Sphinx's sans serif header, bold stub).
Kind = Literal['body', 'mono', 'heading']

#: Measured widths are counted this much wider: TeX's kerning and the
#: rounding of column widths may add a little, and a bold face is wider
#: than the regular one measured for a heading.
MARGIN = 1.05
HEADING_MARGIN = 1.1


@dataclass(frozen=True)
class TextMetrics:
    """Widths of text, in units of the line (:data:`LINE_UNITS`)."""

    #: Advance widths in em of the body's font, the monospaced one and
    #: the sans serif one, by code point; None: the model's widths.
    body: Mapping[int, float] | None = None
    mono: Mapping[int, float] | None = None
    sans: Mapping[int, float] | None = None
    #: The monospaced font's size against the body's (fontspec's Scale).
    mono_scale: float = 1.0
    #: The body's size, and the points of a unit (1/93 of the line):
    #: the model's 10pt text on a line of 465pt.
    body_size: float = 10.0
    points_per_unit: float = POINTS_PER_UNIT

    def width(self, text: str, kind: Kind) -> float:
        """``text``'s width in units, set as ``kind``: a heading is
        counted in the widest of the fonts it may be set in."""
        if self.body is None:
            if kind == 'body':
                return sum(MODEL_WIDE if c.isupper() or c.isdigit()
                           else 1.0 for c in text)
            return MODEL_MONO * len(text)
        if kind == 'heading':
            return HEADING_MARGIN / MARGIN * max(
                self.width(text, 'body'), self.width(text, 'mono'),
                self._ems(text, self.sans) * self._units(1.0))
        if kind == 'mono':
            return self._ems(text, self.mono) * self._units(self.mono_scale)
        return self._ems(text, self.body) * self._units(1.0)

    def _units(self, scale: float) -> float:
        """Units per em of a font at ``scale`` times the body's size."""
        return MARGIN * scale * self.body_size / self.points_per_unit

    def _ems(self, text: str, advances: Mapping[int, float] | None
             ) -> float:
        table = advances if advances is not None else self.body or {}
        return sum(table.get(ord(c)) or _missing(c) for c in text)


def _missing(character: str) -> float:
    """The advance of a character the font does not have (xelatex takes
    it from another): a full em where East Asian text is wide."""
    return 1.0 if unicodedata.east_asian_width(character) in 'WF' else 0.6


#: The model's measure: tests and builds whose fonts are not read.
MODEL = TextMetrics()
_current: contextvars.ContextVar[TextMetrics] = contextvars.ContextVar(
    'linuxdoc_latex_metrics', default=MODEL)


def current() -> TextMetrics:
    """The measure of the build being run (:data:`MODEL` outside one)."""
    return _current.get()


def use(fonts: str, pointsize: str, line: float
        ) -> contextvars.Token[TextMetrics]:
    """Measure with the fonts the LaTeX ``fonts`` names at ``pointsize``
    on a line of ``line`` points from now on; the token undoes it."""
    return _current.set(measure(fonts, pointsize, line))


def reset(token: contextvars.Token[TextMetrics]) -> None:
    """Back to the measure before :func:`use`."""
    _current.reset(token)


@functools.cache
def measure(fonts: str, pointsize: str, line: float) -> TextMetrics:
    """The measure of one set of settings (read once per process):
    ``fonts`` is the LaTeX that names them, the last name of each kind
    the one TeX sets.  Whatever ``latex_engine`` says: the kernel leaves
    it at ``pdflatex`` and its Makefile compiles with xelatex, which
    alone can set fonts named so."""
    main = _last(_MAIN_FONT, fonts)
    body = _advances(main.group(1).strip()) if main else None
    if body is None:
        return MODEL
    mono = _last(_MONO_FONT, fonts)
    sans = _last(_SANS_FONT, fonts)
    scale = _SCALE.search((mono.group(1) or '') + (mono.group(3) or '')) \
        if mono else None
    size = _POINTSIZE.match(pointsize)
    return TextMetrics(
        body=body, mono=_advances(mono.group(2).strip()) if mono else None,
        sans=_advances(sans.group(1).strip()) if sans else None,
        mono_scale=float(scale.group(1)) if scale else 1.0,
        body_size=float(size.group(1)) if size else 10.0,
        points_per_unit=max(line, 72.0) / LINE_UNITS)


def _last(pattern: re.Pattern[str], text: str) -> re.Match[str] | None:
    """The last match of ``pattern`` in ``text``."""
    matches = list(pattern.finditer(text))
    return matches[-1] if matches else None


@functools.cache
def _advances(family: str) -> Mapping[int, float] | None:
    """The advance widths in em of ``family``'s regular face, if
    fontconfig finds it as a file ReportLab reads."""
    for pattern in (family, f'{family}:fontformat=TrueType'):
        candidate = fc_match(pattern)
        if candidate is None:
            continue
        try:
            font = TTFontFile(str(candidate.file),
                              subfontIndex=candidate.index)
        except (TTFError, OSError):
            continue
        return {code: width / 1000.0
                for code, width in font.charWidths.items()}
    return None
