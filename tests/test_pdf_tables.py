# SPDX-License-Identifier: GPL-2.0-only
"""Tables in linuxpdf, read back from the PDF: stub and header styles,
one background per merged cell, header rows on every page, merged
content that grows its rows, code that stays in its cell, and tables
taller than a page cut with a marker instead of failing the PDF.

Each check also runs on stock rst2pdf's output where stock gets it
wrong, so it is shown to be able to fail.
"""

from __future__ import annotations

import re
from pathlib import Path
from typing import NamedTuple

import pytest
from golden import assert_golden
from pdf_dump import MONO, Span, dump, fill_at, spans
from tools import built_pdf, sphinx_build, typed

from linuxdoc_builders.pdf.words import CONTINUATION

ROOTS = Path(__file__).parent / 'roots'

#: Stock rst2pdf on the same sources, its PDF as deterministic as ours.
STOCK = ('-b', 'pdf', '-D', 'extensions=linuxdoc_builders,rst2pdf.pdfbuilder',
         '-D', 'pdf_invariant=1')

#: The cover page shows the date; goldens must not.
FIXED_DATE = ('-D', 'today=the day')


class Built(NamedTuple):
    pdf: Path
    stderr: str
    returncode: int
    #: what ``-v`` adds, for the builds that ask for it
    stdout: str = ''


def _build(tmp: Path, root: str, name: str, *options: str) -> Built:
    out = tmp / f'{root}-{len(options)}'
    result = sphinx_build('-E', *options, *FIXED_DATE, ROOTS / f'test-{root}',
                          out, cwd=tmp)
    return Built(built_pdf(out, name, options), result.stderr,
                 result.returncode, result.stdout)


@pytest.fixture(scope='module')
def tables(tmp_path_factory: pytest.TempPathFactory) -> Built:
    built = _build(tmp_path_factory.mktemp('pdf'), 'tables', 'tables',
                   '-b', 'linuxpdf')
    assert built.returncode == 0, built.stderr
    return built


@pytest.fixture(scope='module')
def layout(tmp_path_factory: pytest.TempPathFactory) -> Built:
    return _build(tmp_path_factory.mktemp('pdf'), 'pdf-layout',
                  'pdf-layout', '-b', 'linuxpdf')


@pytest.fixture(scope='module')
def stock_tables(tmp_path_factory: pytest.TempPathFactory) -> Built:
    return _build(tmp_path_factory.mktemp('pdf'), 'tables', 'tables', *STOCK)


@pytest.fixture(scope='module')
def hard(tmp_path_factory: pytest.TempPathFactory) -> Built:
    """The test-pdf-hard root: tall.pdf, and nested.pdf beside it.  With
    ``-v``: a cut is said only there."""
    return _build(tmp_path_factory.mktemp('pdf'), 'pdf-hard', 'tall',
                  '-v', '-b', 'linuxpdf')


@pytest.fixture(scope='module')
def stock_layout(tmp_path_factory: pytest.TempPathFactory) -> Built:
    return _build(tmp_path_factory.mktemp('pdf'), 'pdf-layout', 'pdf-layout',
                  *STOCK)


@pytest.fixture(scope='module')
def stock_hard(tmp_path_factory: pytest.TempPathFactory) -> Built:
    return _build(tmp_path_factory.mktemp('pdf'), 'pdf-hard', 'tall',
                  *STOCK)


def _find(found: list[Span], text: str) -> Span:
    matches = [s for s in found if s.text == text]
    assert matches, f'{text!r} is not in the PDF'
    return matches[0]


STUBS = ['CTRL', 'STATUS', 'colours', 'warm', 'cold', 'sizes', 'small']
DATA = ['enable', 'reset', 'interrupt', 'red', 'orange', 'blue', 'left']
HEADERS = ['Register', 'Bit', 'Group', 'Member', 'Name', 'min', 'Notes']


def _weights(pdf: Path, texts: list[str]) -> dict[str, bool]:
    found = spans(pdf)
    return {text: _find(found, text).bold for text in texts}


def test_stub_and_header_cells_are_bold_and_data_cells_not(
        tables: Built, stock_tables: Built) -> None:
    weights = _weights(tables.pdf, STUBS + DATA + HEADERS)
    assert [t for t in STUBS + HEADERS if not weights[t]] == []
    assert [t for t in DATA if weights[t]] == []
    # rst2pdf never reads ``stub``
    stock = _weights(stock_tables.pdf, STUBS)
    assert [t for t in STUBS if stock[t]] == []


