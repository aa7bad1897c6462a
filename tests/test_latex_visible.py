# SPDX-License-Identifier: GPL-2.0-only
"""linuxlatex hides no text: checked by reading the compiled PDF.

The ``latex-overflow`` root holds what stock Sphinx hides: a 120-row
table without widths whose stub column of ``V4L2_PIX_FMT_*`` names runs
under the next column's colour, a 300-column table whose columns past the
page's edge vanish (set as tables of groups of its columns here), a
cell taller than a page (its end and the next row were lost), and long
identifiers in narrow columns.  It is compiled with
xelatex (the kernel's engine) and pdflatex; every character must be
visible (:mod:`pdf_visible`), every cell's text present, and the stock
translator must fail the same checks.
"""

from __future__ import annotations

import re
import subprocess
from pathlib import Path
from types import SimpleNamespace
from typing import Any

import pymupdf
import pytest
import sphinx
from docutils import nodes
from docutils.core import publish_doctree
from pdf_visible import hidden_text, page_text
from tools import latexmk, make_latex_pdfs, sphinx_build

from linuxdoc_builders.colspec import (
    flexible_columns,
    parse_spec,
    with_widths,
)
from linuxdoc_builders.latex.given_widths import (
    Setting,
    line_width,
    page_share,
    setting_of,
)
from linuxdoc_builders.latex.overfull import main, overfull_tables
from linuxdoc_builders.latex.widths import (
    break_points,
    cell_extent,
    split_text,
)

ROOT = Path(__file__).parent / 'roots' / 'test-latex-overflow'
PDF = 'latexoverflow.pdf'
SIGNATURES = Path(__file__).parent / 'roots' / 'test-latex-signatures'
TALL_SPEC = Path(__file__).parent / 'roots' / 'test-latex-tall-spec'
GIVEN = Path(__file__).parent / 'roots' / 'test-latex-given-widths'
ENGINES = ('xelatex', 'pdflatex')


@pytest.fixture(scope='module')
def compiled(tmp_path_factory: pytest.TempPathFactory) -> Any:
    """Build and compile the root once per engine and builder; returns
    the output directory and sphinx-build's messages."""
    latexmk()
    built: dict[tuple[str | Path, ...], tuple[Path, str]] = {}

    def get(engine: str, *options: str,
            root: Path = ROOT) -> tuple[Path, str]:
        key = (root, engine, *options)
        if key not in built:
            out = tmp_path_factory.mktemp(f'{root.name}-{engine}')
            result: subprocess.CompletedProcess[str] = sphinx_build(
                '-q', '-D', f'latex_engine={engine}', *options,
                '-d', out / '.doctrees', root, out, cwd=out.parent)
            assert result.returncode == 0, result.stderr
            assert 'Traceback' not in result.stderr
            assert make_latex_pdfs(out) == []
            built[key] = (out, result.stderr)
        return built[key]

    return get


def _missing_text(pdf: Path) -> list[str]:
    """The cells' texts the PDF does not show (white space ignored)."""
    text = page_text(pdf)
    expected = [f'V4L2_PIX_FMT_FOO{i:03d}' for i in range(1, 121)]
    # the 300 columns in groups, each under a line saying which, in order
    groups = [(int(a), int(b)) for a, b in
              re.findall(r'\(columns(\d+)-(\d+)of300\)', text)]
    if [b + 1 for _, b in groups[:-1]] + [301] != [a for a, _ in
                                                  groups[1:]] + [301] or \
            not groups or groups[0][0] != 1 or groups[-1][1] != 300:
        expected.append(f'column groups of 1 to 300, not {groups}')
    for first, last in groups:
        expected += [''.join(f'H{i}' for i in range(first, last + 1)),
                     ''.join(str(i) for i in range(first, last + 1))]
    expected += [f'Paragraph{i}ofthetallcell' for i in range(1, 61)]
    expected += ['LASTLINEOFTHETALLCELL.ROW_AFTER_TALL',
                 'V4L2_CID_STATELESS_HEVC_ENTRY_POINT_OFFSETS',
                 'drm_plane_create_zpos_immutable_property()',
                 'www.kernel.org/doc/html/latest/userspace-api/media/'
                 'index.html']
    return [e for e in expected if e not in text]


