# SPDX-License-Identifier: GPL-2.0-only
"""Both PDF routes hide nothing and shrink nothing past reading.

``tests/roots/test-hide-nothing`` holds what the table work left: words
with no break character in narrow columns (a 62-digit hex value,
CamelCase, a German compound), a table nested in a cell beside a long
identifier, 24 short columns, a single paragraph taller than a page in a
cell, a table taller than a page with tables in its cells, a page of
fields with empty bodies, identifiers longer than a line in running
text.  Each route's PDF is read back: no character past the page's edge,
over other text or under a fill; every word there, once; no text below
half the body size; and a word broken where it has no break character
carries the continuation mark at the start of its next line; two merged
cells one above the other are told apart by a rule or a change of
background; each table is numbered as HTML numbers it (Sphinx's numbers:
"Table 2", where LaTeX counted "Table 1.2" in its chapter); header rows
taller than half a page are set once in full and repeated shortened;
code lines with no point to break them at are broken anywhere, and a
chapter title longer than the page footer's line is not set over the
page number.
"""

from __future__ import annotations

import re
from collections import Counter
from pathlib import Path

import pymupdf
import pytest
from pdf_visible import CONTINUATION_MARKS, hidden_text, page_text
from tools import make_latex_pdfs, sphinx_build

ROOT = Path(__file__).parent / 'roots' / 'test-hide-nothing'
HEX = '0x' + ''.join('0123456789abcdef'[i % 16] for i in range(60))
IDENT = ('this_is_a_very_long_identifier_name_that_goes_on_and_on_and_on_'
         'beyond_one_line_of_text_surely')
#: The body's size in both routes.
BODY = 10.0
#: The size of xelatex's monospaced text against the text around it
#: (Sphinx's ``\\setmonofont{FreeMono}[Scale=0.9]``); linuxpdf's is 1.
MONO = 0.9


@pytest.fixture(scope='module', params=['linuxlatex', 'linuxpdf'])
def built(request: pytest.FixtureRequest,
          tmp_path_factory: pytest.TempPathFactory) -> tuple[Path, str]:
    """The root's PDF from one route, and sphinx-build's messages."""
    out = tmp_path_factory.mktemp(request.param)
    result = sphinx_build('-b', request.param, ROOT, out, cwd=out.parent)
    assert result.returncode == 0, result.stderr
    assert 'Traceback' not in result.stderr
    if request.param == 'linuxlatex':
        assert make_latex_pdfs(out) == []
    return out / 'hidenothing.pdf', result.stderr


def test_no_character_is_hidden(built: tuple[Path, str]) -> None:
    pdf, _ = built
    hidden = hidden_text(pdf)
    assert hidden == [], Counter((h.why, h.word) for h in hidden)


def test_every_word_is_there_once(built: tuple[Path, str]) -> None:
    pdf, _ = built
    text = page_text(pdf)
    for word in (HEX, 'END_OF_NARROW', 'inner_one', 'inner_six',
                 'OUTER_LAST_' + IDENT, 'END_OF_OUTER', 'r2c23',
                 'ROW_AFTER_THE_TALL_CELL', IDENT.upper(), 'END_OF_TEXT',
                 'v2x79', 'CELL_TARGET_ADDRESS_TYPE_TV',
                 'CELL_TARGET_ADDRESS_TYPE_RECORD'):
        assert text.count(word) == 1, word
    assert sorted(re.findall(r'TINY(\d+X\d+)QWERTYUIOP_ASDFGHJKLZ', text)) \
        == sorted(f'{r}X{c}' for r in range(3) for c in range(12))
    assert sorted(re.findall(r'SUBWORD(\d+X\d+)ABCDEFGH', text)) \
        == sorted(f'{r}X{c}' for r in range(2) for c in range(16))
    assert text.count(IDENT) == 3
    # a table of 10 rows with a table in each, taller than a page
    assert sorted(re.findall(r'NESTED(\d+X\d+)', text)) \
        == sorted(f'{r}X{c}' for r in range(10) for c in range(8))
    assert sorted(re.findall(r'OPTEND(\d+)', text)) \
        == [str(r) for r in range(10)]
    assert text.count('TERMSTART.instance.INSTANCE.event.GROUP.EVENT.hist.N.'
                      'onmax.onchange.M.snapshot.and.so.on.for.another.while.'
                      'TERMEND') == 1
    # a run of fields with empty bodies, longer than a page
    assert sorted(re.findall(r'EMPTYFIELD(\d+)', text)) \
        == sorted(str(n) for n in range(100))
    # code lines with no break point, cut anywhere (a line may go on to
    # the next page, after the running titles)
    body = _body_text(pdf)
    for line in range(1, 61):
        assert body.count(f'CODELINE{line:02d}') == 1, line
        assert body.count(f'LINEEND{line:02d}') == 1, line
    assert body.count('*') == 30 * 110
    # linuxpdf names a cut cell on the next page by its first words
    text = re.sub(r'Phrase1of[^…(]{0,40}…\(continued\)', '', text)
    phrases = re.findall(r'Phrase(\d+)of', text)
    assert sorted(map(int, phrases)) == list(range(1, 301))


