# SPDX-License-Identifier: GPL-2.0-only
"""The linuxlatex builder: never a crash, and PDFs that compile and read right.

Every test root is built with ``linuxlatex`` and compiled by Sphinx's own
Makefile (latexmk) with xelatex, the kernel's engine, and with pdflatex;
a LaTeX error fails the test.  The PDFs are then read with PyMuPDF: where
each cell's text landed and in which font.
"""

from __future__ import annotations

import re
import subprocess
from pathlib import Path
from typing import Any

import pytest
import sphinx
from golden import as_goldens, assert_goldens
from tools import latexmk, make_latex_pdfs, sphinx_build

from linuxdoc_builders.golden.views import latex_views

ROOTS = Path(__file__).parent / 'roots'
COMPILED_ROOTS = ('tables', 'flat-table-features', 'flat-table-alone',
                  'flat-table-errors', 'html-geometry')
ENGINES = ('xelatex', 'pdflatex')


def build_root(root: str, out: Path, *options: str
               ) -> subprocess.CompletedProcess[str]:
    """``sphinx-build`` on a test root into ``out``."""
    return sphinx_build('-q', *options, '-d', out / '.doctrees',
                        ROOTS / f'test-{root}', out, cwd=out.parent)


@pytest.fixture(scope='module')
def compiled(tmp_path_factory: pytest.TempPathFactory) -> Any:
    """Build and compile a root once per engine; returns its output dir."""
    latexmk()
    built: dict[tuple[str, ...], Path] = {}

    def get(root: str, engine: str, builder: str = 'linuxlatex',
            *options: str) -> Path:
        key = (root, engine, builder, *options)
        if key not in built:
            out = tmp_path_factory.mktemp(f'{root}-{engine}')
            result = build_root(root, out, '-b', builder,
                                '-D', f'latex_engine={engine}', *options)
            assert result.returncode == 0, result.stderr
            assert 'Traceback' not in result.stderr
            # linuxlatex's checks of what Sphinx's writer writes
            assert 'differently from what' not in result.stderr
            assert 'no longer defines' not in result.stderr
            assert make_latex_pdfs(out) == []
            # linuxdoc.sty's checks of what it patches
            assert [line for log in out.glob('*.log')
                    for line in log.read_text(errors='replace').splitlines()
                    if 'Package linuxdoc Warning' in line] == []
            built[key] = out
        return built[key]

    return get


@pytest.mark.parametrize('engine', ENGINES)
@pytest.mark.parametrize('root', COMPILED_ROOTS)
def test_every_root_compiles(compiled: Any, root: str, engine: str) -> None:
    import pymupdf
    out = compiled(root, engine)
    pdfs = list(out.glob('*.pdf'))
    assert len(pdfs) == 1
    conf = (ROOTS / f'test-{root}' / 'conf.py').read_text(encoding='utf-8')
    project = re.search(r"^project = '(.*)'$", conf, re.MULTILINE)
    assert project is not None
    with pymupdf.open(pdfs[0]) as document:
        text = ' '.join(page.get_text() for page in document)
    assert project[1].lower() in ' '.join(text.split()).lower()


def _spans(pdf: Path) -> list[dict[str, Any]]:
    import pymupdf
    found = []
    with pymupdf.open(pdf) as document:
        for page_number, page in enumerate(document):
            for block in page.get_text('dict')['blocks']:
                for line in block.get('lines', []):
                    for span in line['spans']:
                        if span['text'].strip():
                            found.append({**span, 'page': page_number})
    return found


def _table_spans(spans: list[dict[str, Any]], caption: str,
                 following: str) -> dict[str, dict[str, Any]]:
    """Text spans between a table's caption and the next caption."""
    texts = [s['text'] for s in spans]
    start = next(i for i, t in enumerate(texts) if caption in t)
    end = next(i for i, t in enumerate(texts) if following in t)
    cells: dict[str, dict[str, Any]] = {}
    for span in spans[start + 1:end]:
        cells.setdefault(span['text'].strip(), span)
    return cells


