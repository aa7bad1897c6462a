# SPDX-License-Identifier: GPL-2.0-only
"""Column widths that every writer can use, for any number of columns.

Writers take a table's ``colspec`` widths as proportions: docutils' HTML
writer refuses a width of 0 (``"0" is no proportional measure``, a
traceback), and Sphinx's LaTeX writer prints ``\\X{width}{total}``, which
TeX divides: a total of 0, or one beyond TeX's integers (2**31), is
``Arithmetic overflow``.  Equal widths computed as ``100 // columns`` are
0 from 101 columns on.  The directive and the table repair both ask here,
so no width is ever below 1 and no total beyond :data:`MAX_TOTAL`.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from collections.abc import Sequence

#: A table too wide for the page is set smaller, in both PDF routes;
#: below this share of its size a warning says so (at or above, only -v:
#: it reads as well): 4 of the whole kernel tree's 7 such tables in the
#: LaTeX route were set at 90 % or more.
WARN_BELOW_SCALE = 0.9

#: The largest sum of widths written into a doctree: far below TeX's
#: integer limit, far above what any table needs for its proportions.
MAX_TOTAL = 1_000_000


def equal_widths(n_cols: int) -> list[int]:
    """Equal widths for ``n_cols`` columns, summing to about 100 (the
    proportions a table without ``:widths:`` has always had), at least 1
    each."""
    return [max(1, 100 // max(n_cols, 1))] * n_cols


def proportional_widths(widths: Sequence[float]) -> list[int] | None:
    """``widths`` as whole numbers of the same proportions, each at least
    1 and summing to at most :data:`MAX_TOTAL` (or the number of columns,
    if that is more); ``None`` when they already are.

    A width that is not a positive number takes the average of the
    others (1 if none is), so one bad value does not squeeze or widen
    its column to nothing or everything.
    """
    good = [w for w in widths if _positive(w)]
    fill = sum(good) / len(good) if good else 1
    values = [w if _positive(w) else fill for w in widths]
    total = sum(values)
    if len(good) == len(widths) and total <= MAX_TOTAL:
        return None
    scale = min(1.0, MAX_TOTAL / total)
    return [max(1, round(w * scale)) for w in values]


def _positive(width: object) -> bool:
    return (isinstance(width, int | float) and not isinstance(width, bool)
            and 0 < width < float('inf'))