def _body_text(pdf: Path) -> str:
    """:func:`page_text` without the pages' running titles and numbers:
    the text between the top and bottom 50 points."""
    with pymupdf.open(pdf) as document:
        text = ''.join(
            ''.join(page.get_text(clip=pymupdf.Rect(
                0, 50, page.rect.width, page.rect.height - 50)).split())
            for page in document)
    for mark in CONTINUATION_MARKS:
        text = text.replace(mark, '')
    return text


def test_no_text_below_half_the_body_size(built: tuple[Path, str]) -> None:
    """Against the size of the text's own font in the body: Sphinx sets
    xelatex's FreeMono at :data:`MONO` of the text's size.  The table
    the source sets ``\\tiny`` (half the body's size) is not set
    smaller still (LaTeX set it at 2.2pt, a 0.44 share of its size), nor
    are the subscripts of a table scaled down (linuxpdf's were at 4pt),
    nor those of a table the source sets ``\\scriptsize`` and LaTeX
    scales further (3.7pt: LaTeX's script ratio of a size it does not
    name)."""
    pdf, _ = built
    mono = MONO if pdf.parent.name.startswith('linuxlatex') else 1.0
    with pymupdf.open(pdf) as document:
        sizes = {round(span['size'] / (mono if 'Mono' in span['font']
                                       else 1.0), 1)
                 for page in document
                 for block in page.get_text('dict')['blocks']
                 for line in block.get('lines', ())
                 for span in line['spans'] if span['text'].strip()}
    assert min(sizes) >= BODY / 2 - 0.05, sorted(sizes)


def test_a_word_broken_inside_is_marked(built: tuple[Path, str]) -> None:
    """The hex value has no break character: where a line cuts it, the
    next line begins with the mark."""
    pdf, _ = built
    with pymupdf.open(pdf) as document:
        lines = [line for page in document
                 for line in page.get_text().splitlines()]
    marked = [line for line in lines
              if line.startswith(CONTINUATION_MARKS)]
    assert any(line.lstrip(''.join(CONTINUATION_MARKS)
                           ).startswith(tuple('0123456789abcdef'))
               for line in marked), marked
    assert any(line.endswith('_') for line in lines)


def _boundary_seen(page: pymupdf.Page, upper: str, lower: str) -> bool:
    """Whether a rule (a stroked line, or a filled rectangle thinner than
    1.5pt, as TeX draws its rules) runs between ``upper`` and the cell
    ``lower`` below it, across the middle of ``upper``; or the two cells'
    backgrounds differ there."""
    top = page.search_for(upper)[0]
    bottom = page.search_for(lower)[0]
    middle = (top.x0 + top.x1) / 2
    fills: dict[str, tuple[float, ...] | None] = {'upper': None,
                                                  'lower': None}
    for drawing in page.get_drawings():
        for item in drawing['items']:
            if item[0] == 'l':
                a, b = item[1], item[2]
                if abs(a.y - b.y) < 0.5 and \
                        min(a.x, b.x) <= middle <= max(a.x, b.x) and \
                        top.y1 - 1 <= a.y <= bottom.y0 + 1:
                    return True
            elif item[0] == 're':
                rect = item[1]
                if 0.1 < rect.height < 1.5 and \
                        drawing.get('fill') not in (None, (1.0, 1.0, 1.0)) \
                        and rect.x0 <= middle <= rect.x1 and \
                        top.y1 - 1 <= rect.y0 <= bottom.y0 + 1:
                    return True
                for name, y in (('upper', top.y1 - 1), ('lower',
                                                        bottom.y0 + 1)):
                    if drawing.get('fill') is not None and \
                            rect.contains(pymupdf.Point(middle, y)):
                        fills[name] = tuple(drawing['fill'])
    return fills['upper'] != fills['lower']


