# SPDX-License-Identifier: GPL-2.0-only
"""A table cell's content set as close to its top and bottom borders as
a paragraph's, when it begins or ends with a list.

ReportLab leaves out the space before a cell's first flowable and the
space after its last, so a paragraph is framed by the cell's paddings
alone (:func:`~linuxdoc_builders.pdf.tables.even_padding` makes those
even).  rst2pdf's lists are made of flowables that ReportLab cannot
leave out that way:

* a list begins and ends with spacers (its style's space before and
  after), drawn in full inside a cell;
* each list item is a one-row table of bullet and text, with 3 points
  of padding above its text and -3 below ("to compensate for padding",
  rst2pdf says): between items that only moves every item 3 points
  down, but in a cell it puts the first item 3 points lower still and
  lets the last item's text hang 3 points into the cell's bottom
  padding.

Together a list in a cell began 9 points lower than a paragraph would
and ended 3 points nearer the bottom border.  Here a cell's leading and
trailing spacers go, its first list item has no padding above its text
and its last none below, and so on into a list nested first or last in
an item.  Spacing inside the cell is left as rst2pdf made it.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from docutils import nodes
from reportlab.platypus import Spacer, TableStyle

if TYPE_CHECKING:
    from reportlab.platypus.flowables import Flowable


def list_item_boxes(entry: nodes.Element) -> set[int]:
    """The ``id`` of each list item's table among the flowables rst2pdf
    made of ``entry``: its list item handler keeps them as the item
    node's ``elements``, a spacer and the table."""
    boxes = set()
    for item in entry.findall(nodes.list_item):
        elements = getattr(item, 'elements', None)
        if elements:
            boxes.add(id(elements[-1]))
    return boxes


def edges_evened(content: list[Flowable], boxes: set[int]
                 ) -> list[Flowable]:
    """``content`` (a cell's flowables) without the spacers at its ends,
    and the list item tables (``id`` in ``boxes``) at its top and bottom
    without padding on that side: its text as close to the cell's
    borders as a paragraph's."""
    return _evened(_evened(content, boxes, 0), boxes, -1)


def _evened(content: list[Flowable], boxes: set[int], end: int
            ) -> list[Flowable]:
    """``content`` without spacers at its ``end`` (0: top, -1: bottom),
    and the list item table there without padding on that side, its
    text evened at the same end (where a nested list may be)."""
    kept = list(content)
    while kept and isinstance(kept[end], Spacer):
        del kept[end]
    box: Any = kept[end] if kept else None
    if id(box) in boxes:
        side = 'TOPPADDING' if end == 0 else 'BOTTOMPADDING'
        box.style = TableStyle([*box.style.getCommands(),
                                (side, (0, 0), (-1, -1), 0)])
        row = box.data[0]
        if isinstance(row[-1], list):
            row[-1] = _evened(row[-1], boxes, end)
    return kept
