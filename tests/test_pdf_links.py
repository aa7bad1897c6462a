# SPDX-License-Identifier: GPL-2.0-only
"""linuxpdf's internal links land on their targets.

rst2pdf 0.105 prints ``:doc:`` references as plain text (its issue
#1065), lands a link to a figure below the figure, and merges equal ids of
two documents into one destination.  Every internal link of the test PDF
is followed here to where it lands: the first line of text below the
destination must be the target's (section title, figure or table caption
with its number, footnote), and a figure link must land right above the
image.
"""

from __future__ import annotations

import shutil
from dataclasses import dataclass
from pathlib import Path
from typing import TYPE_CHECKING

from tools import built_pdf, sphinx_build, typed

if TYPE_CHECKING:
    import subprocess

    import pymupdf

ROOTS = Path(__file__).parent / 'roots'

#: Every internal link of links.pdf in page order: its text, and how the
#: first line of text below its destination starts.
EXPECTED = [
    # rst2pdf's table of contents: each title, then its page number
    ('Links inside one PDF', 'Links inside one PDF'),
    ('1', 'Links inside one PDF'),
    ('Alpha chapter', 'Alpha chapter'),
    ('2', 'Alpha chapter'),
    ('Details', 'Details These details belong to the alpha chapter'),
    ('2', 'Details These details belong to the alpha chapter'),
    ('Beta chapter', 'Beta chapter'),
    ('3', 'Beta chapter'),
    ('Details', 'Details These details belong to the beta chapter'),
    ('3', 'Details These details belong to the beta chapter'),
    ('Gamma chapter', 'Gamma chapter'),
    ('4', 'Gamma chapter'),
    ('Index', 'Index'),
    ('5', 'Index'),
    # index.rst
    ('Alpha chapter', 'Alpha chapter'),
    ('the beta document', 'Beta chapter'),
    ('Gamma chapter', 'Gamma chapter'),
    ('Details', 'Details These details belong to the alpha chapter'),
    ('Details', 'Details These details belong to the beta chapter'),
    ('Fig. 1', 'Fig. 1 The square figure'),
    ('The square figure', 'Fig. 1 The square figure'),
    ('Table 1', 'Table 1 The numbers table'),
    ('The numbers table', 'Table 1 The numbers table'),
    ('Table 2', 'Table 2 The flat table'),
    ('Listing 1', 'Listing 1 The code sample'),
    # alpha.rst
    ('Beta chapter', 'Beta chapter'),
    ('Fig. 1', 'Fig. 1 The square figure'),
    ('1', '1 The footnote of the alpha chapter'),
    ('the details of the beta chapter',
     'Details These details belong to the beta chapter'),
    ('1', 'These details belong to the alpha chapter'),
    # beta.rst
    ('Alpha chapter', 'Alpha chapter'),
    ('Links inside one PDF', 'Links inside one PDF'),
    ('Details', 'Details These details belong to the beta chapter'),
    ('2', '2 The footnote of the beta chapter'),
    ('Fig. 1', 'Fig. 1 The square figure'),
    ('The numbers table', 'Table 1 The numbers table'),
    ('2', 'These details belong to the beta chapter'),
    # more/gamma.rst
    ('Details', 'Details These details belong to the alpha chapter'),
    ('Alpha chapter', 'Alpha chapter'),
    ('Fig. 1', 'Fig. 1 The square figure'),
    ('Table 2', 'Table 2 The flat table'),
    ('Listing 1', 'Listing 1 The code sample'),
    # rst2pdf's general index: the `.. index::` of each chapter
    ('alpha', 'The first chapter, with links to'),
    ('beta', 'The second chapter, with links to'),
]

#: How far below its destination a link's target may start, in points.
NEAR = 30


@dataclass(frozen=True)
class Landing:
    """Where one internal link of a PDF goes."""

    page: int
    text: str
    #: the destination's page, or -1 if the link has none
    to_page: int
    to_y: float
    #: the first two lines of text below the destination
    below: str
    #: how far below the destination the first text or image starts
    gap: float
    #: how far below the destination the first image starts
    image_gap: float | None