def test_merged_cells_one_above_the_other_are_apart(
        built: tuple[Path, str]) -> None:
    """Sphinx's "complex spanning cell" table: ``cell2-3`` begins below
    ``cell1-3`` in a row where only merged cells begin, ``cell3-5``
    below ``cell1-5`` where it ends."""
    pdf, _ = built
    with pymupdf.open(pdf) as document:
        page = next(p for p in document if 'cell1-3' in p.get_text())
        assert _boundary_seen(page, 'cell1-3', 'cell2-3')
        assert _boundary_seen(page, 'cell1-5', 'cell3-5')


def test_tables_are_numbered_as_in_html(built: tuple[Path, str]) -> None:
    """The twelve captioned tables, numbered 1 to 12 as ``numfig`` numbers
    them for HTML and ``:numref:``; the one nested in a cell has no
    caption and no number."""
    pdf, _ = built
    with pymupdf.open(pdf) as document:
        text = ' '.join(page.get_text() for page in document)
    # LaTeX repeats a long table's number on the pages it goes on to
    numbers = list(dict.fromkeys(re.findall(r'Table (\d+(?:\.\d+)*)',
                                            text)))
    assert numbers == [str(n) for n in range(1, 13)], numbers


def test_list_items_in_a_stub_cell_are_set_as_stubs(
        built: tuple[Path, str]) -> None:
    """A stub cell's list items in the font of a stub's paragraph, and a
    data cell's in the body's (linuxpdf set them as data)."""
    pdf, _ = built
    fonts: dict[str, set[str]] = {}
    with pymupdf.open(pdf) as document:
        for page in document:
            for block in page.get_text('dict')['blocks']:
                for line in block.get('lines', ()):
                    for span in line['spans']:
                        for word in span['text'].split():
                            fonts.setdefault(word, set()).add(span['font'])
    assert fonts['item'] == fonts['plain'], fonts
    assert fonts['value'] == fonts['beside.'], fonts
    assert fonts['item'] != fonts['value']


def test_a_table_of_eighty_columns_is_set_in_column_groups(
        built: tuple[Path, str]) -> None:
    """More columns than half a line holds at two characters each: set
    as tables of groups of its columns, each saying which, the stub
    column again in each, every value once."""
    pdf, stderr = built
    assert 'it is set as' in stderr and 'tables of some of its columns' \
        in stderr
    text = page_text(pdf)
    groups = re.findall(r'\(columns(\d+)-(\d+)of81\)', text)
    assert len(groups) > 1
    assert groups[0][0] == '2' and groups[-1][1] == '81'
    assert [int(b) + 1 for _, b in groups[:-1]] == [
        int(a) for a, _ in groups[1:]]
    assert text.count('REG_0') == len(groups)
    assert sorted(map(int, re.findall(r'v1x(\d+)', text))) == list(
        range(80))


def test_a_header_taller_than_a_page_is_set_once_in_full(
        built: tuple[Path, str]) -> None:
    """A header row of 700 words: every word once in full, the body rows
    after it, and on the pages the table continues on the header again
    shortened to a line (LaTeX repeated the header's first lines on
    every page and set neither the rest of it nor the body)."""
    pdf, _ = built
    text = page_text(pdf)
    # the repeated header: the first cell cut to a line, the second
    # whole or cut too
    short = r'(?:HW\d+Q)+(?:HW?\d*)?…(?:SHORTHEAD|[A-Z]*…)?'
    assert re.findall(short, text)
    full = re.sub(short, '', text)
    assert sorted(map(int, re.findall(r'HW(\d+)Q', full))) == list(
        range(700))
    # LaTeX names a cut cell on the next page by its text
    assert full.replace('SHORTHEAD(continued)', '').count('SHORTHEAD') == 1
    assert sorted(map(int, re.findall(r'BODYROW(\d+)', text))) == list(
        range(30))
    assert text.index('HW699Q') < text.index('BODYROW0')


def test_a_link_to_a_target_in_a_cell_lands_on_its_page(
        built: tuple[Path, str]) -> None:
    """The target before a cell's identifier keeps its place when the
    identifier is broken (linuxpdf moves its anchor one character into
    the word, where ReportLab breaks it)."""
    pdf, _ = built
    with pymupdf.open(pdf) as document:
        pages = [page.number for page in document for link in
                 page.get_links() if 'second target' in page.get_textbox(
                     link['from'] + (-1, -1, 1, 1))]
        assert pages
        target = document[pages[0]].get_links()
        landed = [document[link['page']].get_text() for link in target
                  if link.get('page', -1) >= 0 and 'second target' in
                  document[pages[0]].get_textbox(
                      link['from'] + (-1, -1, 1, 1))]
    assert landed
    text = ''.join(landed[0].split())
    for mark in CONTINUATION_MARKS:
        text = text.replace(mark, '')
    assert 'CELL_TARGET_ADDRESS_TYPE_RECORD' in text
