# SPDX-License-Identifier: GPL-2.0-only
"""A note cut at a page's foot stays above the page's footnotes.

framed.sty cut a note after a code block nested in it as if only the
upper half of the block were on the page (LaTeX's ``\\splitmaxdepth`` is
``\\maxdimen``, and the block is one box centred on its line), then
squeezed the piece into the room left: the lower half ran over the
footnote (the kernel's media ``open.rst``, stock Sphinx the same).
``tests/roots/test-latex-framed`` sets such a note one line lower on
each of 20 pages, with the kernel's LaTeX settings.
"""

from __future__ import annotations

import re
from pathlib import Path

import pymupdf
from pdf_visible import hidden_text, page_text
from tools import make_latex_pdfs, sphinx_build

ROOT = Path(__file__).parent / 'roots' / 'test-latex-framed'
FOOTNOTE = re.compile(r'Footnote \d+:')


def _overlaps(pdf: Path) -> list[tuple[int, str]]:
    """Each page's text that reaches below the top of its footnote
    (its page number in the footer aside): (page from 1, the text)."""
    found = []
    with pymupdf.open(pdf) as document:
        for page in document:
            lines = [(pymupdf.Rect(line['bbox']),
                      ''.join(span['text'] for span in line['spans']))
                     for block in page.get_text('dict')['blocks']
                     for line in block.get('lines', ())]
            notes = [box for box, text in lines if FOOTNOTE.search(text)]
            if not notes:
                continue
            top = min(box.y0 for box in notes)
            found += [(page.number + 1, text) for box, text in lines
                      if box.y1 > top + 0.5 and box.y0 < top
                      and not FOOTNOTE.search(text)]
    return found


def test_a_note_cut_at_a_page_foot_ends_above_its_footnote(
        tmp_path: Path) -> None:
    out = tmp_path / 'out'
    result = sphinx_build('-b', 'linuxlatex', ROOT, out, cwd=tmp_path)
    assert result.returncode == 0, result.stderr
    assert make_latex_pdfs(out) == []
    pdf = out / 'framed.pdf'
    assert _overlaps(pdf) == []
    assert hidden_text(pdf) == []
    log = (out / 'framed.log').read_text(errors='replace')
    assert 'Overfull \\vbox' not in log
    whole = page_text(pdf)
    for k in range(8, 28):
        assert whole.count(f'Footnote{k}:') == 1, k
        assert whole.count(f'Afterthenote{k}.') == 1, k
