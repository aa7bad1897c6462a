# SPDX-License-Identifier: GPL-2.0-only
"""linuxpdf looks like a kernel PDF: coloured links, no cover line that
reads just "version", cell text as far from a cell's top border as from
its bottom one, and rst2pdf's own warnings at a file and line, counted
by ``-W``.  Each check runs on stock rst2pdf too, where stock
gets it wrong, so it is shown to be able to fail."""

from __future__ import annotations

import re
from pathlib import Path
from typing import NamedTuple

import pymupdf
import pytest
from tools import built_pdf, sphinx_build

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
    return Built(built_pdf(out, name, options), result.stderr,
                 result.returncode)


@pytest.fixture(scope='module')
def links(tmp_path_factory: pytest.TempPathFactory) -> Built:
    built = _build(tmp_path_factory.mktemp('pdf') / 'out', 'pdf-links',
                   'links', '-b', 'linuxpdf')
    assert built.returncode == 0, built.stderr
    return built


def _middle(box: tuple[float, ...]) -> pymupdf.Point:
    return pymupdf.Point((box[0] + box[2]) / 2, (box[1] + box[3]) / 2)


def _link_colours(pdf: Path) -> dict[str, set[int]]:
    """The text colours of each internal link's text in the body (past
    the cover and contents)."""
    colours: dict[str, set[int]] = {}
    with pymupdf.open(pdf) as document:
        for page in list(document)[4:]:
            texts = [span for block in page.get_text('rawdict')['blocks']
                     for line in block.get('lines', [])
                     for span in line['spans']
                     if ''.join(c['c'] for c in span['chars']).strip()]
            for link in page.get_links():
                for span in texts:
                    # a glyph whose middle is in the link: a neighbour's
                    # box may reach into its area
                    if any(link['from'].contains(
                            _middle(c['bbox']))
                           for c in span['chars']):
                        text = ''.join(c['c'] for c in span['chars'])
                        colours.setdefault(text.strip(), set()).add(
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


#: Single-line cells of ``test-pdf-padding``, each with ascenders and
#: descenders: header, stub and body cells.
PADDED = ['Heading quality', 'Heading yield', 'Stub typing',
          'Typical body', 'Stub plying', 'Justly bodied']

#: The first and last item of each list in a cell of
#: ``test-pdf-padding``, each with ascenders and descenders.
LISTED = {'bulleted': ('Bullet apply', 'Justly bullet'),
          'numbered': ('Numbered apply', 'Justly numbered'),
          'defined': ('Term apply', 'Justly defined'),
          'nested': ('Nested apply', 'Justly nested'),
          'single': ('Lonely typing', 'Lonely typing')}


@pytest.fixture(scope='module')
def padding(tmp_path_factory: pytest.TempPathFactory) -> Built:
    built = _build(tmp_path_factory.mktemp('pdf') / 'out', 'pdf-padding',
                   'padding', '-b', 'linuxpdf')
    assert built.returncode == 0, built.stderr
    return built


@pytest.fixture(scope='module')
def padding_stock(tmp_path_factory: pytest.TempPathFactory) -> Built:
    built = _build(tmp_path_factory.mktemp('stock') / 'out', 'pdf-padding',
                   'padding', *STOCK)
    assert built.returncode == 0, built.stderr
    return built


def _cell_gaps(pdf: Path) -> dict[str, tuple[float, float]]:
    """For each single-line text of ``test-pdf-padding``'s cells: the
    room between the ink of its text (the glyphs' own outlines, not the
    font's line box) and the nearest rule above it, and between the ink
    and the nearest rule below it."""
    gaps = {}
    with pymupdf.open(pdf) as document:
        for page in document:
            rules = [(item[1].y, *sorted((item[1].x, item[2].x)))
                     for drawing in page.get_drawings()
                     for item in drawing['items'] if item[0] == 'l'
                     and abs(item[1].y - item[2].y) < 0.01]
            ink = page.get_textpage(flags=pymupdf.TEXT_ACCURATE_BBOXES)
            for block in ink.extractDICT()['blocks']:
                for line in block.get('lines', []):
                    for span in line['spans']:
                        x0, top, x1, bottom = span['bbox']
                        x = (x0 + x1) / 2
                        above = [y for y, left, right in rules
                                 if left <= x <= right and y <= top]
                        below = [y for y, left, right in rules
                                 if left <= x <= right and y >= bottom]
                        if above and below:
                            gaps[span['text'].strip()] = (
                                top - max(above), min(below) - bottom)
    return gaps


def test_cell_text_is_padded_evenly(padding: Built, padding_stock: Built
                                    ) -> None:
    """Header, stub and body cells: as much room above the text as below
    it, within a point; in stock rst2pdf the header text sits on its
    cell's bottom border and body text low in its cell."""
    gaps = _cell_gaps(padding.pdf)
    assert set(PADDED) <= set(gaps)
    assert {text: gaps[text] for text in PADDED
            if abs(gaps[text][0] - gaps[text][1]) > 1
            or min(gaps[text]) < 2} == {}
    stock = _cell_gaps(padding_stock.pdf)
    assert set(PADDED) <= set(stock)
    assert all(stock[text][0] - stock[text][1] > 2 for text in PADDED)


def _list_gaps(pdf: Path) -> dict[str, tuple[float, float]]:
    """For each list of :data:`LISTED`: the room between the top rule of
    its cell and the ink of its first item, and between the ink of its
    last item and the bottom rule."""
    gaps = _cell_gaps(pdf)
    return {kind: (gaps[first][0], gaps[last][1])
            for kind, (first, last) in LISTED.items()}


def test_lists_in_cells_are_padded_evenly(padding: Built,
                                          padding_stock: Built) -> None:
    """A list in a cell, bulleted, numbered, of definitions, nested or
    of one item: as much room above its first item's text as below its
    last item's, within a point, and as much as a paragraph has in a
    body cell.  rst2pdf draws a list's spacers and its items' uneven
    paddings in a cell: in stock rst2pdf (as in linuxpdf before) the
    first item begins 9 points lower than a paragraph and the last
    one's descenders reach the bottom border."""
    paragraph = _cell_gaps(padding.pdf)['Typical body']
    gaps = _list_gaps(padding.pdf)
    assert {kind: gap for kind, gap in gaps.items()
            if abs(gap[0] - gap[1]) > 1
            or max(abs(gap[0] - paragraph[0]),
                   abs(gap[1] - paragraph[1])) > 1} == {}
    # (stock's single item crosses the table's bottom border)
    stock = _cell_gaps(padding_stock.pdf)
    assert {kind: stock[LISTED[kind][0]][0]
            for kind in ('bulleted', 'numbered', 'nested')
            if stock[LISTED[kind][0]][0] - stock['Typical body'][0] < 8
            } == {}
