# SPDX-License-Identifier: GPL-2.0-only
"""Columns of a given width made wide enough for their text.

The kernel gives most of its wide tables a spec of ``p{LENGTH}`` columns
(``.. tabularcolumns::``) or ``:widths:``, and some of those columns are
narrower than a word of theirs: the 0.22cm bit columns of the media bus
formats hold ``b``\\ :sub:`11`, the ``:widths: 3 1 4`` of the buffer
capabilities give ``0x00000080`` an eighth of the line, a narrow header
holds Sphinx's footnote mark ``Page 148, 1``.  LaTeX sets such a word
past its column's edge, under the next column's colour.  Some specs are
stale: ``struct media_entity_desc`` has four columns and a spec of five,
so its descriptions land in a 1.5cm column and one of them is taller
than a page.

:func:`fit_given_widths` widens each ``p``/``m``/``b`` column of the
spec (or each column of ``:widths:``) to its longest unbreakable piece
of text (:mod:`linuxdoc_builders.latex.widths`), and a column with a
paragraph taller than a page to what sets it in half a page, taking
the width from the line the table leaves free, then from columns wider
than their own text needs.  A spec wider than the line is first
narrowed to it.  Where the line has no room, the whole table is set
smaller until its text fits; below 90 % of the font size a warning says
so at the table's line.  It measures the text at the size the document
sets it: the paper, margins and point size of ``latex_elements``, and a
size command (``\\tiny``...) and ``\\tabcolsep`` that raw LaTeX before
the table sets.  The widths are rewritten in the doctree, so the writer
and the height estimate (:mod:`linuxdoc_builders.latex.tall`) both read
the fitted ones.  A spec with tabulary's ``L``/``C``/``R``/``J`` columns
is left to tabulary.
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from typing import TYPE_CHECKING

from docutils import nodes
from sphinx.locale import __
from sphinx.util import logging

from linuxdoc_builders.colspec import (
    flexible_columns,
    length,
    parse_spec,
    tabular_spec_node,
    with_widths,
)
from linuxdoc_builders.latex.metrics import current
from linuxdoc_builders.latex.widths import (
    ANYWHERE_ATTRIBUTE,
    MIN_SCALE,
    PAGE_LINES,
    SCRIPT,
    cell_extent,
)
from linuxdoc_builders.table_messages import lined
from linuxdoc_builders.widths import WARN_BELOW_SCALE

if TYPE_CHECKING:
    from sphinx.config import Config

    from linuxdoc_builders.table_nodes import PlacedTGroup

logger = logging.getLogger(__name__)

#: Paper widths in points (``latex_elements['papersize']``).
PAPER = {'a4paper': 597.5, 'letterpaper': 614.25, 'a5paper': 421.1,
         'b5paper': 501.7, 'legalpaper': 614.25, 'executivepaper': 523.9}
#: Paper heights in points.
PAPER_HEIGHT = {'a4paper': 845.0, 'letterpaper': 795.0, 'a5paper': 597.5,
                'b5paper': 711.3, 'legalpaper': 1011.7,
                'executivepaper': 759.0}
#: Sphinx's default margins (``hmargin`` and ``vmargin``), in points.
HMARGIN = 72.27
#: The sizes of LaTeX's size commands in points, for each class size.
SIZES = {
    10: {'tiny': 5.0, 'scriptsize': 7.0, 'footnotesize': 8.0,
         'small': 9.0, 'normalsize': 10.0, 'large': 12.0},
    11: {'tiny': 6.0, 'scriptsize': 8.0, 'footnotesize': 9.0,
         'small': 10.0, 'normalsize': 10.95, 'large': 12.0},
    12: {'tiny': 6.0, 'scriptsize': 8.0, 'footnotesize': 10.0,
         'small': 10.95, 'normalsize': 12.0, 'large': 14.4},
}
#: The size of sub- and superscripts for each size of text, in points
#: (LaTeX's \scriptstyle; none is below 5pt).  Other sizes (a table set
#: smaller) take LaTeX's default ratio, :data:`SCRIPT`.
SCRIPT_SIZES = {5.0: 5.0, 6.0: 5.0, 7.0: 5.0, 8.0: 6.0, 9.0: 6.0,
                10.0: 7.0, 10.95: 8.0, 12.0: 8.0, 14.4: 10.0}
#: How much wider than the estimate (:mod:`linuxdoc_builders.latex.widths`)
#: a column is made where there is room: the model's estimate is about
#: the page, not the font (the kernel's DejaVu fonts run up to a fifth
#: wider), and a measured font's bold face is wider than its regular.
MARGIN = 1.25
#: A table whose given columns have no room for their text is set
#: smaller, by steps of this much, down to :func:`least_scale` (its
#: text at :data:`~linuxdoc_builders.latex.widths.MIN_SCALE` of the
#: body's size).
SCALE_STEP = 0.05
#: The table's attribute that tells the translator how much smaller.
SCALE_ATTRIBUTE = 'linuxdoc_scale'
#: LaTeX's default \tabcolsep, in points.
TABCOLSEP = 6.0
#: Points left free of the line, for the rules between columns.
_RULES = 4.0
_SIZE = re.compile(r'\\(tiny|scriptsize|footnotesize|small|normalsize|'
                   r'large)\b|\\(endgroup)\b')
_TABCOLSEP = re.compile(r'\\setlength\s*\{?\s*\\tabcolsep\s*\}?\s*'
                        r'\{([^}]*)\}|\\(endgroup)\b')


@dataclass(frozen=True)
class Setting:
    """How the text of a table is set: its font size and the padding on
    each side of a column, in points."""

    size: float
    tabcolsep: float
    #: The document's text height against Sphinx's default layout's
    #: (:func:`page_share`).
    page: float = 1.0

    def points(self, units: float) -> float:
        """The points of a width measured in units of the body's font
        (:mod:`~linuxdoc_builders.latex.metrics`)."""
        measure = current()
        return units * measure.points_per_unit * self.size \
            / measure.body_size

    def scaled(self, scale: float) -> Setting:
        """This setting at ``scale`` times its size (``\\linuxdocscaled``
        shrinks the column separation with the text)."""
        return Setting(self.size * scale, self.tabcolsep * scale, self.page)

    @property
    def script(self) -> float:
        """The size of sub- and superscripts against the text's."""
        return SCRIPT_SIZES.get(self.size, SCRIPT * self.size) / self.size

    @property
    def page_lines(self) -> float:
        """The lines of this size a page holds."""
        return PAGE_LINES * 10 / self.size * self.page