def _backgrounds(built: Built, merged: str, rows: list[str]
                 ) -> set[tuple[float, ...] | None]:
    """The fills behind a merged cell, sampled beside each row it spans
    (``rows``: a text in each of those rows, right of the merged cell)."""
    found = spans(built.pdf)
    cell = _find(found, merged)
    return {fill_at(built.pdf, cell.page, cell.x0 + 1,
                    (row.y0 + row.y1) / 2)
            for row in (_find(found, text) for text in rows or [merged])}


MERGED = [('CTRL', ['enable', 'reset', 'interrupt']),
          ('warm', ['red', 'orange']),
          ('left', ['b', 'd']),
          ('group 3', ['REG3_0', 'REG3_4', 'REG3_7'])]


@pytest.mark.parametrize(('merged', 'rows'), MERGED)
def test_a_merged_cell_has_one_background(
        tables: Built, stock_tables: Built, merged: str,
        rows: list[str]) -> None:
    assert len(_backgrounds(tables, merged, rows)) == 1
    # rst2pdf stripes row by row, through the merged cell
    assert len(_backgrounds(stock_tables, merged, rows)) > 1


def _pages_missing_header(built: Built) -> list[int]:
    """Pages of the two-header-row table that lack a header row."""
    found = spans(built.pdf)
    pages = sorted({s.page for s in found if s.text.startswith('GRP')})
    return [page for page in pages
            if not {'Register', 'Name', 'Meaning'} <= {
                s.text for s in found if s.page == page}]


def test_all_header_rows_repeat_on_every_page(
        layout: Built, stock_layout: Built) -> None:
    found = spans(layout.pdf)
    assert len({s.page for s in found if s.text.startswith('GRP')}) >= 3
    assert _pages_missing_header(layout) == []
    assert _pages_missing_header(stock_layout) != []


def test_header_rows_can_be_left_to_the_first_page(
        tmp_path: Path, tables: Built) -> None:
    """``linuxdoc_pdf_repeat_header_rows = False``: the header only where
    the long table begins, and its stripes go on as before on the later
    pages (whose parts then have no header row of their own)."""
    once = _build(tmp_path, 'tables', 'tables', '-b', 'linuxpdf',
                  '-D', 'linuxdoc_pdf_repeat_header_rows=0')
    assert once.returncode == 0, once.stderr
    found = spans(once.pdf)
    pages = sorted({s.page for s in found if s.text.startswith('REG')})
    headed = [p for p in pages if {'Group', 'Register', 'Meaning'}
              <= {s.text for s in found if s.page == p}]
    assert len(pages) >= 3
    assert headed == pages[:1]
    for group in ('group 2', 'group 7', 'group 12', 'group 15'):
        assert _backgrounds(once, group, []) == _backgrounds(
            tables, group, [])


def _overlaps(found: list[Span]) -> list[tuple[str, str]]:
    """Pairs of text spans that overlap on a page, i.e. text printed over
    other text.  A span's box is its font's full height, so the boxes of
    consecutive lines touch; the middle half of each is compared."""
    pairs = []
    for i, a in enumerate(found):
        for b in found[i + 1:]:
            a_mid, b_mid = _middle_half(a), _middle_half(b)
            if (a.page == b.page and min(a.x1, b.x1) - max(a.x0, b.x0) > 1
                    and min(a_mid[1], b_mid[1]) > max(a_mid[0], b_mid[0])):
                pairs.append((a.text, b.text))
    return pairs


def _middle_half(span: Span) -> tuple[float, float]:
    quarter = (span.y1 - span.y0) / 4
    return span.y0 + quarter, span.y1 - quarter


def test_no_text_is_printed_over_other_text(tables: Built, layout: Built,
                                            hard: Built) -> None:
    """Content taller than the rows of its merged cell grows them
    (the 'Tall content' table) instead of running into the next row."""
    assert _overlaps(spans(tables.pdf)) == []
    assert _overlaps(spans(layout.pdf)) == []
    assert _overlaps(spans(hard.pdf)) == []


LONG_LINE = ('static const struct v4l2_ioctl_ops vivid_ioctl_ops = { '
             '.vidioc_querycap = vidioc_querycap, .vidioc_enum_fmt_vid_cap '
             '= vidioc_enum_fmt_vid_cap };')


