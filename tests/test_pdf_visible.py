# SPDX-License-Identifier: GPL-2.0-only
"""What ``pdf_visible.hidden_text`` counts as hidden, on PDFs made here.

The LaTeX checks (test_latex_visible.py) and the kernel books' figures
rest on it: text printed over other text is hidden, but the same glyph
drawn twice in one place (as figures converted by Inkscape draw their
labels) and the characters of one line drawn one after another (kerned
pairs, TeX's composed arrows) are read.
"""

from __future__ import annotations

from pathlib import Path

import pymupdf
from pdf_visible import hidden_text


def _pdf(path: Path, *texts: tuple[float, float, str]) -> Path:
    document = pymupdf.open()
    page = document.new_page()
    for x, y, text in texts:
        page.insert_text((x, y), text, fontsize=11)
    document.save(path)
    return path


def test_text_printed_over_other_text_is_hidden(tmp_path: Path) -> None:
    pdf = _pdf(tmp_path / 'over.pdf', (72, 72, 'V4L2_PIX_FMT_FOO001'),
               (72, 72, 'Description'))
    hidden = hidden_text(pdf)
    assert {h.why for h in hidden} == {'over other text'}
    assert {h.word for h in hidden} == {'V4L2_PIX_FMT_FOO001',
                                        'Description'}


def test_the_same_glyphs_twice_in_one_place_are_read(tmp_path: Path
                                                     ) -> None:
    pdf = _pdf(tmp_path / 'twice.pdf', (72, 72, 'V4L2_FIELD_TOP'),
               (72, 72, 'V4L2_FIELD_TOP'))
    assert hidden_text(pdf) == []


def test_neighbours_in_a_line_may_touch(tmp_path: Path) -> None:
    """One character drawn right after another, overlapping it (a kerned
    pair, TeX's hook arrow) is read; text past the page's edge is not."""
    pdf = _pdf(tmp_path / 'kern.pdf', (72, 72, 'L'), (74, 72, "'"),
               (600, 72, 'EDGE'))
    assert [(h.char, h.why) for h in hidden_text(pdf)] == [
        (char, 'past the edge') for char in 'EDGE']