def _build(builder: str, root: str, tmp_path: Path, *options: str
           ) -> subprocess.CompletedProcess[str]:
    return sphinx_build('-b', builder, *options, ROOTS / root,
                        tmp_path / builder, cwd=tmp_path)


def _lines(page: pymupdf.Page) -> list[tuple[float, str]]:
    """The lines of text of ``page`` as (top, text), spans at one height
    joined left to right."""
    spans = sorted(
        (round(line['bbox'][1]), line['bbox'][0],
         ''.join(span['text'] for span in line['spans']).strip())
        for block in page.get_text('dict')['blocks']
        for line in block.get('lines', []))
    lines: list[tuple[float, str]] = []
    for top, _, text in spans:
        if lines and abs(lines[-1][0] - top) <= 2:
            lines[-1] = (lines[-1][0], f'{lines[-1][1]} {text}'.strip())
        elif text:
            lines.append((top, text))
    return lines


def _landings(pdf: Path) -> list[Landing]:
    import pymupdf
    landings: list[Landing] = []
    with pymupdf.open(pdf) as document:
        for page in document:
            for link in page.get_links():
                if link['kind'] not in (pymupdf.LINK_GOTO,
                                        pymupdf.LINK_NAMED):
                    continue
                text = ' '.join(page.get_textbox(link['from']).split())
                to_page = link.get('page', -1)
                if to_page < 0:
                    landings.append(Landing(page.number, text, -1, 0, '',
                                            0, None))
                    continue
                target = document[to_page]
                y = link['to'].y
                below = [(top, line) for top, line in _lines(target)
                         if top >= y - 4]
                images = [info['bbox'][1] - y
                          for info in target.get_image_info()
                          if info['bbox'][1] >= y - 4]
                gaps = [top - y for top, _ in below[:1]] + images
                landings.append(Landing(
                    page.number, text, to_page, y,
                    ' '.join(line for _, line in below[:2]),
                    min(gaps, default=float('inf')),
                    min(images, default=None)))
    return landings


def _as_expected(landings: list[Landing]) -> list[tuple[str, str]]:
    """Each landing as (link text, the start of the text below it that
    :data:`EXPECTED` gives, or all that text if it starts otherwise)."""
    found = []
    for landing, (_, below) in zip(landings, EXPECTED, strict=False):
        line = below if landing.below.startswith(below) else landing.below
        found.append((landing.text, line))
    return found + [(landing.text, landing.below)
                    for landing in landings[len(EXPECTED):]]


def test_every_internal_link_lands_on_its_target(tmp_path: Path) -> None:
    result = _build('linuxpdf', 'test-pdf-links', tmp_path)
    assert result.returncode == 0, result.stderr
    # Sphinx's warnings; rst2pdf's own log says "[WARNING]"
    assert 'WARNING:' not in result.stderr, result.stderr
    landings = _landings(tmp_path / 'linuxpdf' / 'links.pdf')
    broken = [landing for landing in landings if landing.to_page < 0]
    assert broken == []
    assert len(landings) == len(EXPECTED) == 44
    assert _as_expected(landings) == EXPECTED
    far = [landing for landing in landings if landing.gap > NEAR]
    assert far == []
    figures = [landing for landing in landings
               if landing.below.startswith('Fig. 1 The square figure')]
    assert len(figures) == 5
    # right above the image, not below its caption
    assert all(landing.image_gap is not None and landing.image_gap < NEAR
               for landing in figures), figures


def test_anchors_are_drawn_whatever_was_imported_first(tmp_path: Path
                                                       ) -> None:
    """rst2pdf copies its handler table when ``rst2pdf.sphinxnodes`` is
    imported; a handler registered after that copy was silently not used,
    and links to figures landed below them.  Here a project imports it
    before anything of ours is loaded, and every figure link still lands
    right above the image."""
    source = tmp_path / 'source'
    shutil.copytree(ROOTS / 'test-pdf-links', source)
    conf = source / 'conf.py'
    conf.write_text('import rst2pdf.sphinxnodes  # noqa: F401\n'
                    + conf.read_text(encoding='utf-8'))
    result = sphinx_build('-b', 'linuxpdf', source, tmp_path / 'out',
                          cwd=tmp_path)
    assert result.returncode == 0, result.stderr
    landings = _landings(tmp_path / 'out' / 'links.pdf')
    figures = [landing for landing in landings
               if landing.below.startswith('Fig. 1 The square figure')]
    assert len(figures) == 5
    assert all(landing.image_gap is not None and landing.image_gap < NEAR
               for landing in figures), figures


