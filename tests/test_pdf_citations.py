# SPDX-License-Identifier: GPL-2.0-only
"""Citations in linuxpdf: the whole kernel tree lost five books to them.

Sphinx resolves a citation reference into a ``reference`` node, whose id
rst2pdf does not draw, while the citation's back link still leads to
it: ReportLab then refused to write the PDF ("undefined destination
target"), and security, virt, process, misc-devices and translations
had none.  A reference to a citation of another document of the book
was printed as plain text.
"""

from __future__ import annotations

from pathlib import Path

import pymupdf
import pytest
from pdf_links_check import check_links
from tools import sphinx_build

ROOT = Path(__file__).parent / 'roots' / 'test-pdf-citations'


def _line_at(page: pymupdf.Page, y: float) -> str:
    """The text of the line of ``page`` whose top is nearest below
    ``y`` (a link's destination)."""
    lines = [(line['bbox'][1], ''.join(s['text'] for s in line['spans']))
             for block in page.get_text('dict')['blocks']
             for line in block.get('lines', ())]
    return min((top, text) for top, text in lines if top >= y - 2)[1]


def _middle(box: tuple[float, ...]) -> pymupdf.Point:
    return pymupdf.Point((box[0] + box[2]) / 2, (box[1] + box[3]) / 2)


def _chars_in(page: pymupdf.Page, rect: pymupdf.Rect) -> str:
    """The characters whose middle is in ``rect`` (a glyph's box can
    reach into the area of the link beside it)."""
    return ''.join(
        char['c'] for block in page.get_text('rawdict')['blocks']
        for line in block.get('lines', []) for span in line['spans']
        for char in span['chars']
        if rect.contains(_middle(char['bbox']))).strip()


def test_citations_link_both_ways(tmp_path: Path) -> None:
    result = sphinx_build('-b', 'linuxpdf', ROOT, tmp_path / 'out',
                          cwd=tmp_path)
    assert result.returncode == 0, result.stderr
    assert 'WARNING' not in result.stderr
    pdf = tmp_path / 'out' / 'citations.pdf'
    assert check_links(tmp_path / 'out').links
    assert [link for link in check_links(tmp_path / 'out').links
            if link.problem] == []
    landings = []
    with pymupdf.open(pdf) as document:
        for page in document:
            for link in page.get_links():
                if link['kind'] == pymupdf.LINK_GOTO and \
                        link['page'] == page.number:
                    text = _chars_in(page, link['from'])
                    landings.append((text, _line_at(page, link['to'].y)))
    # both references to sev, from index and from the other chapter,
    # lead to its citation (its label and text are table cells)
    cited = [(text, line) for text, line in landings
             if text.startswith('[')]
    assert sorted(cited) == [('[abi]', 'The securityfs secrets ABI.'),
                             ('[sev]', 'The SEV memory encryption document.'),
                             ('[sev]', 'The SEV memory encryption document.')]
    # the citations' back links lead to the references' lines
    backs = {text: line for text, line in landings if text in ('sev', 'abi')}
    assert backs['sev'].startswith('As the kernel')
    assert backs['abi'].startswith('As the kernel')


def test_a_link_to_an_undrawn_destination_costs_no_pdf(
        tmp_path: Path, caplog: pytest.LogCaptureFixture) -> None:
    """Whatever leaves a link's destination undrawn, the PDF is written:
    the link leads to the first page, and a warning names it."""
    from linuxdoc_builders.pdf.layout import BookCanvas

    pdf = tmp_path / 'book.pdf'
    canvas = BookCanvas(str(pdf))
    canvas.drawString(72, 720, 'First page')
    canvas.showPage()
    canvas.linkAbsolute('', 'chapter:gone', Rect=(72, 700, 200, 720))
    canvas.drawString(72, 710, 'A link to nowhere')
    canvas.showPage()
    canvas.save()

    assert "a link leads to 'chapter:gone'" in caplog.text
    with pymupdf.open(pdf) as document:
        [link] = document[1].get_links()
        assert link['page'] == 0