@pytest.mark.parametrize('engine', ENGINES)
def test_every_cell_is_visible(compiled: Any, engine: str) -> None:
    """No character past the page's edge, under a fill painted after it
    or over other text, and every cell's text where it belongs: whole
    identifiers, 300 headers in order, the tall cell's end followed by
    the next row."""
    out, _ = compiled(engine, '-b', 'linuxlatex')
    assert hidden_text(out / PDF) == []
    assert _missing_text(out / PDF) == []
    assert overfull_tables(out / 'latexoverflow.tex') == []


def test_stock_translator_fails_the_same_checks(compiled: Any) -> None:
    """The checks can fail: Sphinx's own writer hides the stub column's
    ends under the next column, the 300 columns past the page's edge,
    and the tall cell's end and the row after it."""
    out, _ = compiled('pdflatex', '-b', 'latex',
                      '-D', 'linuxdoc_latex_translator=0')
    hidden = hidden_text(out / PDF)
    assert {h.why for h in hidden} == {'past the edge', 'under a fill',
                                       'over other text'}
    if sphinx.version_info >= (9,):
        # Sphinx 9 puts every cell in a varwidth box of an equal share of
        # the line: the stub column's names run under the next column
        under = {h.word for h in hidden if h.why == 'under a fill'}
        assert {'V4L2_PIX_FMT_FOO001', 'V4L2_PIX_FMT_FOO120'} <= under
    assert 'LASTLINEOFTHETALLCELL.ROW_AFTER_TALL' in _missing_text(out / PDF)


def _cell_texts(root: Path) -> list[str]:
    """The texts of the ``latex-tall-spec`` root's cells, without white
    space (the cells' words are too short to be hyphenated)."""
    text = (root / 'index.rst').read_text(encoding='utf-8')
    return [''.join(line.split('- ', 1)[1].split())
            for line in text.splitlines()
            if line.lstrip().startswith(('* - R', '- R'))]


@pytest.mark.parametrize('engine', ENGINES)
def test_a_table_in_narrow_tabularcolumns_breaks_between_pages(
        compiled: Any, engine: str) -> None:
    """A table of 12 rows whose ``.. tabularcolumns::`` columns are
    narrower than its content alone would make them is taller than a
    page: it breaks between pages (it ran past the page's foot, as
    ``struct media_entity_desc`` in the kernel's media book), and every
    cell's text is on a page."""
    out, _ = compiled(engine, '-b', 'linuxlatex', root=TALL_SPEC)
    pdf = out / 'latextallspec.pdf'
    assert hidden_text(pdf) == []
    text = page_text(pdf)
    cells = _cell_texts(TALL_SPEC)
    assert len(cells) == 36
    assert [c for c in cells if c not in text] == []
    assert 'ENDOFDOCUMENT.' in text


def _given_texts() -> list[str]:
    """What the ``latex-given-widths`` root's PDF must show, without
    white space: each bit cell's ``b`` and subscript, each capability
    value, the end of the long description, each row of the table with
    footnote marks."""
    texts = ['Identifier', 'Code' + ''.join(str(i)
                                              for i in range(15, -1, -1))]
    texts += [f'MEDIA_BUS_FMT_SBGGR16_{n}X16' for n in range(1, 9)]
    texts += [f'0x30{n:02d}' + ''.join(f'b{i}' for i in range(15, -1, -1))
              for n in range(1, 9)]
    texts += [f'0x{1 << i:08x}' for i in range(9)]
    texts += ['END_OF_THE_DESCRIPTION.', 'Numberofpads.']
    texts += [f'ROW{n:02d}_FORMATCb,CrYesLinear' for n in range(1, 61)]
    texts += ['WIDE_LEFT_END', 'WIDE_RIGHT_END']
    texts += [chr(65 + k) * 15 for k in range(6)]
    return [*texts, 'END_OF_DOCUMENT.']