def test_stock_rst2pdf_gets_them_wrong(tmp_path: Path) -> None:
    """The control: rst2pdf's own builder on the same sources."""
    result = _build('pdf', 'test-pdf-links', tmp_path,
                    '-D', 'extensions=linuxdoc_builders,rst2pdf.pdfbuilder')
    assert result.returncode == 0, result.stderr
    landings = _landings(built_pdf(tmp_path / 'pdf', 'links', ('-b', 'pdf')))
    texts = [landing.text for landing in landings]
    # :doc: makes no link
    assert 'the beta document' not in texts
    # a figure link lands below the figure
    figure = next(landing for landing in landings
                  if landing.text == 'The square figure')
    assert figure.below.startswith('Text after the figure.')
    # beta's "details" lands on alpha's
    beta = next(landing for landing in landings
                if landing.text == 'the details of the beta chapter')
    assert beta.below.startswith('Details These details belong to the '
                                 'alpha chapter')


def test_a_link_that_leads_nowhere_is_reported(tmp_path: Path) -> None:
    """Stock rst2pdf fails the whole PDF over it (ReportLab: "undefined
    destination target"); linuxpdf warns with the location and prints
    the link as plain text, and says why."""
    result = _build('linuxpdf', 'test-pdf-dead-link', tmp_path)
    assert result.returncode == 0, result.stderr
    assert typed("index.rst:6: WARNING: the link to #nowhere leads nowhere "
                 "in this PDF: no element of index or of any document in "
                 "this PDF has the id 'nowhere' (the HTML link leads "
                 "nowhere too); it is printed as plain text", 'linuxdoc.pdf'
                 ) in result.stderr
    landings = _landings(tmp_path / 'linuxpdf' / 'dead.pdf')
    assert [landing for landing in landings if landing.to_page < 0] == []
    assert 'nowhere' not in [landing.text for landing in landings]
    stock = _build('pdf', 'test-pdf-dead-link', tmp_path,
                   '-D', 'extensions=linuxdoc_builders,rst2pdf.pdfbuilder')
    assert 'undefined destination target' in stock.stderr
    assert built_pdf(tmp_path / 'pdf', 'dead', ('-b', 'pdf')
                     ).stat().st_size == 0


def test_a_label_whose_node_sphinx_removed_lands_on_its_document(
        tmp_path: Path) -> None:
    """A label before an included ``:orphan:`` field list, as in the
    kernel's zh_CN and zh_TW process/howto: Sphinx resolves references to
    it, then removes the field list, and the id with it.  The link goes
    to the document's start (where a browser lands), with no warning."""
    src = tmp_path / 'src'
    src.mkdir()
    (src / 'conf.py').write_text("extensions = ['linuxdoc_builders']\n"
                                 "project = 'orphan'\n")
    (src / 'disclaimer.rst').write_text(':orphan:\n\n.. warning::\n\n'
                                        '   A disclaimer.\n')
    (src / 'howto.rst').write_text('.. _howto-label:\n\n'
                                   '.. include:: disclaimer.rst\n\n'
                                   'Howto\n=====\n\nHow to do it.\n')
    (src / 'index.rst').write_text('Book\n====\n\nSee :ref:`the howto '
                                   '<howto-label>`.\n\n.. toctree::\n\n'
                                   '   howto\n')
    result = sphinx_build('-q', '-b', 'linuxpdf', src, tmp_path / 'out',
                          cwd=tmp_path)
    assert result.returncode == 0, result.stderr
    assert result.stderr == ''
    landings = _landings(tmp_path / 'out' / 'orphan.pdf')
    see = next(landing for landing in landings
               if landing.text.startswith('the howto'))
    title = next(landing for landing in landings if landing.text == 'Howto')
    assert see.to_page == title.to_page >= 0
