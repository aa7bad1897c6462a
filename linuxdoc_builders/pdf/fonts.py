# SPDX-License-Identifier: GPL-2.0-only
"""Fonts for linuxpdf: real faces, embedded and subset, with a fallback
font for every character the face in use does not have.

rst2pdf sets text in ReportLab's base-14 fonts (Helvetica, Times,
Courier), which are not embedded and hold Latin-1 only: every other
character (Greek, Cyrillic, ``≤ → ┌─┐``, Chinese, ...) was drawn as a box,
and nothing said so.  Here:

* the serif, sans and monospaced families (``linuxdoc_pdf_fonts``,
  DejaVu by default: Debian's fonts-dejavu-core and fonts-dejavu-extra)
  are found with fontconfig (``fc-match``) and given to rst2pdf as its
  ``fontSerif`` ... ``fontMonoBoldItalic`` aliases, through a stylesheet
  written for the build (:func:`font_stylesheet`).  ReportLab embeds
  TrueType outlines only, and always as a subset of the glyphs used;
  a family fontconfig does not have, or has with PostScript (CFF)
  outlines, is left to rst2pdf's default, with a warning;
* a character that the font of its text lacks is set in the first font
  of ``linuxdoc_pdf_fallback_fonts`` that has it (:class:`Fallback`),
  by splitting ReportLab's paragraph fragments
  (:func:`fragments_with_fallback`);
* a character that no font has is reported once per document and
  script, with the characters and a Debian package that has them
  (:class:`MissingCharacters`).
"""

from __future__ import annotations

import json
from dataclasses import dataclass, field
from pathlib import Path
from typing import TYPE_CHECKING, Any

from docutils.utils import get_source_line
from reportlab.pdfbase import pdfmetrics
from reportlab.pdfbase.ttfonts import TTFError, TTFont
from sphinx.locale import __
from sphinx.util import logging

from linuxdoc_builders import fontconfig
from linuxdoc_builders.fontconfig import listed, script, shaping_script

if TYPE_CHECKING:
    from collections.abc import Iterable, Sequence

    from docutils import nodes

logger = logging.getLogger(__name__)

#: The families of rst2pdf's font aliases (``fontSerif``, ``fontSans``,
#: ``fontMono``), by the key of ``linuxdoc_pdf_fonts``.
ROLES = {'serif': 'Serif', 'sans': 'Sans', 'mono': 'Mono'}

#: rst2pdf's alias suffix for each style, and how fontconfig asks for it.
STYLES = {'': '', 'Bold': ':bold', 'Italic': ':italic',
          'BoldItalic': ':bold:italic'}

DEFAULT_FONTS = {'serif': 'DejaVu Serif', 'sans': 'DejaVu Sans',
                 'mono': 'DejaVu Sans Mono'}

#: Families with TrueType outlines that Debian packages: symbols and
#: most alphabets (DejaVu), Chinese, Japanese and Korean (WenQuanYi Zen
#: Hei, then Droid Sans Fallback), Indic, Arabic, Hebrew, Thai and
#: Ethiopic (FreeSerif of fonts-freefont-ttf, the faces the LaTeX route
#: sets them in), then Noto's.
DEFAULT_FALLBACK_FONTS = [
    'DejaVu Sans', 'DejaVu Serif', 'WenQuanYi Zen Hei',
    'Droid Sans Fallback', 'FreeSerif', 'Noto Sans Devanagari',
    'Noto Sans Thai',
    'Noto Sans Bengali', 'Noto Sans Tamil', 'Noto Sans Math',
    'Noto Sans Symbols', 'Noto Sans Symbols2']

#: The Debian package with glyphs for a script
#: (:func:`~linuxdoc_builders.fontconfig.script`).
PACKAGES = {'CJK': 'fonts-wqy-zenhei'}
OTHER_PACKAGE = 'fonts-noto-core'


def fc_match(pattern: str) -> fontconfig.Face | None:
    """The TrueType face fontconfig gives for ``pattern`` (ReportLab
    embeds no other outlines), or None."""
    face = fontconfig.fc_match(f'{pattern}:fontformat=TrueType')
    return face if face is not None and face.outlines == 'TrueType' \
        else None


def family_faces(family: str) -> dict[str, fontconfig.Face] | None:
    """Regular, bold, italic and bold italic of ``family`` as ``.ttf``
    files (what rst2pdf embeds by name), or None."""
    faces = {}
    for suffix, query in STYLES.items():
        face = fc_match(family + query)
        if face is None or face.file.suffix.lower() != '.ttf':
            return None
        faces[suffix] = face
    return faces