@pytest.mark.parametrize('engine', ENGINES)
def test_given_widths_are_widened_to_their_text(compiled: Any,
                                                engine: str) -> None:
    """Columns that ``tabularcolumns`` or ``:widths:`` make narrower than
    a word of theirs, as in the kernel's media book: subscripted bits in
    0.22cm columns at ``\\tiny``, a hexadecimal value in an eighth of
    the line, a stale spec that puts a long description into a 1.5cm
    column, footnote marks (``Page N, M`` on the pages after) in narrow
    header cells.  Every character is visible."""
    out, stderr = compiled(engine, '-b', 'linuxlatex', root=GIVEN)
    pdf = out / 'latexgivenwidths.pdf'
    assert hidden_text(pdf) == []
    text = page_text(pdf)
    assert [t for t in _given_texts() if t not in text] == []
    # the header repeated on the next page carries the marks
    assert 'Page' in text
    assert overfull_tables(out / 'latexgivenwidths.tex') == []
    lines = (GIVEN / 'index.rst').read_text(encoding='utf-8').splitlines()
    no_room = lines.index('.. flat-table:: No room') + 1
    assert re.fullmatch(
        rf'\S*index.rst:{no_room}: WARNING: the columns given to this '
        r'table are too narrow for its text, and the line has no room to '
        r'widen them: set at \d\d% of the font size \(give it wider '
        r'columns\)( \[linuxdoc.latex_width\])?\n', stderr), stderr


def test_widening_given_widths_is_said_with_v(tmp_path: Path) -> None:
    """Nothing is lost, so no warning: ``-v`` says which widths were
    widened, at each table's line, and the ``.tex`` has them."""
    result = sphinx_build('-v', '-b', 'linuxlatex', GIVEN, tmp_path / 'out',
                          cwd=tmp_path)
    assert result.returncode == 0, result.stderr
    assert result.stderr.count('WARNING') == 1, result.stderr
    said = [line for line in result.stdout.splitlines()
            if 'fitted to the' in line]
    lines = (GIVEN / 'index.rst').read_text(encoding='utf-8').splitlines()
    tables = [n + 1 for n, line in enumerate(lines)
              if line.startswith('.. flat-table::')]
    assert [line.split(': ', 1)[0] for line in said] == [
        f'{GIVEN / "index.rst"}:{n}' for n in tables], said
    assert ':widths: fitted' in said[1]
    tex = (tmp_path / 'out' / 'latexgivenwidths.tex').read_text(
        encoding='utf-8')
    assert 'p{0.22cm}' not in tex
    assert '{|p{1.5cm}|p{1.7cm}|' not in tex


def test_given_widths_hide_text_in_stock_sphinx(compiled: Any) -> None:
    """The check can fail: with Sphinx's own LaTeX (and the kernel's
    fonts), the subscripts and the values run under the next column's
    colour, the footnote marks of the repeated header too, the long
    description past the page's foot, and the spec wider than the line
    past its right edge."""
    out, _ = compiled('xelatex', '-b', 'latex',
                      '-D', 'linuxdoc_latex_translator=0', root=GIVEN)
    hidden = hidden_text(out / 'latexgivenwidths.pdf')
    under = {h.word for h in hidden if h.why == 'under a fill'}
    assert {'11', '0x00000080'} <= under, under
    assert any(word.startswith('Page') for word in under), under
    past = {h.word for h in hidden if h.why == 'past the edge'}
    assert any(word.startswith('EntityID') for word in past), past
    assert any(word.endswith('WIDE_RIGHT_END') for word in past), past