def _is_sans(span: dict[str, Any]) -> bool:
    # pdflatex: TeX Gyre Heros / Termes; xelatex: FreeSans / FreeSerif
    return re.search(r'Heros|Sans', span['font']) is not None


@pytest.mark.parametrize('engine', ENGINES)
def test_stubs_headers_and_merged_cells_in_the_pdf(compiled: Any,
                                                   engine: str) -> None:
    """Stub and header text in the header font, data text not; a merged
    stub at the top of its rows; the rows below it start in column 2."""
    spans = _spans(compiled('tables', engine) / 'tables.pdf')
    table = _table_spans(spans, 'Row span in the stub column',
                         'Two stub columns')
    for text in ('Register', 'Bit', 'Meaning', 'CTRL', 'STATUS'):
        assert _is_sans(table[text]), (text, table[text]['font'])
    for text in ('enable', 'reset', 'interrupt', 'ready', '1', '2'):
        assert not _is_sans(table[text]), (text, table[text]['font'])
    ctrl, zero = table['CTRL']['bbox'], table['0']['bbox']
    one, two = table['1']['bbox'], table['2']['bbox']
    assert abs(ctrl[1] - zero[1]) < 2          # top-aligned with its rows
    assert abs(one[0] - zero[0]) < 1 and abs(two[0] - zero[0]) < 1
    assert one[0] > ctrl[2]                    # not in the stub column
    assert zero[1] < one[1] < two[1] < table['STATUS']['bbox'][1]

    two_stubs = _table_spans(spans, 'Two stub columns',
                             'Row span left of other cells')
    for text in ('colours', 'warm', 'cold', 'sizes', 'small'):
        assert _is_sans(two_stubs[text]), text
    for text in ('red', 'orange', 'blue'):
        assert not _is_sans(two_stubs[text]), text
    assert abs(two_stubs['orange']['bbox'][0]
               - two_stubs['red']['bbox'][0]) < 1


def _fills_under(pdf: Path, column_of: str, row_of: str
                 ) -> list[tuple[float, ...]]:
    """Fill colours painted at the column of one word and the row of
    another, on the page that holds both."""
    import pymupdf
    with pymupdf.open(pdf) as document:
        for page in document:
            words = {w[4]: w for w in page.get_text('words')}
            if column_of in words and row_of in words:
                point = pymupdf.Point(
                    (words[column_of][0] + words[column_of][2]) / 2,
                    (words[row_of][1] + words[row_of][3]) / 2)
                return [d['fill'] for d in page.get_drawings()
                        if d.get('fill') and d['rect'].contains(point)]
    raise AssertionError((column_of, row_of))


@pytest.mark.parametrize('engine', ENGINES)
def test_merged_header_cells_take_the_header_colour(compiled: Any,
                                                    engine: str) -> None:
    """booktabs + colorrows (Sphinx's default): the part of a row-spanning
    header cell in the second header row is painted like the header."""
    pdf = compiled('tables', engine) / 'tables.pdf'
    header = _fills_under(pdf, 'Size', 'Size')
    assert header
    assert _fills_under(pdf, 'Name', 'min') == header
    assert _fills_under(pdf, 'Notes', 'max') == header


def _continuations(pdf: Path) -> list[tuple[str, str, str]]:
    """For each page where a merged cell says "(continued)": its label,
    the page's first register, the last register of the page before."""
    import pymupdf
    found = []
    with pymupdf.open(pdf) as document:
        registers = [[w for w in page.get_text().split()
                      if w.startswith('REG')] for page in document]
        for number, page in enumerate(document):
            text = ' '.join(page.get_text().split())
            for label in re.findall(r'(group \d+) \(continued\)', text):
                found.append((label, registers[number][0],
                              registers[number - 1][-1]))
    return found


@pytest.mark.parametrize('engine', ENGINES)
def test_row_span_cut_by_a_page_break_is_marked(compiled: Any,
                                                engine: str) -> None:
    """The long table's groups span eight rows; where a page break cuts
    one, the next page names the group in its cell."""
    found = _continuations(compiled('tables', engine) / 'tables.pdf')
    assert found
    for label, first_register, last_before in found:
        group = label.split()[1]
        assert first_register.startswith(f'REG{group}_'), found
        assert last_before.startswith(f'REG{group}_'), found