#: ReportLab's base-14 faces of each role, in the order of STYLES.
BASE14 = {'serif': ('Times-Roman', 'Times-Bold', 'Times-Italic',
                    'Times-BoldItalic'),
          'sans': ('Helvetica', 'Helvetica-Bold', 'Helvetica-Oblique',
                   'Helvetica-BoldOblique'),
          'mono': ('Courier', 'Courier-Bold', 'Courier-Oblique',
                   'Courier-BoldOblique')}


def base14_substitutes(fonts: dict[str, str]) -> dict[str, str]:
    """For each base-14 face, the embedded face of ``fonts`` (role:
    family) that stands in for it, by the name rst2pdf registers it
    under (the file name without ``.ttf``)."""
    substitutes = {}
    for role, family in fonts.items():
        faces = family_faces(family) if role in BASE14 else None
        if faces is None:
            continue
        for base, style in zip(BASE14[role], STYLES, strict=True):
            substitutes[base] = faces[style].file.stem
    return substitutes


def font_stylesheet(fonts: dict[str, str], path: Path) -> list[str]:
    """Write the stylesheet that gives rst2pdf's font aliases the faces
    of ``fonts`` (role: family) to ``path``; warn of a family that cannot
    be used.  Returns the directories rst2pdf must search for the files
    (``pdf_font_path``): it registers an embedded ``.ttf`` under its file
    name without the extension, and maps bold and italic by the names as
    given, so they are given as bare file names."""
    embedded: list[list[str]] = []
    aliases: dict[str, str] = {}
    directories: list[str] = []
    for role, family in fonts.items():
        faces = family_faces(family)
        if faces is None:
            logger.warning(
                __('linuxdoc_pdf_fonts: no TrueType font of the family '
                   '%r (for %s text) is installed; rst2pdf\'s own font '
                   'is used, which has Latin-1 only (Debian: '
                   'fonts-dejavu-core and fonts-dejavu-extra have '
                   'DejaVu)'), family, role,
                type='linuxdoc', subtype='fonts')
            continue
        embedded.append([faces[s].file.name for s in STYLES])
        for suffix, face in faces.items():
            aliases[f'font{ROLES[role]}{suffix}'] = face.file.stem
            if str(face.file.parent) not in directories:
                directories.append(str(face.file.parent))
    path.parent.mkdir(parents=True, exist_ok=True)
    # JSON is YAML, which rst2pdf reads stylesheets as
    path.write_text(json.dumps({'embeddedFonts': embedded,
                                'fontsAlias': aliases}, indent=1),
                    encoding='utf-8')
    return directories


def _ttf_characters(font: TTFont) -> frozenset[int]:
    return frozenset(font.face.charToGlyph)


class Fallback:
    """The fonts that have what a font lacks, registered when first
    needed (a CJK font takes a moment to read)."""

    def __init__(self, families: Sequence[str]) -> None:
        self._families = list(families)
        self._loaded: list[tuple[str, frozenset[int]]] = []
        self._covers: dict[str, frozenset[int] | None] = {}
        self._choice: dict[int, str | None] = {}
        self._ascii: dict[str, bool] = {}

    def covers(self, font_name: str) -> frozenset[int] | None:
        """The characters of a registered font; None for all (a font
        ReportLab does not read as TrueType: its own Type 1 ones are
        checked by :meth:`lacks`)."""
        if font_name not in self._covers:
            font = pdfmetrics.getFont(font_name)
            self._covers[font_name] = (_ttf_characters(font)
                                       if isinstance(font, TTFont) else None)
        return self._covers[font_name]

    def has_ascii(self, font_name: str) -> bool:
        """Whether a font has every printable ASCII character (text
        that is all ASCII needs no look at each character then)."""
        if font_name not in self._ascii:
            self._ascii[font_name] = not any(
                self.lacks(font_name, chr(code)) for code in range(32, 127))
        return self._ascii[font_name]

    def lacks(self, font_name: str, char: str) -> bool:
        covered = self.covers(font_name)
        if covered is not None:
            return ord(char) not in covered
        if font_name in ('Symbol', 'ZapfDingbats'):
            return False
        # the base-14 text fonts: what their encoding, WinAnsi, holds
        try:
            char.encode('cp1252')
        except UnicodeEncodeError:
            return True
        return False

    def font_for(self, char: str) -> str | None:
        """The first fallback font that has ``char``, or None."""
        code = ord(char)
        if code in self._choice:
            return self._choice[code]
        for name, covered in self._loaded:
            if code in covered:
                self._choice[code] = name
                return name
        while self._families:
            loaded = self._load(self._families.pop(0))
            if loaded is not None and code in loaded[1]:
                self._choice[code] = loaded[0]
                return loaded[0]
        self._choice[code] = None
        return None

    def _load(self, family: str) -> tuple[str, frozenset[int]] | None:
        face = fc_match(family)
        if face is None:
            return None
        name = f'linuxdoc-fallback-{face.file.stem}-{face.index}'
        try:
            font = pdfmetrics.getFont(name)
        except KeyError:
            try:
                font = TTFont(name, str(face.file),
                              subfontIndex=face.index)
            except (TTFError, OSError) as error:
                logger.warning(__('linuxpdf: cannot read the font %s: %s'),
                               face.file, error, type='linuxdoc',
                               subtype='fonts')
                return None
            pdfmetrics.registerFont(font)
        loaded = (name, _ttf_characters(font))
        self._loaded.append(loaded)
        return loaded