def _table_right_edge(built: Built, page: int) -> float:
    import pymupdf
    with pymupdf.open(built.pdf) as document:
        return max(item[1].x1 if item[0] == 're' else item[2].x
                   for drawing in document[page].get_drawings()
                   if drawing.get('fill') is None
                   for item in drawing['items'] if item[0] in ('re', 'l'))


def test_code_stays_inside_its_cell(layout: Built,
                                    stock_layout: Built) -> None:
    found = spans(layout.pdf)
    code = [s for s in found if 'vivid' in s.text or 'vidioc' in s.text]
    page = code[0].page
    edge = _table_right_edge(layout, page)
    assert [s.text for s in code if s.x1 > edge + 0.5] == []
    # wrapped, not cut: the long line is all there
    label = _find(found, 'wrapped')
    wrapped = ''.join(s.text.removeprefix('»').strip() + ' '
                      for s in found if s.page == page
                      and s.font.startswith(MONO)
                      and s.y0 >= label.y0 - 2)
    assert ' '.join(wrapped.split()).replace(' ', '') == \
        LONG_LINE.replace(' ', '')
    stock = spans(stock_layout.pdf)
    page = _find(stock, 'wrapped').page
    assert max(s.x1 for s in stock if s.page == page) > \
        _table_right_edge(stock_layout, page)


def _pages_with(found: list[Span], start: str) -> list[int]:
    return sorted({s.page for s in found if s.text.startswith(start)})


def test_tables_taller_than_a_page_are_cut_with_a_marker(hard: Built
                                                         ) -> None:
    assert hard.returncode == 0, hard.stderr
    assert 'Traceback' not in hard.stderr
    # said with -v only, at each table's line: nothing is lost
    assert 'taller than a page' not in hard.stderr
    said = re.findall(r'index\.rst:(\d+): a row span or cell of this '
                      r'table is taller than a page', hard.stdout)
    assert said == ['9', '170']
    found = spans(hard.pdf)
    texts = [s.text for s in found if not s.text.endswith('(continued)')]
    assert [n for n in range(150) if texts.count(f'line {n}') != 1] == []
    paragraphs = ' '.join(texts)
    assert [n for n in range(80)
            if paragraphs.count(f'Paragraph {n} of a cell') != 1] == []
    # a marker at the top of every page the cut cell goes on to
    span_pages = _pages_with(found, 'line ')
    cell_pages = _pages_with(found, 'Paragraph ')
    assert len(span_pages) >= 3
    assert len(cell_pages) >= 3
    assert _pages_with(found, 'tall (continued)') == span_pages[1:]
    assert _pages_with(found, 'Paragraph 0 of a cell that goes on '
                              'for\N{HORIZONTAL ELLIPSIS} (continued)'
                       ) == cell_pages[1:]


def test_a_table_nested_in_a_narrow_cell_is_scaled_to_fit(hard: Built
                                                          ) -> None:
    """Laid out wider and scaled down, words broken (each further line
    marked), but there (stock rst2pdf gives up on the whole PDF)."""
    text = ''.join(s.text for s in spans(hard.pdf.with_name('nested.pdf'))
                   ).replace(CONTINUATION, '')
    assert 'innertableoffivecolumnsouterwide' in text


def test_an_option_taller_than_a_page_is_split_inside_its_row(
        hard: Built) -> None:
    """rst2pdf sets an option list entry as a one-row table; ReportLab
    cannot split it between rows, so the row is split, said (with ``-v``)
    at the first line of the description (docutils gives an option list
    and its items no line of their own)."""
    assert len(re.findall(
        r'options\.rst:12: a box taller than a page is split '
        r'inside its row: '
        r'"--device NAME Paragraph 0 of an option\N{HORIZONTAL ELLIPSIS}"',
        hard.stdout)) == 1
    text = ' '.join(s.text for s in spans(hard.pdf.with_name('options.pdf')))
    assert [n for n in range(90)
            if text.count(f'Paragraph {n} of an option') != 1] == []
    assert 'After the options.' in text


def test_stock_rst2pdf_gives_up_on_the_same_tables(stock_hard: Built
                                                   ) -> None:
    """The control: rst2pdf leaves 0-byte PDFs and says success."""
    assert stock_hard.returncode == 0
    for name in ('tall.pdf', 'nested.pdf', 'options.pdf'):
        assert stock_hard.pdf.with_name(name).stat().st_size == 0, name