def _doubled_rules(pdf: Path) -> list[tuple[float, ...]]:
    """Vertical rules drawn twice: two segments less than 1pt apart that
    overlap in height (they print as one thick rule)."""
    import pymupdf
    found = []
    with pymupdf.open(pdf) as document:
        for page in document:
            rules = sorted(
                (d['rect'].x0, d['rect'].y0, d['rect'].y1)
                for d in page.get_drawings()
                if d['rect'].width < 0.6 and d['rect'].height > 1)
            for i, (x, top, bottom) in enumerate(rules):
                for x2, top2, bottom2 in rules[i + 1:]:
                    if x2 - x >= 1:
                        break
                    if x2 > x and top2 < bottom and top < bottom2:
                        found.append((x, x2, top))
    return found


STANDARD = ('-D', 'latex_table_style=standard')


def test_standard_style_draws_each_rule_once(compiled: Any) -> None:
    """A 2x2 block right of a row span: the continuation row's rule left
    of the block was drawn twice."""
    pdf = compiled('tables', 'pdflatex', 'linuxlatex', *STANDARD)
    assert _doubled_rules(pdf / 'tables.pdf') == []


def test_stock_translator_fails_the_same_checks(compiled: Any) -> None:
    """The checks above can fail: Sphinx's own writer leaves the merged
    header cell white, the continued row span unnamed, and (before 9.1,
    which fixed it) draws the rule beside the continued block twice."""
    pdf = compiled('tables', 'pdflatex', 'latex',
                   '-D', 'linuxdoc_latex_translator=0') / 'tables.pdf'
    assert _fills_under(pdf, 'Size', 'Size')
    assert _fills_under(pdf, 'Name', 'min') == []
    assert _continuations(pdf) == []
    stock_standard = compiled('tables', 'pdflatex', 'latex', *STANDARD,
                              '-D', 'linuxdoc_latex_translator=0')
    doubled = _doubled_rules(stock_standard / 'tables.pdf')
    assert bool(doubled) == (sphinx.version_info[:2] < (9, 1))


@pytest.mark.parametrize('root', COMPILED_ROOTS)
def test_latex_golden(tmp_path: Path, root: str,
                      update_goldens: bool) -> None:
    """Each table's grid as the LaTeX rows place it, the same golden as
    the HTML build's and for every Sphinx release; the text of each
    document."""
    result = build_root(root, tmp_path / 'out', '-b', 'linuxlatex')
    assert result.returncode == 0, result.stderr
    assert_goldens(as_goldens(latex_views(tmp_path / 'out')), root,
                   update_goldens)


@pytest.mark.parametrize('builder', ['latex', 'linuxlatex'])
def test_impossible_geometry_never_crashes(tmp_path: Path,
                                           builder: str) -> None:
    """Overlapping, negative, past-the-end and huge spans and a short row:
    located warnings, bounded output, in linuxlatex and stock latex."""
    result = build_root('html-geometry', tmp_path / 'out', '-b', builder)
    assert result.returncode == 0, result.stderr
    assert 'Traceback' not in result.stderr
    assert len(re.findall(r'index\.rst:6: WARNING: table row', result.stderr)
               ) == 6
    assert 'morecols 100000000 runs past the last column' in result.stderr
    tex = next((tmp_path / 'out').glob('*.tex'))
    assert tex.stat().st_size < 100_000