def test_columns_with_no_room_to_widen_are_set_smaller(
        tmp_path: Path) -> None:
    """Columns of a spec that fills the line, each too narrow for its
    word of 15 characters (too short to break anywhere by itself):
    nothing can be widened, so the table is set smaller, and
    sphinx-build says so at the table's line; a table that would be set
    below half its size is set at half, its words broken between any
    two characters, and that is said too."""
    src = tmp_path / 'src'
    src.mkdir()
    (src / 'conf.py').write_text("extensions = ['linuxdoc_builders']\n"
                                 "project = 'no room'\n")
    (src / 'index.rst').write_text(
        'No room\n=======\n\n' + ''.join(
            '.. tabularcolumns:: ' + f'|p{{{width}}}' * columns + '|\n\n'
            f'.. flat-table:: {width}\n\n' +
            ''.join(f'   {"*" if k == 0 else " "} - ``{"A" * 15}``\n'
                    for k in range(columns)) + '\n'
            for width, columns in (('2.6cm', 6), ('1.2cm', 13))))
    result = sphinx_build('-b', 'linuxlatex', src, tmp_path / 'out',
                          cwd=tmp_path)
    assert result.returncode == 0, result.stderr
    # Sphinx 8 and newer add the warning's type
    warnings = re.findall(r'index.rst:(\d+): WARNING: (.*?)'
                          r'(?: \[linuxdoc.latex_width\])?$', result.stderr,
                          re.MULTILINE)
    assert [(line, re.sub(r'\d+%|\d+pt', 'N', text))
            for line, text in warnings] == [
        ('6', 'the columns given to this table are too narrow for its '
              'text, and the line has no room to widen them: set at N of '
              'the font size (give it wider columns)'),
        ('17', 'the columns given to this table are too narrow for its '
               'text, and the line has no room to widen them: set at N of '
               'the font size (give it wider columns)'),
        ('17', 'a column of this table is too narrow for its words, and '
               'the line has no room to widen it, even at N of the font '
               'size: they break between any two characters, the rest of a '
               'word marked (give it wider columns)')], result.stderr
    tex = (tmp_path / 'out' / 'noroom.tex').read_text(encoding='utf-8')
    scales = re.findall(r'\\linuxdoctablestart\{\d\}\{([\d.]+)\}\{1\}', tex)
    assert len(scales) == 2 and 0.5 < float(scales[0]) < 0.9, scales
    assert float(scales[1]) == pytest.approx(0.5)
    first, second = tex.split(r'\linuxdoctablestart')[1:]
    assert 'A' * 15 in first
    assert r'\linuxdocbreak{}'.join('A' * 15) in second


def test_a_spec_with_tabulary_columns_is_left_to_tabulary(
        tmp_path: Path) -> None:
    """tabulary shares the line out between its ``L`` columns itself:
    such a spec (the kernel has two, ``|p{5ex}|L|``) is not fitted."""
    src = tmp_path / 'src'
    src.mkdir()
    (src / 'conf.py').write_text("extensions = ['linuxdoc_builders']\n"
                                 "project = 'tabulary'\n")
    (src / 'index.rst').write_text(
        'Tabulary\n========\n\n.. tabularcolumns:: |p{0.2cm}|L|\n\n'
        '.. flat-table:: Masks\n\n   * - 0x00000001\n     - Log.\n')
    result = sphinx_build('-v', '-b', 'linuxlatex', src, tmp_path / 'out',
                          cwd=tmp_path)
    assert result.returncode == 0, result.stderr
    assert 'fitted to the' not in result.stdout
    assert '{|p{0.2cm}|L|}' in (tmp_path / 'out' / 'tabulary.tex').read_text(
        encoding='utf-8')


#: What the ``latex-signatures`` root's PDF must show whole: the
#: signatures' names and parameters, the identifier in running text, the
#: URL with its 160-digit commit id.
SIGNATURE_TEXT = (
    'drm_atomic_get_old_mst_topology_state(structdrm_atomic_state*state,'
    'structdrm_dp_mst_topology_mgr_with_a_longer_name*mgr)',
    'drm_crtc_vblank_helper_get_vblank_timestamp_internal_with_a_name_'
    'longer_than_the_line(structdrm_crtc*crtc,int*max_error,',
    'drm_vblank_get_scanout_position_funcget_scanout_position)',
    'intdrm_plane_create_zpos_immutable_property(structdrm_plane*plane,'
    'unsignedintzpos)',
    'drm_fb_helper_{cfb,sys}_{write,fillrect,copyarea,imageblit}_and_more',
    'https://cgit.freedesktop.org/xorg/xserver/commit/?id=' +
    ('4b42448a2388d40f257774fbffdccaea87bd0347' * 4)[:160],
)