def line_width(config: Config) -> float:
    """The text width of the LaTeX document, in points, from its paper
    size and ``hmargin`` in ``latex_elements``."""
    return _text_extent(config, PAPER, 'hmargin')


def page_share(config: Config) -> float:
    """The text height of the LaTeX document (its paper size and
    ``vmargin``) against that of Sphinx's default layout, which
    :data:`~linuxdoc_builders.latex.widths.PAGE_LINES` counts: the
    kernel's A4 page holds 8 % more."""
    return _text_extent(config, PAPER_HEIGHT, 'vmargin') / (
        PAPER_HEIGHT['letterpaper'] - 2 * HMARGIN)


def _text_extent(config: Config, papers: dict[str, float], margin: str
                 ) -> float:
    """The paper's width or height, less the two ``margin`` that
    ``sphinxsetup`` gives (Sphinx's default: an inch each)."""
    elements = config.latex_elements or {}
    paper = papers.get(str(elements.get('papersize', 'letterpaper')),
                       papers['letterpaper'])
    margins = [HMARGIN, HMARGIN]
    match = re.search(margin + r'\s*=\s*(\{[^}]*\}|[^,\s]+)',
                      str(elements.get('sphinxsetup', '')))
    if match:
        given = [length(x, paper)
                 for x in match.group(1).strip('{}').split(',')]
        if len(given) == 1:
            given *= 2
        if len(given) == 2 and None not in given:
            margins = [x for x in given if x is not None]
    return paper - margins[0] - margins[1]


def setting_of(table: nodes.Element, config: Config) -> Setting:
    """The font size and ``\\tabcolsep`` raw LaTeX before ``table`` sets
    (the nearest command among its earlier siblings; ``\\endgroup``
    ends what was set before it)."""
    sizes = _class_sizes(config)
    size = _last_set(table, _SIZE)
    colsep = _last_set(table, _TABCOLSEP)
    return Setting(sizes.get(size or 'normalsize', sizes['normalsize']),
                   (length(colsep, 0.0) if colsep else None) or TABCOLSEP,
                   page_share(config))


def _class_sizes(config: Config) -> dict[str, float]:
    """The sizes of LaTeX's size commands in the document's class size
    (``latex_elements['pointsize']``)."""
    elements = config.latex_elements or {}
    body = str(elements.get('pointsize', '10pt')).removesuffix('pt')
    return SIZES.get(int(body) if body.isdigit() else 10, SIZES[10])


def text_size(table: nodes.Element, config: Config) -> float:
    """The size raw LaTeX before ``table`` sets its text at, against the
    body's."""
    return setting_of(table, config).size / _class_sizes(config)[
        'normalsize']


