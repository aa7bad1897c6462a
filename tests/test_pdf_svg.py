# SPDX-License-Identifier: GPL-2.0-only
"""SVG figures' labels where the SVG puts them, read back from the PDF.

LibreOffice positions a label on a ``tspan`` around the one holding its
words; svglib ignores that position, which piled up every label of
seven figures of the kernel's media book in a corner of the figure
(112 characters past the page's edge).  ``test-pdf-svg`` is a
hand-written drawing of that shape: a framed label."""

from __future__ import annotations

from pathlib import Path

import pymupdf
from test_pdf_scripts import glyphless
from tools import built_pdf, sphinx_build

ROOT = Path(__file__).parent / 'roots' / 'test-pdf-svg'

#: The frame's fill colour in ``labels.svg``.
FRAME = (0xD5 / 255, 0xDE / 255, 0xE8 / 255)


def _label_and_frame(pdf: Path) -> tuple[pymupdf.Rect, pymupdf.Rect]:
    """Where the PDF draws the label's text and its frame."""
    with pymupdf.open(pdf) as document:
        for page in document:
            labels = [pymupdf.Rect(span['bbox'])
                      for span in page.get_texttrace()
                      if ''.join(chr(c[0]) for c in span['chars'])
                      == 'Framed label']
            frames = [drawing['rect'] for drawing in page.get_drawings()
                      if drawing.get('fill') is not None and all(
                          abs(a - b) < 0.01
                          for a, b in zip(drawing['fill'], FRAME,
                                          strict=True))]
            if labels and frames:
                return labels[0], frames[0]
    raise AssertionError(f'no framed label in {pdf}')


def _build(out: Path, *options: str) -> Path:
    result = sphinx_build('-E', *options, ROOT, out, cwd=out.parent,
                          timeout=240)
    assert result.returncode == 0, result.stderr
    return built_pdf(out, 'labels', options)


def test_svg_label_is_drawn_in_its_frame(tmp_path: Path) -> None:
    label, frame = _label_and_frame(_build(tmp_path / 'out',
                                           '-b', 'linuxpdf'))
    assert frame.contains(label), (label, frame)
    # stock rst2pdf: the label at the drawing's origin, out of its frame
    label, frame = _label_and_frame(_build(
        tmp_path / 'stock', '-b', 'pdf', '-D',
        'extensions=linuxdoc_builders,rst2pdf.pdfbuilder'))
    assert not label.intersects(frame), (label, frame)


def test_positions_move_only_to_text_without_its_own() -> None:
    """The position goes to the first element with words that has none
    of its own; an element with words of its own keeps its position."""
    from lxml import etree

    from linuxdoc_builders.pdf.svg_text import positions_on_text

    text = etree.fromstring(
        '<text><tspan x="10" y="20">\n  <tspan>moved</tspan>'
        '<tspan>later</tspan></tspan>'
        '<tspan x="30" y="40"><tspan y="50">y kept</tspan></tspan>'
        '<tspan x="60">own words</tspan></text>')
    positions_on_text(text)
    assert [(t.text, t.get('x'), t.get('y')) for t in text.iter()
            if (t.text or '').strip()] == [
        ('moved', '10', '20'), ('later', None, None),
        ('y kept', '30', '50'), ('own words', '60', None)]


def test_svg_labels_are_set_in_embedded_faces(tmp_path: Path) -> None:
    """Labels in sans-serif, serif and monospace: every character drawn
    with an embedded face that has it (svglib took base-14 Helvetica,
    Times and Courier, not embedded, Latin-1 only: the Greek letters and
    arrows were boxes), a Chinese label in the fallback font."""
    pdf = _build(tmp_path / 'out', '-b', 'linuxpdf')
    with pymupdf.open(pdf) as document:
        text = document[-1].get_text()
        fonts = {font[3]: font[1] for page in document
                 for font in page.get_fonts()}
    for line in ('Sans: αβγ → ≤ Ж', 'Serif: Ωμέγα ⇒', 'Mono: λ ≠ μ',
                 'CJK: 五棵松'):
        assert line in ' '.join(text.split()), line
    for name, extension in fonts.items():
        assert '+' in name and extension == 'ttf', (name, extension)
    assert glyphless(pdf) == []


def test_svg_labels_are_as_opaque_as_their_svg(tmp_path: Path) -> None:
    """A label the SVG hides (``fill-opacity="0"``, its own or its
    group's) is not drawn; one it fades (``opacity`` on it and on its
    group) is drawn as transparent as that (svglib drew them all opaque:
    the kernel's selection.svg showed a hidden red COMPOSE_PADDED over
    the visible one)."""
    pdf = _build(tmp_path / 'out', '-b', 'linuxpdf')
    alphas: dict[str, list[int]] = {}
    with pymupdf.open(pdf) as document:
        for page in document:
            for span in page.get_texttrace():
                text = ''.join(chr(c[0]) for c in span['chars'])
                alphas.setdefault(text, []).append(
                    round(span['opacity'] * 255))
    assert alphas.get('SHOWNLABEL') == [255], alphas
    assert alphas.get('QUARTERLABEL') == [64], alphas
    assert 'HIDDENLABEL' not in alphas and 'HIDDENTOO' not in alphas, \
        alphas
