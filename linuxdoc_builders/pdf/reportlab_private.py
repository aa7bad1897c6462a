# SPDX-License-Identifier: GPL-2.0-only
"""The private members of ReportLab that linuxpdf reads, each behind one
small function.

ReportLab has no public way to ask a frame whether a flowable is at its
top or how tall it is when empty, nor a table for its measured row
heights, cell styles or column positions; a table that splits itself
needs all of them.  Nor does it have an exception of its own for a cell
too narrow for its content: only the words of its ``ValueError``.
They are read only here, and
``tests/test_pdf_reportlab_private.py`` fails loudly, naming the member,
when a ReportLab release renames or drops one (``TESTED`` in
:mod:`linuxdoc_builders.pdf` bounds the versions).
"""

from __future__ import annotations

from typing import Any

#: Every private member read here, by the class that has it; the test
#: checks each on a real frame and table.
MEMBERS = {
    'Frame': ('_atTop', '_aH', '_getAvailableWidth'),
    'Table': ('_rowHeights', '_cellStyles', '_colpositions'),
    'Flowable': ('_frame',),
}


def frame_of(flowable: Any) -> Any:
    """The frame ReportLab is placing ``flowable`` in, if any: it sets
    ``_frame`` while it wraps and splits a flowable."""
    return getattr(flowable, '_frame', None)


def at_frame_top(frame: Any) -> bool:
    """Whether nothing has been placed in ``frame`` yet."""
    return bool(frame._atTop)


def empty_frame_height(frame: Any) -> float:
    """The height ``frame`` offers when empty: a page's room."""
    return float(frame._aH)


def frame_width(frame: Any) -> float:
    """The width ``frame`` offers now (indents included)."""
    return float(frame._getAvailableWidth())


def row_heights(table: Any) -> list[float | None]:
    """A wrapped table's row heights; ReportLab stops measuring rows
    once they fill the height it was offered (``None`` after that)."""
    return list(table._rowHeights)


def cell_style(table: Any, row: int, col: int) -> Any:
    """The ``CellStyle`` (paddings, font) of one cell of a table."""
    return table._cellStyles[row][col]


def column_positions(table: Any) -> list[float]:
    """Where each column of a wrapped table begins, and the last ends."""
    return list(table._colpositions)


def is_negative_width(error: ValueError) -> bool:
    """Whether ReportLab's table layout failed because a cell's flowable
    got a negative width (it raises a bare ``ValueError`` saying so)."""
    return 'negative availWidth' in str(error)