def _package_warnings(out: Path) -> list[str]:
    """linuxdoc.sty's warnings that a macro it patches has changed."""
    return [line for log in out.glob('*.log')
            for line in log.read_text(errors='replace').splitlines()
            if 'Package linuxdoc Warning' in line]


@pytest.mark.parametrize('engine', ENGINES)
def test_long_signatures_and_urls_break(compiled: Any, engine: str
                                        ) -> None:
    """Function signatures with long names, an identifier in running
    text, the index of those names and a URL with a long commit id all
    stay on the page (they ran past its right edge), and nothing of them
    is lost or printed over other text; link addresses keep their
    underscores."""
    out, _ = compiled(engine, '-b', 'linuxlatex', root=SIGNATURES)
    pdf = out / 'latexsignatures.pdf'
    assert hidden_text(pdf) == []
    text = page_text(pdf)
    assert [t for t in SIGNATURE_TEXT if t not in text] == []
    assert _package_warnings(out) == []
    # the breakable \_ stays out of link addresses
    with pymupdf.open(pdf) as document:
        uris = {link.get('uri') for page in document
                for link in page.get_links()}
    assert {'https://example.org/drm_fb_helper/dirty_work.html',
            'https://example.org/drm_fb_helper/deferred_io.html'} <= uris


def test_stock_signatures_run_past_the_edge(compiled: Any) -> None:
    """The check can fail: with Sphinx's own LaTeX, the parameters beside
    the long names, the identifier in the text and the URL run past the
    page's right edge."""
    out, _ = compiled('xelatex', '-b', 'latex',
                      '-D', 'linuxdoc_latex_translator=0', root=SIGNATURES)
    past = {h.word for h in hidden_text(out / 'latexsignatures.pdf')
            if h.why == 'past the edge'}
    assert any('get_scanout_position' in w for w in past), past
    assert any('topology_mgr_with' in w for w in past), past
    assert any('imageblit' in w for w in past), past
    assert any('bd0347' in w for w in past), past


def test_a_table_too_wide_is_reported_at_its_line(compiled: Any,
                                                   tmp_path: Path) -> None:
    """The 300-column table is set as tables of groups of its columns,
    and sphinx-build says so at the table's line, as
    ``linuxdoc.latex_width``."""
    _, stderr = compiled('xelatex', '-b', 'linuxlatex')
    lines = (ROOT / 'index.rst').read_text(encoding='utf-8').splitlines()
    line = lines.index('.. flat-table:: Three hundred columns') + 1
    assert re.search(rf'index.rst:{line}: WARNING: this table has more '
                     r'columns than the line holds at half the font size: '
                     r'it is set as \d+ tables of some of its columns each',
                     stderr), stderr
    assert stderr.count('WARNING') == 1, stderr
    quiet = sphinx_build('-q', '-b', 'linuxlatex', '-D',
                         'suppress_warnings=linuxdoc.latex_width', ROOT,
                         tmp_path / 'out', cwd=tmp_path)
    assert quiet.returncode == 0, quiet.stderr
    assert 'WARNING' not in quiet.stderr


def test_long_words_break_after_separators() -> None:
    assert break_points('V4L2_PIX_FMT_FOO001') == [
        'V4L2_', 'PIX_', 'FMT_', 'FOO001']
    assert break_points('a/b.c-d_e/f') == ['a/', 'b.', 'c-', 'd_', 'e/', 'f']
    assert break_points('/dev/video0') == ['/dev/', 'video0']
    for short in ('e.g.', 'pix_fmt', '1.5'):
        assert break_points(short) == [short]
    # a separator at a word's end is no break point
    assert break_points('drm_plane_create()') == [
        'drm_', 'plane_', 'create()']
    text = 'the V4L2_PIX_FMT_FOO001 format, and /dev/video0.'
    assert split_text(text) == ['the V4L2_', 'PIX_', 'FMT_',
                                'FOO001 format, and /dev/', 'video0.']
    assert ''.join(split_text(text)) == text
    # in a table whose words break anywhere, text that begins or ends
    # with white space (a cell's paragraph after a line break) stops the
    # LaTeX build no more (the whole kernel tree: IndexError)
    for text in (' ab ', '\nx', 'y\n', ' ', ''):
        pieces = split_text(text, anywhere=True)
        assert ''.join(pieces) == text
        assert all(not piece.strip() or len(piece.strip()) == 1
                   for piece in pieces), pieces


