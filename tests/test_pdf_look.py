# SPDX-License-Identifier: GPL-2.0-only
"""linuxpdf looks like a kernel PDF: coloured links, no cover line that
reads just "version", and rst2pdf's own warnings at a file and line,
counted by ``-W``.  Each check runs on stock rst2pdf too, where stock
gets it wrong, so it is shown to be able to fail."""

from __future__ import annotations

import re
from pathlib import Path
from typing import NamedTuple

import pymupdf
import pytest
from tools import sphinx_build

pytestmark = pytest.mark.linuxpdf

ROOTS = Path(__file__).parent / 'roots'

STOCK = ('-b', 'pdf', '-D', 'extensions=linuxdoc_builders,rst2pdf.pdfbuilder',
         '-D', 'pdf_invariant=1')

#: The colour of Sphinx's LaTeX links (``InnerLinkColor``).
LINK_COLOUR = 0x355F7C


class Built(NamedTuple):
    pdf: Path
    stderr: str
    returncode: int


def _build(out: Path, root: str, name: str, *options: str) -> Built:
    result = sphinx_build('-E', *options, ROOTS / f'test-{root}', out,
                          cwd=out.parent, timeout=240)
    return Built(out / f'{name}.pdf', result.stderr, result.returncode)


@pytest.fixture(scope='module')
def links(tmp_path_factory: pytest.TempPathFactory) -> Built:
    built = _build(tmp_path_factory.mktemp('pdf') / 'out', 'pdf-links',
                   'links', '-b', 'linuxpdf')
    assert built.returncode == 0, built.stderr
    return built


def _link_colours(pdf: Path) -> dict[str, set[int]]:
    """The text colours of each internal link's text in the body (past
    the cover and contents)."""
    colours: dict[str, set[int]] = {}
    with pymupdf.open(pdf) as document:
        for page in list(document)[4:]:
            texts = [span for block in page.get_text('dict')['blocks']
                     for line in block.get('lines', [])
                     for span in line['spans'] if span['text'].strip()]
            for link in page.get_links():
                for span in texts:
                    if pymupdf.Rect(span['bbox']).intersects(link['from']):
                        colours.setdefault(span['text'].strip(), set()).add(
                            span['color'])
    return colours


def test_links_are_coloured(links: Built, tmp_path: Path) -> None:
    colours = _link_colours(links.pdf)
    assert {'Alpha chapter', 'the beta document', 'Fig. 1'} <= set(colours)
    assert {text: c for text, c in colours.items()
            if c != {LINK_COLOUR}} == {}
    # stock: references in black like the text around them
    stock = _build(tmp_path / 'stock', 'pdf-links', 'links', *STOCK)
    assert 0 in set().union(*_link_colours(stock.pdf).values())


def test_sphinx_references_need_no_undefined_style(links: Built) -> None:
    assert 'undefined style' not in links.stderr


def test_no_bare_version_on_the_cover(links: Built, tmp_path: Path
                                      ) -> None:
    """The test project has no ``version``: rst2pdf's cover says just
    "version"; with one, the cover says "version 6.12"."""
    def cover(pdf: Path) -> list[str]:
        with pymupdf.open(pdf) as document:
            return [line.strip() for line in document[0].get_text()
                    .splitlines() if line.strip()]

    assert [line for line in cover(links.pdf) if 'version' in line] == []
    versioned = _build(tmp_path / 'versioned', 'pdf-links', 'links',
                       '-b', 'linuxpdf', '-D', 'version=6.12')
    assert 'version 6.12' in cover(versioned.pdf)
    stock = _build(tmp_path / 'stock', 'pdf-links', 'links', *STOCK)
    assert 'version' in cover(stock.pdf)


def test_rst2pdf_warnings_are_located_and_count_for_w(tmp_path: Path
                                                      ) -> None:
    built = _build(tmp_path / 'out', 'pdf-robust', 'raw_in_cell',
                   '-b', 'linuxpdf', '-W', '--keep-going')
    assert re.findall(r'raw_in_cell\.rst:(\d+): WARNING: rst2pdf: Using '
                      r"undefined style 'madeup'", built.stderr) == ['21']
    assert built.returncode == 1
