# SPDX-License-Identifier: GPL-2.0-only
"""The private members of ReportLab that linuxpdf reads are still there
and still mean what :mod:`linuxdoc_builders.pdf.reportlab_private`
expects: a ReportLab release that changes them fails here, by name,
rather than as a broken table layout."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

import pytest

if TYPE_CHECKING:
    from pathlib import Path


@pytest.fixture
def placed() -> dict[str, Any]:
    """A frame that has placed a two-row table, as ReportLab leaves
    them: the frame on the table while it is wrapped."""
    from reportlab.lib.pagesizes import A4
    from reportlab.pdfgen.canvas import Canvas
    from reportlab.platypus import Frame, Paragraph
    from reportlab.platypus.tables import Table, TableStyle

    from linuxdoc_builders.pdf.reportlab_private import frame_of

    canvas = Canvas('unused.pdf', pagesize=A4)
    frame = Frame(0, 0, 300, 400, topPadding=10, bottomPadding=10)
    table = Table([['a', 'b'], [[Paragraph('c')], 'd']],
                  colWidths=[100, 50],
                  style=TableStyle([('TOPPADDING', (0, 1), (0, 1), 7)]))
    seen: dict[str, Any] = {}
    wrap = table.wrap

    def watching_wrap(width: float, height: float) -> tuple[float, float]:
        seen.setdefault('frame', frame_of(table))
        size: tuple[float, float] = wrap(width, height)
        return size

    table.wrap = watching_wrap
    assert frame.add(table, canvas)
    return {'frame': frame, 'table': table, 'seen': seen}


def test_every_member_is_there(placed: dict[str, Any]) -> None:
    from reportlab.pdfbase import pdfdoc
    from reportlab.pdfgen.canvas import Canvas
    from reportlab.platypus import flowables, paragraph
    from rst2pdf import pdfbuilder

    from linuxdoc_builders.pdf.reportlab_private import MEMBERS

    objects = {'Frame': placed['frame'], 'Table': placed['table'],
               'paragraph': paragraph, 'flowables': flowables,
               'Paragraph': paragraph.Paragraph('x'),
               'Canvas': Canvas('unused.pdf'), 'pdfdoc': pdfdoc,
               'PDFPage': pdfdoc.PDFPage(), 'pdfbuilder': pdfbuilder}
    assert set(objects) == set(MEMBERS) - {'Flowable'}
    missing = [f'{kind}.{name}' for kind, names in MEMBERS.items()
               for name in names if kind in objects
               and not hasattr(objects[kind], name)]
    assert missing == []
    # a flowable has ``_frame`` only while its frame wraps and splits it
    assert MEMBERS['Flowable'] == ('_frame',)
    assert placed['seen']['frame'] is placed['frame']


def test_the_members_mean_what_linuxpdf_reads(placed: dict[str, Any]
                                              ) -> None:
    from linuxdoc_builders.pdf import reportlab_private as private

    frame, table = placed['frame'], placed['table']
    assert placed['seen']['frame'] is frame
    assert private.empty_frame_height(frame) == 380
    assert private.frame_width(frame) == 288
    assert not private.at_frame_top(frame)
    heights = private.row_heights(table)
    assert len(heights) == 2
    assert all(h is not None and h > 0 for h in heights)
    assert private.column_positions(table)[1:] == pytest.approx(
        [private.column_positions(table)[0] + 100,
         private.column_positions(table)[0] + 150])
    assert private.cell_style(table, 1, 0).topPadding == 7
    values = private.cell_values(table)
    assert [row[1] for row in values] == ['b', 'd']
    assert [type(f).__name__ for f in values[1][0]] == ['Paragraph']


@pytest.mark.parametrize('markup', [
    'see V4L2_PIX_FMT_SBGGR10ALAW8 here',
    'see <font face="Courier">V4L2_PIX_FMT_SBGGR10ALAW8</font> here'])
def test_long_words_break_at_marks_only_inside_the_seam(markup: str
                                                       ) -> None:
    """ReportLab cuts a word too long for its line where it must (plain
    text and text in several fonts take different functions); inside
    the seam it breaks after an underscore, the next line marked, and
    afterwards it is as it was."""
    from reportlab.platypus import Paragraph

    from linuxdoc_builders.pdf.reportlab_private import (
        long_words_broken_at_marks,
    )
    from linuxdoc_builders.pdf.words import CONTINUATION

    def lines() -> list[str]:
        para = Paragraph(markup)
        para.wrap(60, 1000)
        return [' '.join(line[1]) if isinstance(line, tuple)
                else ''.join(f.text for f in line.words)
                for line in para.blPara.lines]

    stock = lines()
    with long_words_broken_at_marks():
        broken = lines()
    assert lines() == stock
    assert broken[:2] == ['see V4L2_', CONTINUATION + 'PIX_FMT_']
    assert stock[0].startswith('see V4L2_P')


def test_a_drawn_paragraph_gets_its_parsed_fragments_back() -> None:
    """ReportLab's wrap puts a paragraph's words, several times their
    size, in place of its parsed fragments, and keeps them; inside the
    seam, a paragraph once drawn (``forget_lines``) has its fragments
    back, and its next wrap breaks the same lines."""
    from reportlab.platypus import Paragraph

    from linuxdoc_builders.pdf.reportlab_private import (
        forget_lines,
        parsed_fragments_kept,
    )

    markup = 'some <b>bold</b> and <i>italic</i> words, more than a line'

    def lines(para: Paragraph) -> list[list[str]]:
        para.wrap(80, 1000)
        return [[f.text for f in line.words] for line in para.blPara.lines]

    stock = Paragraph(markup)
    parsed = stock.frags
    stock_lines = lines(stock)
    forget_lines(stock)
    assert stock.frags is not parsed
    with parsed_fragments_kept():
        para = Paragraph(markup)
        parsed = para.frags
        first = lines(para)
        assert para.frags is not parsed
        forget_lines(para)
        assert para.frags is parsed
        assert 'blPara' not in para.__dict__
        assert lines(para) == first == stock_lines


def test_a_pdf_is_written_as_it_is_formatted() -> None:
    """Inside the seam ReportLab writes each object of the PDF to its
    output as it formats it, not the whole PDF joined at the end; the
    bytes are the same."""
    import io

    from reportlab.pdfgen.canvas import Canvas

    from linuxdoc_builders.pdf.reportlab_private import written_as_formatted

    class Output(io.BytesIO):
        writes = 0

        def write(self, data: Any) -> int:
            self.writes += 1
            return super().write(data)

    def saved(streamed: bool) -> Output:
        output = Output()
        canvas = Canvas(output, invariant=1)
        for page in range(3):
            canvas.drawString(72, 72, f'page {page}')
            canvas.showPage()
        if streamed:
            with written_as_formatted(canvas):
                canvas.save()
        else:
            canvas.save()
        return output

    stock, streamed = saved(False), saved(True)
    assert stock.writes == 1
    assert streamed.writes > 10
    assert streamed.getvalue() == stock.getvalue()


@pytest.mark.parametrize('compressed', [False, True])
def test_a_page_is_held_compressed_until_it_is_written(compressed: bool
                                                       ) -> None:
    """A page's operators, which ReportLab keeps as text until it writes
    the PDF, are held compressed from the end of the page on
    (``hold_last_page``), and the PDF keeps its bytes."""
    import io

    from reportlab.pdfgen.canvas import Canvas

    from linuxdoc_builders.pdf.reportlab_private import hold_last_page

    def saved(held: bool) -> tuple[bytes, list[Any]]:
        output = io.BytesIO()
        canvas = Canvas(output, invariant=1, pageCompression=compressed)
        for page in range(3):
            for line in range(100):
                canvas.drawString(72, 72 + line, f'page {page} line {line} é')
            canvas.showPage()
            if held:
                hold_last_page(canvas)
        pages = [page.Contents if held else page.stream
                 for page in canvas._doc.Pages.pages]
        canvas.save()
        return output.getvalue(), pages

    stock, text = saved(False)
    pdf, held = saved(True)
    assert pdf == stock
    assert all(isinstance(stream, str) for stream in text)
    for stream, kept in zip(text, held, strict=True):
        assert len(kept._held) * 5 < len(stream)
        assert kept.content == stream


def test_a_pdf_goes_straight_into_its_file(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """Inside the seam rst2pdf's Sphinx writer writes the PDF into the
    file Sphinx opened for it, and hands nothing to write afterwards
    (``written_to_destination``): it kept the whole PDF in memory, then
    wrote it.  The file holds the same bytes; one that fails is left
    empty."""
    from docutils.io import FileOutput
    from reportlab.pdfgen.canvas import Canvas
    from rst2pdf import pdfbuilder

    from linuxdoc_builders.pdf.reportlab_private import (
        written_to_destination,
    )

    def rendered(self: Any) -> None:
        """rst2pdf's ``translate`` but for its renderer: a canvas saved
        into the ``BytesIO`` it makes, its value the output."""
        memory = pdfbuilder.BytesIO()
        canvas = Canvas(memory, invariant=1)
        canvas.drawString(72, 72, 'a page')
        canvas.showPage()
        canvas.save()
        if self.fail:
            raise RuntimeError('failed')
        self.output = memory.getvalue()

    monkeypatch.setattr(pdfbuilder.PDFWriter, 'translate', rendered)

    def written(name: str, fail: bool = False) -> tuple[bytes, Any]:
        writer = object.__new__(pdfbuilder.PDFWriter)
        writer.fail = fail
        target = tmp_path / name
        with open(target, 'wb') as output:
            writer.destination = FileOutput(destination=output,
                                            encoding='utf-8',
                                            autoclose=False)
            try:
                writer.translate()
            except RuntimeError:
                pass
            else:
                writer.destination.write(writer.output)
        return target.read_bytes(), getattr(writer, 'output', None)

    stock, kept = written('stock.pdf')
    assert stock.startswith(b'%PDF') and kept == stock
    with written_to_destination():
        direct, handed = written('direct.pdf')
        failed, _ = written('failed.pdf', fail=True)
    assert direct == stock
    assert handed == b''
    assert failed == b''
    assert pdfbuilder.PDFWriter.translate is rendered