def test_a_spec_is_read_and_rewritten() -> None:
    """``with_widths`` changes the lengths of ``p``/``m``/``b`` columns
    only, writing ``*{N}{...}`` out; an unreadable spec is left alone."""
    spec = '|p{1.5cm}|l|*{2}{p{0.22cm}}|>{\\raggedright}m{ 3cm }|'
    assert parse_spec(spec, 400) == pytest.approx(
        [42.52, None, 6.24, 6.24, 85.04], abs=0.01)
    assert with_widths(spec, [10, 99, 20.5, None, 30]) == (
        '|p{10.00pt}|l|p{20.50pt}p{0.22cm}|>{\\raggedright}m{30.00pt}|')
    assert with_widths('|p{1cm', [10]) is None
    assert flexible_columns('|p{5ex}|L|l|*{2}{C}|') == [
        False, True, False, True, True]
    assert parse_spec('|p{}|', 100) == [None]


def _entry(source: str) -> nodes.Element:
    document = publish_doctree(f'.. list-table::\n\n   * - {source}\n\n'
                               '.. [#f1] A footnote.\n')
    return next(iter(document.findall(nodes.entry)))


def test_a_word_is_measured_whole_across_inline_nodes() -> None:
    """The subscript of ``b``\\ :sub:`11` belongs to its word, at the
    size of a script; a footnote mark, which Sphinx sets right after the
    word before it, may print ``Page 9999, 99``; a word of letters is
    hyphenated, an identifier broken after ``_`` where the translator
    marks breaks."""
    assert cell_extent(_entry('b\\ :sub:`11`'), False).need == \
        pytest.approx(1 + 0.7 * 2 * 1.3)
    assert cell_extent(_entry('b\\ :sub:`11`'), False, script=1.0).need \
        == pytest.approx(1 + 2 * 1.3)
    # one box: the translator marks no break in M/NTSC, a short word
    assert cell_extent(_entry('M/NTSC [#f1]_'), False).need == \
        pytest.approx(5 * 1.3 + 1 + 0.7 * 15.1)
    assert cell_extent(_entry('Characteristics'), False).need < \
        cell_extent(_entry('Characteristics'), False).word
    assert cell_extent(_entry('``Characteristics``'), False).need == \
        cell_extent(_entry('``Characteristics``'), False).word
    assert cell_extent(_entry('``V4L2_PIX_FMT_FOO001``'), False).need == \
        pytest.approx(6 * 1.2)


def test_the_setting_of_a_table_comes_from_raw_latex_and_conf() -> None:
    """Raw LaTeX before a table sets its size and ``\\tabcolsep`` until
    an ``\\endgroup``; the line's width comes from the paper and the
    margins of ``latex_elements``."""
    document = publish_doctree(
        '.. raw:: latex\n\n   \\begingroup\\tiny\\setlength{\\tabcolsep}'
        '{2pt}\n\n.. table:: one\n\n   = =\n   a b\n   = =\n\n'
        '.. raw:: latex\n\n   \\endgroup\n\n.. table:: two\n\n'
        '   = =\n   a b\n   = =\n')
    one, two = document.findall(nodes.table)
    kernel: Any = SimpleNamespace(latex_elements={
        'papersize': 'a4paper', 'pointsize': '11pt',
        'sphinxsetup': 'hmargin=0.5in, vmargin=1in'})
    # A4 with an inch above and below holds 700.5 points of text,
    # Sphinx's default (letter) 650.5
    a4 = pytest.approx(700.5 / 650.5, rel=1e-3)
    assert setting_of(one, kernel) == Setting(6.0, 2.0, a4)
    assert setting_of(two, kernel) == Setting(10.95, 6.0, a4)
    assert line_width(kernel) == pytest.approx(525.5)
    assert setting_of(two, kernel).page_lines == pytest.approx(
        44 * 10 / 10.95 * 700.5 / 650.5, rel=1e-3)
    stock: Any = SimpleNamespace(latex_elements={})
    assert line_width(stock) == pytest.approx(469.7, abs=0.1)
    assert setting_of(one, stock) == Setting(5.0, 2.0, 1.0)
    short: Any = SimpleNamespace(latex_elements={
        'sphinxsetup': 'vmargin={2in,1in}'})
    assert page_share(short) == pytest.approx((795 - 3 * 72) / 650.46)


