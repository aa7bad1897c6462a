# SPDX-License-Identifier: GPL-2.0-only
"""Maths in ``linuxpdf``, drawn without matplotlib.

rst2pdf draws maths with matplotlib, which linuxpdf does not depend on
(some 60 MB with NumPy, for the 31 formulas of the whole kernel tree).
Without it rst2pdf printed a formula's LaTeX source at twice its place
on the page, and inline maths as an empty picture.  Here the source is
read (:mod:`~linuxdoc_builders.pdf.maths_source`) and drawn:

* a ``math`` block by :class:`MathFlowable`, in the body text's serif
  face: letters in italics, operators and relations spaced as LaTeX
  spaces them, sub- and superscripts smaller and shifted, fractions
  stacked over a rule, roots under a bar, ``\\left( ... \\right)`` as
  tall as what they enclose; each equation of a block (ended by a
  blank line or ``\\\\``, as in ``align*``, whose ``&`` is dropped) is
  centred on a line of its own.  An equation wider than the frame breaks
  after a relation, an operator or a comma, its further lines indented;
  a part that cannot break and is still too wide is set smaller.  A
  character the face lacks is drawn in the first fallback font that has
  it (:class:`~linuxdoc_builders.pdf.fonts.Fallback`);
* inline maths as paragraph text (:func:`markup`): italics, ReportLab's
  ``<super>``/``<sub>``, a fraction as ``a/b``.

What the reader cannot read as written (an unknown command, a brace
without its pair) is drawn as well as it can be, with a warning at the
formula's line naming the problem.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any
from xml.sax.saxutils import escape

from reportlab.lib.fonts import tt2ps
from reportlab.pdfbase import pdfmetrics
from reportlab.platypus.flowables import Flowable
from rst2pdf.basenodehandler import NodeHandler
from rst2pdf.math_flowable import HAS_MATPLOTLIB
from sphinx.locale import __
from sphinx.util import logging

from linuxdoc_builders.pdf.maths_source import (
    Atom,
    Fenced,
    Fraction,
    Node,
    Root,
    Row,
    Scripts,
    parse,
)

if TYPE_CHECKING:
    from docutils import nodes

    from linuxdoc_builders.pdf.fonts import Fallback

logger = logging.getLogger(__name__)

#: Whether rst2pdf can draw maths itself.
RST2PDF_DRAWS_MATHS: bool = bool(HAS_MATPLOTLIB)

#: Sizes: a script is this much of its base, and never below MIN_SIZE.
SCRIPT_SCALE = 0.7
MIN_SIZE = 4.5
#: Where fraction bars sit and what leans on them, in font sizes.
AXIS = 0.25
#: Spaces between kinds of atoms, in font sizes (LaTeX's medium and
#: thick spaces, and the thin one after punctuation).
MEDIUM, THICK, THIN = 4 / 18, 5 / 18, 3 / 18
#: Characters that reach below the baseline.
DESCENDERS = frozenset('gjpqy(),;[]{}|/\u230a\u230b\u2308\u2309\u27e8\u27e9'
                       '\u222b\u2211\u220f\u2032')


@dataclass(frozen=True)
class Faces:
    """The fonts maths is set in, and the fonts for what they lack."""

    upright: str
    italic: str
    bold: str
    fallback: Fallback | None = None


@dataclass
class Box:
    """Drawn maths: its extent around the baseline at x = 0 and what to
    draw, as ``(x, y, font, size, text)`` runs and ``(x, y, w, h)``
    rules."""

    width: float = 0.0
    height: float = 0.0
    depth: float = 0.0
    runs: list[tuple[float, float, str, float, str]] = \
        field(default_factory=list)
    rules: list[tuple[float, float, float, float]] = \
        field(default_factory=list)
    kind: str = 'ord'

    def place(self, other: Box, x: float, y: float) -> None:
        """Draw ``other`` with its origin at (x, y) of this box."""
        self.runs += [(x + rx, y + ry, f, s, t)
                      for rx, ry, f, s, t in other.runs]
        self.rules += [(x + rx, y + ry, w, h)
                       for rx, ry, w, h in other.rules]
        self.height = max(self.height, y + other.height)
        self.depth = max(self.depth, other.depth - y)


def text_box(text: str, font: str, size: float, faces: Faces,
             kind: str = 'ord') -> Box:
    """``text`` in ``font``, each character its font lacks in the
    fallback font that has it."""
    box = Box(kind=kind)
    for part, use in _by_font(text, font, faces):
        width = pdfmetrics.stringWidth(part, use, size)
        box.runs.append((box.width, 0.0, use, size, part))
        box.width += width
    box.height = 0.75 * size if text.strip() else 0.0
    box.depth = 0.22 * size if DESCENDERS & set(text) else 0.0
    return box


def _by_font(text: str, font: str,
             faces: Faces) -> list[tuple[str, str]]:
    parts: list[tuple[str, str]] = []
    for char in text:
        use = font
        if faces.fallback is not None and not char.isspace() and \
                faces.fallback.lacks(font, char):
            use = faces.fallback.font_for(char) or font
        if parts and parts[-1][1] == use:
            parts[-1] = (parts[-1][0] + char, use)
        else:
            parts.append((char, use))
    return parts


class Layout:
    """Boxes for the nodes of a formula, at a base size."""

    def __init__(self, faces: Faces) -> None:
        self.faces = faces

    def node(self, node: Node, size: float, display: bool) -> Box:
        if isinstance(node, Atom):
            return self.atom(node, size, display)
        if isinstance(node, Row):
            return self.row(self.items(node, size, display), size,
                            script=size < MIN_SIZE / SCRIPT_SCALE)
        if isinstance(node, Scripts):
            return self.scripts(node, size, display)
        if isinstance(node, Fraction):
            return self.fraction(node, size, display)
        if isinstance(node, Root):
            return self.root(node, size, display)
        return self.fenced(node, size, display)

    def items(self, row: Row, size: float, display: bool) -> list[Box]:
        return [self.node(item, size, display) for item in row.items]

    def atom(self, atom: Atom, size: float, display: bool) -> Box:
        faces = self.faces
        if atom.kind == 'space':
            return Box(width=float(atom.text) * size, kind='space')
        if atom.kind == 'var':
            return text_box(atom.text, faces.italic, size, faces, 'var')
        if atom.kind == 'big':
            return text_box(atom.text, faces.upright,
                            size * (1.4 if display else 1.0), faces, 'big')
        font = faces.bold if atom.bold else faces.upright
        return text_box(atom.text, font, size, faces, atom.kind)

    def row(self, boxes: list[Box], size: float, script: bool) -> Box:
        """Boxes side by side, spaced by their kinds."""
        out = Box()
        before: str | None = None
        for box in boxes:
            space, box.kind = _space(before, box.kind, script)
            out.place(box, out.width + space[0] * size, 0.0)
            out.width += space[0] * size + box.width + space[1] * size
            if box.kind != 'space':
                before = box.kind
        return out

    def scripts(self, node: Scripts, size: float, display: bool) -> Box:
        base = self.node(node.base, size, display)
        small = max(size * SCRIPT_SCALE, MIN_SIZE)
        out = Box(kind=base.kind)
        out.place(base, 0.0, 0.0)
        out.width = base.width
        sup = self.node(node.sup, small, False) if node.sup else None
        sub = self.node(node.sub, small, False) if node.sub else None
        up = max(base.height - 0.25 * size, 0.38 * size)
        down = max(base.depth + 0.05 * size, 0.2 * size)
        if sup is not None and sub is not None:
            # keep a gap between them
            gap = (up - sup.depth) - (sub.height - down)
            if gap < 0.1 * size:
                down += 0.1 * size - gap
        extra = 0.0
        if sup is not None:
            out.place(sup, base.width + 0.05 * size, up)
            extra = sup.width
        if sub is not None:
            out.place(sub, base.width + 0.02 * size, -down)
            extra = max(extra, sub.width)
        out.width = base.width + extra + 0.08 * size
        return out

    def fraction(self, node: Fraction, size: float, display: bool) -> Box:
        inner = size if display else max(size * 0.8, MIN_SIZE)
        top = self.node(node.numerator, inner, False)
        bottom = self.node(node.denominator, inner, False)
        rule = max(0.05 * size, 0.4)
        gap = 0.15 * size
        axis = AXIS * size
        width = max(top.width, bottom.width) + 0.3 * size
        out = Box(kind='inner')
        out.place(top, (width - top.width) / 2,
                  axis + rule / 2 + gap + top.depth)
        out.place(bottom, (width - bottom.width) / 2,
                  axis - rule / 2 - gap - bottom.height)
        out.rules.append((0.05 * size, axis - rule / 2, width - 0.1 * size,
                          rule))
        out.width = width
        return out

    def root(self, node: Root, size: float, display: bool) -> Box:
        body = self.node(node.body, size, display)
        tall = body.height + body.depth + 0.25 * size
        sign_size = max(size, tall / 0.95)
        sign = text_box('√', self.faces.upright, sign_size, self.faces)
        top = sign_size * 0.78 - body.depth - 0.05 * size
        rule = max(0.05 * size, 0.4)
        out = Box(kind='inner')
        index_width = 0.0
        if node.index is not None:
            index = self.node(node.index, max(size * 0.5, MIN_SIZE), False)
            out.place(index, 0.0, top * 0.55)
            index_width = max(index.width - sign.width * 0.4, 0.0)
        out.place(sign, index_width, -body.depth - 0.05 * size)
        x = index_width + sign.width
        out.place(body, x + 0.05 * size, 0.0)
        out.rules.append((x - 0.02 * size, top - rule, body.width
                          + 0.1 * size, rule))
        out.height = max(out.height, top)
        out.width = x + body.width + 0.1 * size
        return out

    def fenced(self, node: Fenced, size: float, display: bool) -> Box:
        body = self.node(node.body, size, display)
        centre = (body.height - body.depth) / 2
        reach = max(body.height - centre, body.depth + centre)
        fence_size = max(size, 2 * reach / 0.9)
        out = Box(kind='inner')
        x = 0.0
        for char, at in ((node.left, 'left'), (node.right, 'right')):
            if at == 'right':
                out.place(body, x, 0.0)
                x += body.width
            if not char:
                continue
            fence = text_box(char, self.faces.upright, fence_size,
                             self.faces)
            # a parenthesis spans about -0.2 to 0.76 of its size
            out.place(fence, x, centre - 0.28 * fence_size)
            x += fence.width
        out.width = x
        return out


#: Space before and after an atom of a kind, in font sizes (none in
#: scripts).
SPACE_AROUND = {'bin': (MEDIUM, MEDIUM), 'rel': (THICK, THICK),
                'punct': (0.0, THIN)}


def _space(before: str | None, kind: str,
           script: bool) -> tuple[tuple[float, float], str]:
    """Space before and after an atom of ``kind`` following one of
    kind ``before``, and the kind it counts as (a ``-`` that starts a
    formula is a sign, not an operator)."""
    if kind == 'bin' and before in (None, 'bin', 'rel', 'open', 'punct',
                                    'big'):
        kind = 'ord'
    space = (0.0, 0.0) if script else SPACE_AROUND.get(kind, (0.0, 0.0))
    if kind == 'rel' and before is None:
        space = (0.0, space[1])
    if not script and kind in ('var', 'num', 'inner', 'open') and \
            before in ('func', 'big'):
        space = (THIN, 0.0)
    return space, kind


#: Kinds after which a displayed formula may break between lines.
BREAK_AFTER = frozenset({'rel', 'bin', 'punct', 'text'})


@dataclass
class Line:
    """One line of a displayed formula: its box, the scale it is drawn
    at (below 1 where it cannot break and is too wide), and whether it
    continues the line before (indented) or is an equation (centred)."""

    box: Box
    scale: float
    continued: bool


class MathFlowable(Flowable):  # type: ignore[misc]
    """A displayed formula: each equation (a ``\\\\`` or a blank line
    ends one) centred on a line of its own, broken into indented lines
    where it is wider than the frame (see the module's docstring)."""

    def __init__(self, row: Row, faces: Faces, size: float) -> None:
        super().__init__()
        self._row = row
        self._layout = Layout(faces)
        self._size = size
        self._lines: list[Line] = []

    def wrap(self, avail_width: float, avail_height: float
             ) -> tuple[float, float]:
        self._lines = self._broken(avail_width)
        self.width = avail_width
        self.height = sum((line.box.height + line.box.depth) * line.scale
                          for line in self._lines) \
            + 0.4 * self._size * (len(self._lines) + 1)
        return self.width, self.height

    def _broken(self, width: float) -> list[Line]:
        """The lines of every equation, none wider than ``width``."""
        boxes = self._layout.items(self._row, self._size, True)
        equations: list[list[Box]] = [[]]
        for box in boxes:
            if box.kind == 'break':
                equations.append([])
            else:
                equations[-1].append(box)
        return [line for equation in equations if equation
                for line in self._wrapped(equation, width)]

    def _wrapped(self, boxes: list[Box], width: float) -> list[Line]:
        """One equation in lines of at most ``width``: broken after a
        relation, an operator or a comma, further lines indented."""
        size = self._size
        whole = self._layout.row(boxes, size, script=False)
        if whole.width <= width or len(boxes) < 2:
            return [Line(whole, _fit(whole, width), False)]
        indent = 2 * size
        lines: list[list[Box]] = [[]]
        used = 0.0
        room = width
        for box in boxes:
            if lines[-1] and used + box.width > room and \
                    lines[-1][-1].kind in BREAK_AFTER:
                lines.append([])
                used, room = 0.0, width - indent
            lines[-1].append(box)
            used += box.width + THICK * size
        out = []
        for number, line in enumerate(lines):
            box = self._layout.row(line, size, script=False)
            out.append(Line(box, _fit(box, width - (indent if number
                                                    else 0.0)),
                            number > 0))
        return out

    def draw(self) -> None:
        canvas = self.canv
        y = self.height - 0.4 * self._size
        for line in self._lines:
            box, scale = line.box, line.scale
            y -= box.height * scale
            x = (2 * self._size if line.continued
                 else (self.width - box.width * scale) / 2)
            canvas.saveState()
            canvas.translate(x, y)
            canvas.scale(scale, scale)
            for rx, ry, font, size, text in box.runs:
                canvas.setFont(font, size)
                canvas.drawString(rx, ry, text)
            for rx, ry, w, h in box.rules:
                canvas.rect(rx, ry, w, h, stroke=0, fill=1)
            canvas.restoreState()
            y -= box.depth * scale + 0.4 * self._size


def _fit(box: Box, width: float) -> float:
    """The scale that fits ``box`` into ``width`` (1 if it fits)."""
    return min(1.0, width / box.width) if box.width else 1.0


def markup(node: Node) -> str:
    """Inline maths as ReportLab paragraph markup."""
    if isinstance(node, Atom):
        return _atom_markup(node)
    if isinstance(node, Row):
        return ''.join(markup(item) for item in node.items).replace(
            '  ', ' ')
    if isinstance(node, Scripts):
        out = markup(node.base)
        if node.sup is not None:
            out += f'<super>{markup(node.sup).strip()}</super>'
        if node.sub is not None:
            out += f'<sub>{markup(node.sub).strip()}</sub>'
        return out
    if isinstance(node, Fraction):
        return f'{_grouped(node.numerator)}/{_grouped(node.denominator)}'
    if isinstance(node, Root):
        return f'\u221a{_grouped(node.body)}'
    return f'{escape(node.left)}{markup(node.body).strip()}' \
        f'{escape(node.right)}'


#: How atoms of a kind stand in a paragraph ({} is the text).
ATOM_MARKUP = {'space': ' ', 'var': '<i>{}</i>', 'bin': ' {} ',
               'rel': ' {} ', 'punct': '{} ', 'break': ' '}


def _atom_markup(atom: Atom) -> str:
    return ATOM_MARKUP.get(atom.kind, '{}').format(escape(atom.text))


def _grouped(node: Node) -> str:
    text = markup(node).strip()
    simple = isinstance(node, Atom) or (
        isinstance(node, Row) and len(node.items) == 1
        and isinstance(node.items[0], Atom))
    return text if simple else f'({text})'


def faces_of(client: Any, fallback: Fallback | None) -> tuple[Faces, float]:
    """The body text's face and size, its italic and bold."""
    style = client.styles['normal']
    font = style.fontName
    return Faces(font, _variant(font, italic=True),
                 _variant(font, bold=True), fallback), style.fontSize


def _variant(font: str, bold: bool = False, italic: bool = False) -> str:
    try:
        return str(tt2ps(font, int(bold), int(italic)))
    except ValueError:
        return font


class MathHandler(NodeHandler):  # type: ignore[misc]
    """rst2pdf's handler for ``math_block`` nodes where it has no
    matplotlib: the formula drawn (:class:`MathFlowable`)."""

    def __init__(self, fallback: Fallback | None = None) -> None:
        super().__init__()
        self.fallback = fallback

    def gather_elements(self, client: Any, node: nodes.Element,
                        style: Any) -> list[Flowable]:
        formula = parse(node.astext())
        _warn_once(node, formula.problems)
        faces, size = faces_of(client, self.fallback)
        return [MathFlowable(formula.row, faces, size)]


class InlineMathHandler(NodeHandler):  # type: ignore[misc]
    """rst2pdf's handler for inline ``math`` nodes where it has no
    matplotlib: the formula as paragraph text (:func:`markup`)."""

    def get_text(self, client: Any, node: nodes.Element,
                 replace_ent: bool) -> str:
        formula = parse(node.astext())
        _warn_once(node, formula.problems)
        return markup(formula.row).strip()


def _warn_once(node: nodes.Element, problems: list[str]) -> None:
    """Warn at ``node`` once: rst2pdf may lay a document out twice (for
    its contents)."""
    if problems and not node.get('linuxdoc_maths_warned'):
        node['linuxdoc_maths_warned'] = True
        logger.warning(__('maths drawn as well as it can be read: %s'),
                       '; '.join(problems), location=node,
                       type='linuxdoc', subtype='pdf')
