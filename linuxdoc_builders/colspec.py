# SPDX-License-Identifier: GPL-2.0-only
"""The column widths a ``.. tabularcolumns::`` spec gives.

The kernel writes a LaTeX column spec before most of its wide tables
(``|p{4.4cm}|p{4.4cm}|p{8.4cm}|``); its ``p{LENGTH}`` columns are
narrower than an even share of the line.  Both PDF routes need them:
linuxpdf sizes its columns in their proportions
(:mod:`linuxdoc_builders.pdf.columns`), and linuxlatex estimates from
them how tall a table is (:mod:`linuxdoc_builders.latex.tall`).  This
module reads the spec and nothing else, so that the LaTeX route does
not import ReportLab.
"""

from __future__ import annotations

import re

from docutils import nodes

#: LaTeX lengths in points.
UNITS = {'pt': 1.0, 'bp': 1.0, 'mm': 72 / 25.4, 'cm': 72 / 2.54,
         'in': 72.0, 'em': 10.0, 'ex': 5.0, 'pc': 12.0}

#: LaTeX's relative widths, as a share of the text width.
RELATIVE = re.compile(r'^\s*([\d.]*)\s*\\(?:linewidth|textwidth|'
                      r'columnwidth|hsize)\s*$')


def tabular_spec(table: nodes.Element | None) -> str | None:
    """The ``.. tabularcolumns::`` spec that applies to ``table``: the
    nearest one before it among its siblings, with no table between."""
    if table is None or table.parent is None:
        return None
    siblings = table.parent.children
    for node in reversed(siblings[:siblings.index(table)]):
        if isinstance(node, nodes.table):
            return None
        if (isinstance(node, nodes.Element)
                and node.tagname == 'tabular_col_spec'):
            spec: str = node.get('spec', '')
            return spec
    return None


def parse_spec(spec: str, frame_width: float) -> list[float | None] | None:
    """The columns of a LaTeX column spec: a width in points for each
    ``p``/``m``/``b`` column, ``None`` for the others (``l``, ``c``,
    ``r``, tabulary's ``L``/``C``/``R``/``J``/``T``...).  ``None`` for a
    spec that cannot be read."""
    columns: list[float | None] = []
    text = _expand(spec)
    if text is None:
        return None
    i = 0
    while i < len(text):
        char = text[i]
        i += 1
        if char in '|: \t\n':
            continue
        if char in '<>@!':
            group, i = _group(text, i)
            if group is None:
                return None
            continue
        if char in 'pmb':
            group, i = _group(text, i)
            if group is None:
                return None
            columns.append(_length(group, frame_width))
            continue
        if char.isalpha():
            columns.append(None)
            continue
        return None
    return columns


def _expand(spec: str) -> str | None:
    """``spec`` with ``*{N}{COLUMNS}`` written out (N at most 200)."""
    out = ''
    i = 0
    while i < len(spec):
        if spec[i] != '*':
            out += spec[i]
            i += 1
            continue
        count, i = _group(spec, i + 1)
        body, i = _group(spec, i)
        if count is None or body is None or not count.strip().isdigit():
            return None
        times = int(count.strip()[:3])
        if times > 200:
            return None
        inner = _expand(body)
        if inner is None:
            return None
        out += inner * times
    return out


def _group(text: str, i: int) -> tuple[str | None, int]:
    """The brace group at ``text[i]`` and the index after it."""
    while i < len(text) and text[i].isspace():
        i += 1
    if i >= len(text) or text[i] != '{':
        return None, i
    depth = 0
    for j in range(i, len(text)):
        if text[j] == '{':
            depth += 1
        elif text[j] == '}':
            depth -= 1
            if depth == 0:
                return text[i + 1:j], j + 1
    return None, len(text)


def _length(text: str, frame_width: float) -> float | None:
    """A LaTeX length in points (``2.6cm``, ``0.3\\linewidth``)."""
    relative = RELATIVE.match(text)
    if relative:
        share = relative.group(1)
        try:
            return frame_width * (float(share) if share else 1.0)
        except ValueError:
            return None
    match = re.match(r'^\s*([\d.]+)\s*([a-z]{2})\s*$', text)
    if match and match.group(2) in UNITS:
        try:
            return float(match.group(1)) * UNITS[match.group(2)]
        except ValueError:
            return None
    return None