def least_scale(setting: Setting, config: Config) -> float:
    """The smallest share of its size a table set at ``setting`` may be
    shrunk to: what keeps its text at
    :data:`~linuxdoc_builders.latex.widths.MIN_SCALE` of the body's size.
    A table the source already sets ``\\tiny`` (the kernel's media bus
    formats: 6pt in an 11pt document) may shrink little or not at all;
    shrunk by the same share as others, it was set at 4pt."""
    body = _class_sizes(config)['normalsize']
    return min(1.0, MIN_SCALE * body / setting.size)


def _last_set(table: nodes.Element, command: re.Pattern[str]) -> str | None:
    """What the nearest ``command`` in raw LaTeX before ``table`` sets;
    None where an ``\\endgroup`` comes first, or there is none."""
    parent = table.parent
    if parent is None:
        return None
    siblings = parent.children
    for node in reversed(siblings[:siblings.index(table)]):
        if not isinstance(node, nodes.raw) or \
                'latex' not in node.get('format', '').split():
            continue
        found = list(command.finditer(node.astext()))
        if found:
            last = found[-1]
            return None if last.group(2) else last.group(1)
    return None


def fit_given_widths(table: nodes.Element, placed: PlacedTGroup,
                     config: Config) -> None:
    """Fit the columns of ``table``'s ``tabularcolumns`` spec, or else of
    its ``:widths:``, to the line and to their text, in the doctree, or
    have the table set smaller (see the module's docstring)."""
    n_cols = placed.grid.n_cols
    spec_node = tabular_spec_node(table)
    colspecs = [c for c in placed.tgroup.children
                if isinstance(c, nodes.colspec)]
    shares_given = 'colwidths-given' in table.get('classes', []) and \
        len(colspecs) == n_cols
    if spec_node is None and not shares_given:
        return
    line = line_width(config) - _RULES
    setting = setting_of(table, config)
    widths: list[float | None]
    if spec_node is not None:
        given = parse_spec(spec_node.get('spec', ''), line)
        flexible = flexible_columns(spec_node.get('spec', ''))
        # tabulary shares the line out itself, between its L/C/R/J
        # columns
        if given is None or flexible is None or any(flexible[:n_cols]):
            return
        widths = (given + [None] * n_cols)[:n_cols]
    else:
        # Sphinx's \X{share}{total}: the share of the line, less the
        # padding
        shares = [c.get('colwidth', 1) for c in colspecs]
        widths = [max(1.0, line * s / sum(shares) - 2 * setting.tabcolsep)
                  for s in shares]
    # the text measured once for each size of its scripts
    measured: dict[float, _Asked] = {}

    def fit(setting: Setting) -> tuple[list[float | None] | None, float,
                                       float, float]:
        if setting.script not in measured:
            measured[setting.script] = _asked(placed, setting.script)
        return _fitted(widths, measured[setting.script], setting, line)

    fitted, short, short_of_margin, unfit = fit(setting)
    # set smaller, the text needs less and the padding gives room
    scale, least = 1.0, least_scale(setting, config)
    while short + short_of_margin > 0.5 and scale > least + 0.01:
        scale = max(least, round(scale - SCALE_STEP, 2))
        fitted, short, short_of_margin, unfit = fit(setting.scaled(scale))
    if scale < 1:
        _set_smaller(table, scale)
    if unfit > 0.5:
        table[ANYWHERE_ATTRIBUTE] = True
        logger.warning(__('a column of this table is too narrow for its '
                          'words, and the line has no room to widen it, '
                          'even at %d%% of the font size: they break '
                          'between any two characters, the rest of a word '
                          'marked (give it wider columns)'),
                       round(scale * 100), location=lined(table),
                       type='linuxdoc', subtype='latex_width')
    if fitted is None:
        return
    if spec_node is not None:
        new_spec = with_widths(spec_node['spec'], fitted)
        if new_spec is None:
            return
        logger.verbose(__('tabularcolumns fitted to the line and to the '
                          'text: %s is now %s'), spec_node['spec'], new_spec,
                       location=lined(table))
        spec_node['spec'] = new_spec
    else:
        before = [c.get('colwidth', 1) for c in colspecs]
        for colspec, width in zip(colspecs, fitted, strict=True):
            colspec['colwidth'] = max(1, round(
                ((width or 0.0) + 2 * scale * setting.tabcolsep) * 10))
        logger.verbose(__(':widths: fitted to the text: %s are now %s'),
                       before,
                       [c['colwidth'] for c in colspecs],
                       location=lined(table))


def _set_smaller(table: nodes.Element, scale: float) -> None:
    """Have the translator set ``table`` at ``scale`` times its size
    (``\\linuxdoctablestart``), and say so: a warning below
    :data:`~linuxdoc_builders.widths.WARN_BELOW_SCALE`, else with
    ``-v``."""
    table[SCALE_ATTRIBUTE] = scale
    say = logger.warning if scale < WARN_BELOW_SCALE else logger.verbose
    say(__('the columns given to this table are too narrow for its text, '
           'and the line has no room to widen them: set at %d%% of the '
           'font size (give it wider columns)'), round(scale * 100),
        location=lined(table), type='linuxdoc', subtype='latex_width')