def test_impossible_geometry_is_reported_and_rendered(tmp_path: Path
                                                       ) -> None:
    """Spans past the end, huge, negative or overlapping (from another
    directive): warned about at the table's line, and the PDF is written;
    stock rst2pdf writes 0 bytes, says nothing of where, and exits 0."""
    built = _build(tmp_path, 'html-geometry', 'impossible geometry',
                   '-b', 'linuxpdf')
    assert built.returncode == 0, built.stderr
    assert 'Traceback' not in built.stderr
    assert len(re.findall(r'index\.rst:6: WARNING: table row \d+, entry '
                          r'\d+: .*' + re.escape(typed('', 'linuxdoc.table')),
                          built.stderr)) == 6
    texts = {s.text for s in spans(built.pdf)}
    assert {'wide', 'lonely', 'After the table.'} <= texts
    assert 'no-room' not in texts
    # stock: rst2pdf alone, without the repair our extension brings to
    # every builder
    stock = _build(tmp_path, 'html-geometry', 'impossible geometry',
                   '-b', 'pdf', '-D', 'extensions=rst2pdf.pdfbuilder',
                   '-D', 'pdf_invariant=1')
    assert stock.returncode == 0
    assert stock.pdf.stat().st_size == 0
    assert 'index.rst' not in stock.stderr


GOLDENS = [('tables', 'tables'), ('pdf-layout', 'pdf-layout'),
           ('pdf-hard', 'tall'), ('pdf-hard', 'nested'),
           ('pdf-hard', 'options')]


@pytest.mark.parametrize(('root', 'name'), GOLDENS)
def test_structure_golden(root: str, name: str, tables: Built,
                          layout: Built, hard: Built,
                          update_goldens: bool) -> None:
    built = {'tables': tables, 'pdf-layout': layout, 'pdf-hard': hard}[root]
    assert_golden(dump(built.pdf.with_name(f'{name}.pdf')),
                  f'{root}/linuxpdf/{name}.txt', update_goldens)


#: A block-quoted table (rst2pdf sets a block quote as a one-row table
#: of its own), as the kernel's scsi/hptiop.rst has them.
QUOTED_TABLE = '''
For Intel IOP based adapters:

     ============== ==================================
     BAR0 offset    Register
     ============== ==================================
            0x10    Inbound Message Register 0
            0x14    Inbound Message Register 1
            0x18    Outbound Message Register 0
            0x1C    Outbound Message Register 1
            0x20    Inbound Doorbell Register
     ============== ==================================
'''


def test_a_block_quoted_table_at_a_page_foot_repeats_its_header(
        tmp_path: Path) -> None:
    """The same table after 30 to 49 lines of text, each case on a page
    of its own, so that some begin at the page's foot.  Its header row
    took "more than half a page" of the room left there and was not
    repeated, and its first row was cut into an empty sliver (7 tables
    of the kernel tree)."""
    src = tmp_path / 'src'
    src.mkdir()
    (src / 'conf.py').write_text(
        "extensions = ['linuxdoc_builders']\n"
        "pdf_documents = [('index', 'foot', 'Foot', 'me')]\n")
    cases = [f'.. raw:: pdf\n\n   PageBreak\n\nCase {n}\n--------\n\n'
             + ''.join(f'Filler line {k} of case {n}.\n\n' for k in range(n))
             + QUOTED_TABLE for n in range(30, 50)]
    (src / 'index.rst').write_text('Foot\n====\n\n' + '\n'.join(cases))
    result = sphinx_build('-b', 'linuxpdf', src, tmp_path / 'out',
                          cwd=tmp_path)
    assert result.returncode == 0, result.stderr
    assert 'WARNING' not in result.stderr, result.stderr
    import pymupdf

    with pymupdf.open(tmp_path / 'out' / 'foot.pdf') as document:
        pages = [page.get_text() for page in document]
    # every page with rows of a table has its header, and every row of
    # each case is there once
    for text in pages:
        if re.search(r'^0x(?:10|14|18|1C|20)$', text, re.MULTILINE):
            assert 'BAR0 offset' in text, text
    whole = '\n'.join(pages)
    assert whole.count('Inbound Doorbell Register') == 20
    assert whole.count('Inbound Message Register 0') == 20
    assert '(continued)' not in whole