OVERFULL_TEX = '''\
\\begin{document}
% linuxdoc-table /doc/a.rst:10
\\linuxdoctablestart{0}{1.0000}
\\begin{tabular}
% linuxdoc-table /doc/a.rst:12
\\linuxdoctablestart{0}{1.0000}
inner
% linuxdoc-table-end
\\end{tabular}
% linuxdoc-table-end
text
% linuxdoc-table /doc/b.rst:3
\\linuxdoctablestart{1}{1.0000}
% linuxdoc-table-end
\\end{document}
'''

OVERFULL_LOG = '''\
Overfull \\hbox (3.5pt too wide) in paragraph at lines 4--4
Overfull \\hbox (1.25pt too wide) detected at line 7
Overfull \\hbox (9.0pt too wide) in paragraph at lines 11--11
Overfull \\hbox (2.0pt too wide) in alignment at lines 13--14
Overfull \\hbox (4.0pt too wide) in paragraph at lines 4--4
'''


def test_overfull_boxes_are_mapped_to_their_tables(
        tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    """Each overfull box of the log goes to the innermost table around
    its line; one outside every table is not a table's."""
    tex = tmp_path / 'book.tex'
    tex.write_text(OVERFULL_TEX, encoding='utf-8')
    assert overfull_tables(tex) == []          # LaTeX has not run
    tex.with_suffix('.log').write_text(OVERFULL_LOG, encoding='utf-8')
    found = overfull_tables(tex)
    assert [(t.location, t.boxes, t.widest, t.first_line, t.last_line)
            for t in found] == [('/doc/a.rst:10', 2, 4.0, 2, 10),
                                ('/doc/a.rst:12', 1, 1.25, 5, 8),
                                ('/doc/b.rst:3', 1, 2.0, 12, 14)]
    assert main([str(tmp_path)]) == 1
    err = capsys.readouterr().err.splitlines()
    assert err[0].startswith('/doc/a.rst:10: WARNING: 2 overfull box(es) '
                             'in this table, up to 4.0pt too wide')
    assert len(err) == 3
    tex.with_suffix('.log').write_text('', encoding='utf-8')
    assert main([str(tex)]) == 0


@pytest.mark.parametrize(('columns', 'warned'), [(8, True), (7, False)])
def test_a_grid_table_too_wide_is_reported_at_its_first_line(
        tmp_path: Path, columns: int, warned: bool) -> None:
    """docutils gives a grid table (and a csv-table of a file) no line of
    its own before 0.23: the message names its first cell's line, not
    ``index.rst:`` with none (the kernel's bpf/libbpf/program_types.rst).
    Eight long identifiers are set below 90 % of the font size: a
    warning; seven at 99 %: said with ``-v`` only."""
    src = tmp_path / 'src'
    src.mkdir()
    (src / 'conf.py').write_text("extensions = ['linuxdoc_builders']\n")
    words = [f'identifier_number_{n}_of_this_table' for n in range(columns)]
    rule = '+' + '+'.join('-' * (len(word) + 2) for word in words) + '+'
    row = '|' + '|'.join(f' {word} ' for word in words) + '|'
    (src / 'index.rst').write_text(f'Wide\n====\n\n{rule}\n{row}\n{rule}\n')
    result = sphinx_build('-v', '-b', 'linuxlatex', src, tmp_path / 'out',
                          cwd=tmp_path)
    assert result.returncode == 0, result.stderr
    said = re.findall(r'index\.rst:(\d*): (WARNING: )?table too wide',
                      result.stdout + result.stderr)
    # docutils 0.23 gives a grid table its top border's line (4); older
    # releases none, and the message takes its first cell's (5)
    warning = 'WARNING: ' if warned else ''
    assert said in ([('4', warning)], [('5', warning)])
