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

#: The columns that have a width, and tabulary's, which take a share of
#: what the line leaves.
SIZED = 'pmb'
FLEXIBLE = 'LCRJT'

#: LaTeX's relative widths, as a share of the text width.
RELATIVE = re.compile(r'^\s*([\d.]*)\s*\\(?:linewidth|textwidth|'
                      r'columnwidth|hsize)\s*$')


def tabular_spec(table: nodes.Element | None) -> str | None:
    """The ``.. tabularcolumns::`` spec that applies to ``table``."""
    node = tabular_spec_node(table)
    if node is None:
        return None
    spec: str = node.get('spec', '')
    return spec


def tabular_spec_node(table: nodes.Element | None) -> nodes.Element | None:
    """The ``.. tabularcolumns::`` node that applies to ``table``: the
    nearest one before it among its siblings, with no table between."""
    if table is None or table.parent is None:
        return None
    siblings = table.parent.children
    for node in reversed(siblings[:siblings.index(table)]):
        if isinstance(node, nodes.table):
            return None
        if (isinstance(node, nodes.Element)
                and node.tagname == 'tabular_col_spec'):
            return node
    return None


def parse_spec(spec: str, frame_width: float) -> list[float | None] | None:
    """The columns of a LaTeX column spec: a width in points for each
    ``p``/``m``/``b`` column, ``None`` for the others (``l``, ``c``,
    ``r``, tabulary's ``L``/``C``/``R``/``J``/``T``...).  ``None`` for a
    spec that cannot be read."""
    walked = _walk(spec)
    if walked is None:
        return None
    text, columns = walked
    return [length(text[start:end], frame_width) if kind in SIZED else None
            for start, end, kind in columns]


def with_widths(spec: str, widths: list[float | None]) -> str | None:
    """``spec`` with the width of its ``i``-th column set to
    ``widths[i]`` points where that is a number and the column is a
    ``p``/``m``/``b`` one (``*{N}{...}`` comes out written out); ``None``
    for a spec that cannot be read."""
    walked = _walk(spec)
    if walked is None:
        return None
    text, columns = walked
    out = ''
    done = 0
    for (start, end, kind), width in zip(columns, widths, strict=False):
        if kind in SIZED and width is not None:
            out += text[done:start] + f'{width:.2f}pt'
            done = end
    return out + text[done:]


def flexible_columns(spec: str) -> list[bool] | None:
    """Which columns of a spec are tabulary's (``L``/``C``/``R``/``J``/
    ``T``), which share out the line the others leave; ``None`` for a
    spec that cannot be read."""
    walked = _walk(spec)
    if walked is None:
        return None
    return [kind in FLEXIBLE for _, _, kind in walked[1]]


def _walk(spec: str) -> tuple[str, list[tuple[int, int, str]]] | None:
    """The spec written out, and its columns: where each one's width is
    in it (for ``p``/``m``/``b``), and its letter."""
    columns: list[tuple[int, int, str]] = []
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
        if char in SIZED:
            group, end = _group(text, i)
            if group is None:
                return None
            columns.append((end - 1 - len(group), end - 1, char))
            i = end
            continue
        if char.isalpha():
            columns.append((i, i, char))
            continue
        return None
    return text, columns


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


def length(text: str, frame_width: float) -> float | None:
    """A LaTeX length in points (``2.6cm``, ``0.3\\linewidth`` of
    ``frame_width``); None for one that cannot be read."""
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