@dataclass
class MissingCharacters:
    """Characters no font has, and those drawn but not shaped, by where
    they are and their script."""

    #: (document's source, script) -> the first node and the characters
    found: dict[tuple[str, str], tuple[nodes.Node | None, set[str]]] = \
        field(default_factory=dict)
    #: the same for characters that are drawn but not shaped
    unshaped: dict[tuple[str, str], tuple[nodes.Node | None, set[str]]] = \
        field(default_factory=dict)

    def add(self, char: str, node: nodes.Node | None) -> None:
        _note(self.found, char, node)

    def add_unshaped(self, char: str, node: nodes.Node | None) -> None:
        _note(self.unshaped, char, node)

    def report(self) -> None:
        """One warning per document and script."""
        for (_, name), (node, chars) in sorted(
                self.found.items(), key=lambda item: item[0]):
            logger.warning(
                __('no installed font has these %s characters; they are '
                   'drawn as boxes: %s (Debian: install %s)'),
                name.lower(), listed(chars), PACKAGES.get(name, OTHER_PACKAGE),
                location=node, type='linuxdoc', subtype='fonts')
        for (_, name), (node, chars) in sorted(
                self.unshaped.items(), key=lambda item: item[0]):
            logger.warning(
                __('%s text is drawn but not shaped: linuxpdf sets its '
                   'characters one by one, left to right, so letters are '
                   'not joined, reordered or set right to left (%s); '
                   'linuxlatex with xelatex shapes it'),
                name.lower(), listed(chars, 8), location=node,
                type='linuxdoc', subtype='fonts')


def _note(found: dict[tuple[str, str], tuple[nodes.Node | None, set[str]]],
          char: str, node: nodes.Node | None) -> None:
    source = get_source_line(node)[0] if node is not None else None
    key = (source or '', script(char))
    if key not in found:
        found[key] = (node, set())
    found[key][1].add(char)


def fragments_with_fallback(frags: Iterable[Any], fallback: Fallback,
                            missing: MissingCharacters,
                            node: nodes.Node | None) -> list[Any]:
    """ReportLab's paragraph fragments, each split where its characters
    need another font: a run its font lacks goes to the fallback font
    that has it, and a character none has stays (and is reported)."""
    out: list[Any] = []
    for frag in frags:
        text = getattr(frag, 'text', None)
        name = getattr(frag, 'fontName', None)
        if not isinstance(text, str) or not text or name is None or (
                text.isascii() and fallback.has_ascii(name)):
            out.append(frag)
            continue
        order: list[tuple[str, str]] = []
        for char in text:
            use = name
            if char not in '\n\t ' and fallback.lacks(name, char):
                use = fallback.font_for(char) or name
                if use == name:
                    missing.add(char, node)
            if shaping_script(char):
                missing.add_unshaped(char, node)
            if order and order[-1][0] == use:
                order[-1] = (use, order[-1][1] + char)
            else:
                order.append((use, char))
        if len(order) == 1 and order[0][0] == name:
            out.append(frag)
            continue
        out.extend(frag.clone(text=part, fontName=use)
                   for use, part in order)
    return out
