# SPDX-License-Identifier: GPL-2.0-only
"""SVG labels placed where their SVG places them.

LibreOffice writes each label of a drawing as a ``text`` element whose
position is on a ``tspan`` two levels down, around a ``tspan`` holding
the words::

    <text><tspan class="TextParagraph">
      <tspan class="TextPosition" x="4325" y="4121">
        <tspan fill="#000000">label</tspan></tspan></tspan></text>

The kernel's media book has seven such figures (bayer.svg, nv12mt.svg,
typical_media_device.svg, ...).  svglib 2.3, which rst2pdf draws SVG
with, reads ``x`` and ``y`` only from the element whose own text it is
drawing, so every label of those figures was drawn at its ``text``
element's position (none: the origin) moved right by the widths of the
labels before it: piled up in a corner, some past the page's edge.

While linuxpdf writes, svglib's text conversion first moves each such
position down to the first element inside it that holds text and has
no position of its own (:func:`positions_on_text`).

svglib sets a label whose ``font-family`` is ``sans-serif``, ``serif``,
``monospace``, Helvetica, Times or Courier (all but a few of the
kernel's) in ReportLab's base-14 faces, which are not embedded and
hold Latin-1 only: a Greek letter or an arrow in a figure was a box.
While linuxpdf writes, svglib's font map answers with the embedded face
of ``linuxdoc_pdf_fonts`` that stands in for the base-14 one
(:func:`svg_fonts_embedded`); another family is found with fontconfig,
by svglib itself, and embedded too.  A label that its face lacks a
character of is drawn in the first fallback font that has them all, or
its missing characters are reported (:func:`svg_text_fallback`): the
kernel's Chinese DOT figures drew their node labels as boxes.

svglib gives a label no opacity (a ReportLab string has none): a label
the SVG hides with ``fill-opacity="0"`` was drawn opaque, over the
label it stands behind (the kernel's selection.svg: a red
COMPOSE_PADDED over the visible one).  While linuxpdf writes, each
label is as opaque as its SVG makes it, and one it hides is not drawn
(:func:`svg_text_opacity`).
"""

from __future__ import annotations

import contextlib
import copy
import importlib
from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    from collections.abc import Callable, Iterator

    from docutils import nodes

    from linuxdoc_builders.pdf.fonts import Fallback, MissingCharacters


def positions_on_text(text: Any) -> None:
    """Give the first element with words inside each positioned
    element without words of its own (in the lxml ``text`` element) the
    ``x`` and ``y`` it does not have itself."""
    for element in text.iterdescendants():
        if not isinstance(element.tag, str) or _words(element):
            continue
        names = [n for n in ('x', 'y') if element.get(n) is not None]
        if not names:
            continue
        holder = next((inner for inner in element.iterdescendants()
                       if isinstance(inner.tag, str) and _words(inner)),
                      None)
        if holder is None:
            continue
        for name in names:
            if holder.get(name) is None:
                holder.set(name, element.get(name))


def _words(element: Any) -> bool:
    return bool((element.text or '').strip())


@contextlib.contextmanager
def _text_conversion(wrapper: Callable[[Any, Any, Any], Any]
                     ) -> Iterator[None]:
    """svglib's text conversion replaced by ``wrapper(convert, self,
    node)``, which calls ``convert`` (the conversion it replaces).

    Without svglib (rst2pdf then refuses SVG figures itself) or with
    one whose converter is no longer where 2.3 has it, nothing changes.
    """
    try:
        svglib = importlib.import_module('svglib.svglib')
    except ImportError:
        svglib = None
    converter: Any = getattr(svglib, 'Svg2RlgShapeConverter', None)
    convert = getattr(converter, 'convertText', None)
    if convert is None:
        yield
        return

    def converting(self: Any, node: Any) -> Any:
        return wrapper(convert, self, node)

    converter.convertText = converting
    try:
        yield
    finally:
        converter.convertText = convert


def svg_text_positioned() -> contextlib.AbstractContextManager[None]:
    """svglib's text conversion, calling :func:`positions_on_text`
    on each ``text`` element first."""
    def positioned(convert: Any, self: Any, node: Any) -> Any:
        positions_on_text(node.etree_element)
        return convert(self, node)

    return _text_conversion(positioned)