@pytest.mark.parametrize('engine', ENGINES)
def test_tables_nested_too_deep_are_left_out_with_a_warning(
        compiled: Any, tmp_path: Path, engine: str) -> None:
    """Four tables each in a cell of the one before: Sphinx's writer
    stops the whole build with a traceback (the kernel's ext4 book, where
    ``.. ifconfig:: builder != 'latex'`` keeps the table from ``latex``
    only).  linuxlatex leaves the fourth out with a warning at its line,
    a note in its place; the tall table with a table in a cell is
    complete."""
    result = build_root('latex-nested', tmp_path / 'out', '-b', 'linuxlatex')
    assert result.returncode == 0, result.stderr
    # the line of its directive where docutils gives a table in a cell
    # one (0.23), else that of its first text
    assert re.findall(r'index\.rst:(\d+): WARNING: this table is nested '
                      r'deeper in other tables than LaTeX can set',
                      result.stderr) in (['17'], ['19'])
    import pymupdf
    with pymupdf.open(compiled('latex-nested', engine) / 'nested.pdf'
                      ) as document:
        text = ' '.join(' '.join(page.get_text() for page in document)
                        .replace('-\n', '').split())
    for seen in ('level three', 'nested too deep for LaTeX is left out',
                 'nested in row 30', 'After the tall table.'):
        assert seen in text
    assert 'deepest cell' not in text
    assert [n for n in range(60) if f'row {n} ' not in text] == []


def test_make_mode_latexpdf_gets_the_fixes(tmp_path: Path) -> None:
    """``sphinx-build -M latexpdf``: the stock latex builder, our
    translator, and make, as the kernel's Makefile runs it."""
    latexmk()
    result = sphinx_build('-M', 'latexpdf', ROOTS / 'test-tables',
                          tmp_path / 'out', '-q', cwd=tmp_path)
    assert result.returncode == 0, result.stderr[-3000:]
    pdf = tmp_path / 'out' / 'latex' / 'tables.pdf'
    assert _fills_under(pdf, 'Name', 'min') == _fills_under(pdf, 'Size',
                                                            'Size')
    assert _continuations(pdf)


def test_builder_entry_point(tmp_path: Path) -> None:
    """``-b linuxlatex`` works from the installed package alone."""
    source = tmp_path / 'source'
    source.mkdir()
    (source / 'conf.py').write_text("project = 'no extensions'\n")
    (source / 'index.rst').write_text(
        (ROOTS / 'test-tables' / 'headers.rst').read_text(encoding='utf-8'))
    result = sphinx_build('-W', '-q', '-b', 'linuxlatex', source,
                          tmp_path / 'out', cwd=tmp_path)
    assert result.returncode == 0, result.stderr
    tex = (tmp_path / 'out' / 'noextensions.tex').read_text(encoding='utf-8')
    assert re.search(r'\\usepackage(\[breakspans\])?\{linuxdoc\}', tex)
    assert (tmp_path / 'out' / 'linuxdoc.sty').is_file()
    # the header cell 'Name' is no longer a \sphinxmultirow
    assert '\\sphinxmultirow' not in tex


def test_ifconfig_sees_linuxlatex_as_latex(tmp_path: Path) -> None:
    """The kernel's ext4 book keeps a table LaTeX cannot set from its PDF
    with ``.. ifconfig:: builder != 'latex'`` and writes a note under
    ``builder == 'latex'``: linuxlatex takes the note, not the table,
    and an expression naming linuxlatex holds too."""
    src = tmp_path / 'src'
    src.mkdir()
    (src / 'conf.py').write_text("extensions = ['linuxdoc_builders', "
                                 "'sphinx.ext.ifconfig']\n"
                                 "project = 'ifconfig'\n")
    (src / 'index.rst').write_text(
        'Conditions\n==========\n\n'
        ".. ifconfig:: builder != 'latex'\n\n   Alpha not for LaTeX.\n\n"
        ".. ifconfig:: builder == 'latex'\n\n   Bravo for LaTeX.\n\n"
        ".. ifconfig:: builder in ('linuxlatex', 'html')\n\n"
        '   Charlie for linuxlatex.\n\n'
        ".. ifconfig:: builder ==\n\n   Delta with a mistake.\n")
    result = sphinx_build('-b', 'linuxlatex', src, tmp_path / 'out',
                          cwd=tmp_path)
    assert result.returncode == 0, result.stderr
    tex = (tmp_path / 'out' / 'ifconfig.tex').read_text(encoding='utf-8')
    assert [word for word in ('Alpha', 'Bravo', 'Charlie', 'Delta')
            if word in tex] == ['Bravo', 'Charlie']
    # sphinx.ext.ifconfig reports the mistake, once
    assert result.stderr.count('Exception occurred in ifconfig '
                               'expression') == 1, result.stderr