def _fitted(widths: list[float | None], asked: _Asked, setting: Setting,
            line: float
            ) -> tuple[list[float | None] | None, float, float, float]:
    """The columns' widths, in points, narrowed to the line if they are
    wider and with those narrower than their text widened (``None``:
    none is changed), the points still lacking, those lacking for the
    margin, and those the columns lack for their longest pieces alone
    (a tall paragraph aside: its words still fit).

    Where the room is short, each column first gets its text's estimated
    width, then what is left goes to the :data:`MARGIN` above it.  A
    column without a width (``l``) takes its longest paragraph."""
    need = [setting.points(u) for u in asked.need]
    natural = [setting.points(u) for u in asked.natural]
    # the width that sets a column's longest paragraph in half a page
    half = [n / (setting.page_lines / 2) for n in natural]
    # a spec wider than the line is narrowed to it, in proportion
    sized = sum(w for w in widths if w is not None)
    rest = sum(n for w, n in zip(widths, natural, strict=True)
               if w is None) + 2 * setting.tabcolsep * len(widths)
    narrowed = sized + rest > line + 0.5 and line - rest > sized / 4
    if narrowed:
        widths = [w * (line - rest) / sized if w is not None else None
                  for w in widths]
    # a paragraph taller than a page asks for half a page
    tall = [h if w is not None and n / w > setting.page_lines else 0.0
            for w, n, h in zip(widths, natural, half, strict=True)]
    # what each column lacks for its text, and then for the margin
    bare = _lacking(widths, need, tall, 1.0)
    more = [m - b for m, b in zip(_lacking(widths, need, tall, MARGIN), bare,
                                  strict=True)]
    if sum(bare) + sum(more) <= 0.01:
        return (widths if narrowed else None), 0.0, 0.0, 0.0
    free = max(0.0, line - rest - sum(w for w in widths if w is not None))
    # what a column can give: its width beyond its longest piece (and
    # the margin) and beyond what keeps its cells in half a page
    spare = [max(0.0, w - max(MARGIN * n, h))
             if w is not None and not b + m else 0.0
             for w, n, h, b, m in zip(widths, need, half, bare, more,
                                      strict=True)]
    room = free + sum(spare)
    given_bare = min(sum(bare), room)
    given_more = min(sum(more), room - given_bare)
    taken = max(0.0, given_bare + given_more - free)
    fitted: list[float | None] = []
    for width, b, m, give in zip(widths, bare, more, spare, strict=True):
        if width is None:
            fitted.append(None)
        elif b + m:
            fitted.append(width + _share(b, bare, given_bare)
                          + _share(m, more, given_more))
        else:
            fitted.append(width - _share(give, spare, taken))
    unfit = sum(max(0.0, n - f) for f, n in zip(fitted, need, strict=True)
                if f is not None)
    return fitted, sum(bare) - given_bare, sum(more) - given_more, unfit


def _lacking(widths: list[float | None], need: list[float],
             tall: list[float], margin: float) -> list[float]:
    """How much each column lacks for ``margin`` times its longest piece
    and for its tallest paragraph."""
    return [max(0.0, max(margin * n, t) - w) if w is not None else 0.0
            for w, n, t in zip(widths, need, tall, strict=True)]


def _share(part: float, parts: list[float], total: float) -> float:
    """``part``'s share of ``total``, shared in proportion to ``parts``."""
    return part * total / sum(parts) if part else 0.0


@dataclass
class _Asked:
    """What a table's text asks of each column, in units of the 10pt
    font (:mod:`linuxdoc_builders.latex.widths`)."""

    need: list[float]     # its longest piece of text
    natural: list[float]  # its longest paragraph on one line


def _asked(placed: PlacedTGroup, script: float) -> _Asked:
    """What the cells of one column each ask of their column, their sub-
    and superscripts ``script`` times their size (cells spanning
    columns have the room of all of them, and ask nothing).  A cell of
    many paragraphs may be taller than a page: the LaTeX writer cuts it
    between them (:mod:`linuxdoc_builders.latex.tall`), so only a
    paragraph's length counts."""
    n_cols = placed.grid.n_cols
    asked = _Asked([0.0] * n_cols, [0.0] * n_cols)
    for entry, cell in placed.placed_entries():
        if cell.colspan != 1:
            continue
        extent = cell_extent(entry, cell.is_header or cell.is_stub, script)
        asked.need[cell.col] = max(asked.need[cell.col], extent.need)
        asked.natural[cell.col] = max(asked.natural[cell.col], extent.want)
    return asked
