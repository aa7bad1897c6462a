# SPDX-License-Identifier: GPL-2.0-only
"""Overfull boxes in tables, from LaTeX's log back to the reST source.

An overfull box is text LaTeX could not fit: it runs past its cell or the
page.  LaTeX reports it in the ``.log`` only, by line of the ``.tex``
file, and ``make latexpdf`` runs LaTeX after Sphinx has finished, so no
Sphinx warning can say it.  The translator writes a comment before each
table with its source file and line (:data:`TABLE_MARK`) and one after it
(:data:`TABLE_END_MARK`); :func:`overfull_tables` reads both files and
says which tables hold overfull boxes.

After ``make -C _build/latex`` (or ``sphinx-build -M latexpdf``)::

    linuxdoc-latex-overfull _build/latex

prints one warning per such table, as ``FILE:LINE: WARNING: ...`` with
FILE relative to the source directory, and exits with status 1 if there
is any.
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from pathlib import Path

from linuxdoc_builders.latex.logs import run

#: The comment the translator writes before each table, then
#: ``SOURCE:LINE`` (relative to the source directory); and the one after
#: it.
TABLE_MARK = '% linuxdoc-table '
TABLE_END_MARK = '% linuxdoc-table-end'

_OVERFULL = re.compile(
    r'^Overfull \\hbox \((?P<points>[\d.]+)pt too wide\) '
    r'(?:in paragraph at lines (?P<line>\d+)--\d+'
    r'|in alignment at lines (?P<aligned>\d+)--\d+'
    r'|detected at line (?P<detected>\d+))')


@dataclass(frozen=True)
class OverfullTable:
    """A table of the ``.tex`` file whose cells LaTeX overfilled."""

    #: ``SOURCE:LINE`` of the table, as the translator wrote it.
    location: str
    #: How many overfull boxes, and the widest, in points.
    boxes: int
    widest: float
    #: The ``.tex`` file and its lines the table takes.
    tex: Path
    first_line: int
    last_line: int


def table_lines(tex: str) -> list[tuple[int, int, str]]:
    """``(first, last, location)`` of each marked table, by ``.tex`` line
    (1-based); tables inside tables come after the table around them."""
    found: list[tuple[int, int, str]] = []
    open_tables: list[tuple[int, str]] = []
    for number, line in enumerate(tex.splitlines(), 1):
        if line.startswith(TABLE_END_MARK):
            if open_tables:
                first, location = open_tables.pop()
                found.append((first, number, location))
        elif line.startswith(TABLE_MARK):
            open_tables.append((number, line[len(TABLE_MARK):].strip()))
    return sorted(found, key=lambda t: (t[0], -t[1]))


def overfull_tables(tex_path: Path) -> list[OverfullTable]:
    """The tables of ``tex_path`` with overfull boxes in its ``.log``
    (none when LaTeX has not run)."""
    log_path = tex_path.with_suffix('.log')
    if not log_path.is_file():
        return []
    tables = table_lines(tex_path.read_text(encoding='utf-8',
                                            errors='replace'))
    boxes: dict[int, list[float]] = {}
    for line in log_path.read_text(errors='replace').splitlines():
        match = _OVERFULL.match(line)
        if match is None:
            continue
        at = int(match['line'] or match['aligned'] or match['detected'])
        # the innermost table around the line: the last one that holds it
        index = next((i for i in reversed(range(len(tables)))
                      if tables[i][0] <= at <= tables[i][1]), None)
        if index is not None:
            boxes.setdefault(index, []).append(float(match['points']))
    return [OverfullTable(tables[i][2], len(points), max(points), tex_path,
                          tables[i][0], tables[i][1])
            for i, points in sorted(boxes.items())]


def warnings(tex: Path) -> list[str]:
    """One warning per table of ``tex`` with overfull boxes."""
    return [f'{table.location}: WARNING: {table.boxes} overfull box(es) '
            f'in this table, up to {table.widest:.1f}pt too wide: text '
            f'runs past its cell ({tex.name}, lines '
            f'{table.first_line}-{table.last_line})'
            for table in overfull_tables(tex)]


def main(argv: list[str] | None = None) -> int:
    """``linuxdoc-latex-overfull DIR_OR_TEX...``: warn about every table
    with overfull boxes; status 1 if there is one."""
    return run('linuxdoc-latex-overfull',
               'Report the tables whose text LaTeX could not fit, at their '
               'reST source line.', warnings, argv)