def svg_text_opacity() -> contextlib.AbstractContextManager[None]:
    """svglib's text conversion, each label filled as opaque as its
    ``fill-opacity`` (its own or inherited) and the ``opacity`` of it
    and its ancestors make it; not drawn where that is nothing."""
    def faded(convert: Any, self: Any, node: Any) -> Any:
        group = convert(self, node)
        alpha = _opacity(self.attrConverter, node)
        if alpha < 1:
            for label in _labels(group):
                if label.fillColor is None or alpha <= 0:
                    label.fillColor = None
                    continue
                label.fillColor = copy.copy(label.fillColor)
                label.fillColor.alpha = alpha * label.fillColor.alpha
        return group

    return _text_conversion(faded)


def _opacity(converter: Any, node: Any) -> float:
    """The share of a ``text`` element's fill that shows, 0 to 1."""
    alpha = _fraction(converter.findAttr(node, 'fill-opacity'))
    element = node
    while element is not None:
        # findAttr reads the element's style into its attributes first
        converter.findAttr(element, 'opacity')
        alpha *= _fraction(element.attrib.get('opacity', ''))
        element = element.parent
    return alpha


def _fraction(value: str) -> float:
    """An SVG opacity (``0.5``, ``50%``) as 0 to 1; 1 if not one."""
    value = value.strip()
    try:
        number = float(value[:-1]) / 100 if value.endswith('%') \
            else float(value)
    except ValueError:
        return 1.0
    return min(max(number, 0.0), 1.0)


@contextlib.contextmanager
def svg_fonts_embedded(substitutes: dict[str, str]) -> Iterator[None]:
    """svglib's font map, answering ``substitutes[face]`` where it would
    answer a base-14 ``face``
    (:func:`~linuxdoc_builders.pdf.fonts.base14_substitutes`).

    Without svglib, or with one that has no global font map (2.3 has
    it), nothing changes.
    """
    try:
        fonts = importlib.import_module('svglib.fonts')
    except ImportError:
        fonts = None
    font_map: Any = getattr(fonts, 'get_global_font_map', lambda: None)()
    find = getattr(font_map, 'find_font', None)
    if find is None or not substitutes:
        yield
        return

    def finding(font_name: str, weight: str = 'normal',
                style: str = 'normal') -> tuple[str, bool]:
        name, exact = find(font_name, weight, style)
        return substitutes.get(name, name), exact

    # ReportLab starts every drawing in its default face (Times-Roman),
    # which then sits in the PDF's resources, unembedded, though unused
    defaults: dict[str, Any] = importlib.import_module(
        'reportlab.graphics.shapes').STATE_DEFAULTS
    default_font = defaults['fontName']
    font_map.find_font = finding
    defaults['fontName'] = substitutes.get(default_font, default_font)
    try:
        yield
    finally:
        del font_map.find_font
        defaults['fontName'] = default_font


def svg_text_fallback(fallback: Fallback, missing: MissingCharacters,
                      where: Callable[[], nodes.Node | None]
                      ) -> contextlib.AbstractContextManager[None]:
    """svglib's text conversion, each label whose face lacks one of its
    characters set in the first fallback font that has them all; what
    no font has is reported at ``where()``, the node being drawn."""
    def refonted(convert: Any, self: Any, node: Any) -> Any:
        group = convert(self, node)
        for label in _labels(group):
            _refont(label, fallback, missing, where())
        return group

    return _text_conversion(refonted)


def _labels(group: Any) -> Iterator[Any]:
    """The strings of a converted drawing, in groups within groups."""
    for shape in getattr(group, 'contents', ()):
        if isinstance(getattr(shape, 'text', None), str):
            yield shape
        else:
            yield from _labels(shape)


def _refont(label: Any, fallback: Fallback, missing: MissingCharacters,
            node: nodes.Node | None) -> None:
    lacking = [char for char in label.text
               if not char.isspace() and fallback.lacks(label.fontName, char)]
    if not lacking:
        return
    font = fallback.font_for(lacking[0])
    if font is not None and not any(fallback.lacks(font, char)
                                    for char in lacking):
        label.fontName = font
        return
    for char in lacking:
        if fallback.font_for(char) is None:
            missing.add(char, node)