@pytest.mark.parametrize(('setting', 'rules'), [
    ('', False),                                  # the style of Sphinx 6+
    ("latex_table_style = []\n", True),           # what conf.py says
])
def test_table_style_is_the_same_on_every_sphinx(tmp_path: Path,
                                                 setting: str,
                                                 rules: bool) -> None:
    """Sphinx 5.3 defaults to vertical rules, on which TeX runs out of
    memory with a few hundred columns: linuxlatex takes the later
    releases' booktabs unless conf.py sets a style."""
    src = tmp_path / 'src'
    src.mkdir()
    (src / 'conf.py').write_text(
        f"extensions = ['linuxdoc_builders']\nproject = 'style'\n{setting}")
    (src / 'index.rst').write_text(
        'Style\n=====\n\n.. flat-table::\n\n   * - a\n     - b\n')
    result = sphinx_build('-q', '-b', 'linuxlatex', src, tmp_path / 'out',
                          cwd=tmp_path)
    assert result.returncode == 0, result.stderr
    [tex] = (tmp_path / 'out').glob('*.tex')
    [preamble] = re.findall(r'\\begin\{tabular[xy]?\}(?:\[t\])?\{(.*)\}',
                            tex.read_text(encoding='utf-8'))
    assert ('|' in preamble) == rules, preamble


@pytest.mark.parametrize(('builder', 'documents'), [
    ('linuxlatex', ''),
    ('latex', ''),
    ('linuxlatex', 'from linuxdoc_builders.books import Book, '
                   'latex_documents\n'
                   "latex_documents = latex_documents([Book('index', "
                   "'my_book', 'Hello_world & more')], author)\n"),
])
def test_names_from_conf_py_reach_latex_escaped(tmp_path: Path,
                                                builder: str,
                                                documents: str) -> None:
    """``project = 'my_driver'``: Sphinx's default latex_documents, read
    by our settings check before Sphinx's LaTeX tables existed, kept the
    name unescaped, and TeX stopped on \\title{my_driver}; the titles of
    :func:`linuxdoc_builders.books.latex_documents` are escaped too."""
    src = tmp_path / 'src'
    src.mkdir()
    (src / 'conf.py').write_text(
        "extensions = ['linuxdoc_builders']\nproject = 'my_driver'\n"
        "author = 'A_B & C'\n" + documents)
    (src / 'index.rst').write_text('Hello\n=====\n\nText.\n')
    out = tmp_path / 'out'
    result = sphinx_build('-q', '-b', builder, src, out, cwd=tmp_path)
    assert result.returncode == 0, result.stderr
    [tex] = out.glob('*.tex')
    text = tex.read_text(encoding='utf-8')
    title = r'Hello\_world \& more' if documents else r'my\_driver'
    assert f'\\title{{{title}}}' in text
    assert r'\author{A\_B \& C}' in text
    assert make_latex_pdfs(out) == []


def test_latexmk_may_run_enough_passes(tmp_path: Path) -> None:
    """The output's ``latexmkrc`` lets latexmk run the engine ten times,
    twice over: latexmk's own five left the kernel's admin-guide book
    without a PDF ("'xelatex' needed too many passes"), six being
    enough.  Built twice, the line is there once."""
    for _ in range(2):
        result = build_root('tables', tmp_path / 'out', '-b', 'linuxlatex')
        assert result.returncode == 0, result.stderr
    assert (tmp_path / 'out' / 'latexmkrc').read_text().count(
        '$max_repeat') == 1
    asked = subprocess.run(
        [latexmk(), '-e', 'print "max_repeat=$max_repeat\\n"; exit 0;'],
        cwd=tmp_path / 'out', capture_output=True, text=True, check=False)
    assert 'max_repeat=10' in asked.stdout + asked.stderr
