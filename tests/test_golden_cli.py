# SPDX-License-Identifier: GPL-2.0-only
"""``linuxdoc-golden``: a project checks clean against its own record; a
table edit is a difference that names the document, the table and the
cell; a failing build is exit 2.

The command is run in-process through ``main`` (it runs sphinx-build in
a subprocess itself), except once through the installed console script.
"""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

import pytest
from lxml import html as lxml_html

from linuxdoc_builders.golden.cli import main
from linuxdoc_builders.golden.html import target
from linuxdoc_builders.golden.latex import text
from linuxdoc_builders.golden.report import CHANGED
from linuxdoc_builders.golden.tables import TableView, table_names

CONF = "project = 'registers'\nextensions = ['linuxdoc_builders']\n"

TABLE = """\
Hardware
========

.. flat-table:: Control registers
   :name: registers
   :header-rows: 1
   :stub-columns: 1

   * - Register
     - Bit
     - Meaning

   * - :rspan:`1` CTRL
     - 0
     - enable

   * - 1
     - reset

   * - STATUS
     - 0
     - ready
"""


def _project(tmp_path: Path, text: str = TABLE) -> Path:
    source = tmp_path / 'source'
    source.mkdir(exist_ok=True)
    (source / 'conf.py').write_text(CONF, encoding='utf-8')
    (source / 'index.rst').write_text(text, encoding='utf-8')
    return source


def _run(*arguments: str | Path) -> tuple[int, str]:
    lines: list[str] = []
    status = main([str(a) for a in arguments], print_=lines.append)
    return status, '\n'.join(lines)


FORMATS = ('--formats', 'html,latex')


@pytest.fixture
def recorded(tmp_path: Path) -> tuple[Path, Path]:
    source = _project(tmp_path)
    golden = tmp_path / 'golden'
    status, output = _run('record', source, golden, *FORMATS)
    assert status == 0, output
    return source, golden


def test_a_project_checks_clean_against_its_record(
        recorded: tuple[Path, Path]) -> None:
    source, golden = recorded
    files = sorted(p.relative_to(golden).as_posix()
                   for p in golden.rglob('*.txt'))
    assert files == ['html/index/table-top--control-registers.txt',
                     'html/index/text.txt',
                     'latex/index/table-top--control-registers.txt',
                     'latex/index/text.txt']
    table = (golden / files[0]).read_text(encoding='utf-8')
    assert table == (golden / files[2]).read_text(encoding='utf-8')
    assert "row 2, column 1, 2 rows: stub 'CTRL'" in table
    status, output = _run('check', source, golden, *FORMATS)
    assert (status, output) == (0, '4 views as recorded')


EDITS = {
    'changed cell text': (
        '     - reset', '     - clear',
        ["-row 3, column 3: data 'reset'",
         "+row 3, column 3: data 'clear'"]),
    'moved span': (
        '   * - :rspan:`1` CTRL\n     - 0\n     - enable\n\n'
        '   * - 1\n     - reset\n\n   * - STATUS',
        '   * - CTRL\n     - 0\n     - enable\n\n'
        '   * - :rspan:`1` 1\n     - reset\n\n   * - STATUS',
        ["-row 2, column 1, 2 rows: stub 'CTRL'",
         "+row 2, column 1: stub 'CTRL'",
         "+row 3, column 1, 2 rows: stub '1'"]),
    'stub column': (
        '   :stub-columns: 1\n', '',
        ["-row 4, column 1: stub 'STATUS'",
         "+row 4, column 1: data 'STATUS'"]),
}


@pytest.mark.parametrize('edit', list(EDITS))
def test_a_table_edit_is_shown_by_document_table_and_cell(
        recorded: tuple[Path, Path], edit: str) -> None:
    source, golden = recorded
    old, new, lines = EDITS[edit]
    assert old in TABLE
    _project(source.parent, TABLE.replace(old, new))
    status, output = _run('check', source, golden, *FORMATS)
    assert status == 1, output
    for form in ('html', 'latex'):
        assert (f'=== changed: {form}: document index, table '
                'top--control-registers' in output), output
        assert (f'--- recorded/{form}/index/table-top--control-'
                'registers.txt' in output), output
    for line in lines:
        assert output.count(f'\n{line}\n') == 2, (line, output)
    # the text of the document did not change
    assert 'document index, text' not in output
    # --update takes the new output as the record
    status, _ = _run('check', '--update', source, golden, *FORMATS)
    assert status == 0
    assert _run('check', source, golden, *FORMATS)[0] == 0


def test_an_added_table_changes_only_its_own_view(
        recorded: tuple[Path, Path]) -> None:
    """A table inserted above the recorded one: the check says one view
    added per format and the document's text changed; the recorded
    table's view is the same file, unchanged."""
    source, golden = recorded
    inserted = TABLE.replace('Hardware\n========\n', (
        'Hardware\n========\n\n'
        '.. flat-table:: Summary\n\n   * - one\n     - two\n'))
    _project(source.parent, inserted)
    status, output = _run('check', source, golden, *FORMATS)
    assert status == 1, output
    titles = [line for line in output.splitlines()
              if line.startswith('=== ')]
    assert sorted(titles) == [
        '=== added: html: document index, table top--summary',
        '=== added: latex: document index, table top--summary',
        '=== changed: html: document index, text',
        '=== changed: latex: document index, text']
    assert output.endswith('2 added, 0 removed, 2 changed')


def test_a_failing_build_is_exit_2_with_its_messages(
        tmp_path: Path) -> None:
    source = _project(tmp_path)
    (source / 'conf.py').write_text("raise ValueError('no such register')\n",
                                    encoding='utf-8')
    status, output = _run('record', source, tmp_path / 'golden', *FORMATS)
    assert status == 2
    assert 'sphinx-build -b linuxhtml failed' in output
    assert 'no such register' in output
    assert not (tmp_path / 'golden').exists()


def test_a_check_without_a_record_says_so(tmp_path: Path) -> None:
    status, output = _run('check', _project(tmp_path), tmp_path / 'none')
    assert (status, output) == (
        2, f"no record in {tmp_path / 'none'}: run linuxdoc-golden record "
           'first')


def test_the_pdf_view_says_how_to_get_pymupdf(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """PyMuPDF is an optional extra: without it, a clear message and exit
    2 before anything is built."""
    monkeypatch.setitem(sys.modules, 'pymupdf', None)
    status, output = _run('record', _project(tmp_path), tmp_path / 'golden')
    assert status == 2
    assert 'pip install "linuxdoc-builders[golden]"' in output
    assert not (tmp_path / 'golden').exists()


def test_pdf_record_and_check_with_the_console_script(
        tmp_path: Path) -> None:
    source = _project(tmp_path)
    golden = tmp_path / 'golden'
    script = Path(sys.executable).with_name('linuxdoc-golden')
    for command in ('record', 'check'):
        result = subprocess.run(
            [str(script), command, str(source), str(golden),
             '--formats', 'pdf'], capture_output=True, text=True,
            check=False, cwd=tmp_path)
        assert result.returncode == 0, result.stdout + result.stderr
    pdf = (golden / 'pdf' / 'registers.txt').read_text(encoding='utf-8')
    # header fill, the merged stub on its band's one fill, the next band
    # white; stubs bold
    assert "\n  bold body on #d5dee8: 'Register'\n" in pdf
    assert "\n  bold body on #e0e0e0: 'CTRL'\n" in pdf
    assert "\n  regular body on #e0e0e0: 'reset'\n" in pdf
    assert "\n  bold body: 'STATUS'\n" in pdf
    assert 'linuxpdf: reading sources done' in result.stderr
    _project(tmp_path, TABLE.replace('enable', 'disable'))
    result = subprocess.run(
        [str(script), 'check', str(source), str(golden), '--formats',
         'pdf'], capture_output=True, text=True, check=False, cwd=tmp_path)
    assert result.returncode == 1
    assert '=== changed: pdf: registers.pdf\n' in result.stdout
    assert "\n-  regular body on #e0e0e0: 'enable'\n" in result.stdout
    assert "\n+  regular body on #e0e0e0: 'disable'\n" in result.stdout


def test_link_targets_keep_no_generated_names() -> None:
    """Ids Sphinx numbers and the hashes of download directories change
    when unrelated sources do; page names and given ids stay."""
    assert target('#id12') == '#id?'
    assert target('api.html#id3') == 'api.html#id?'
    assert target('api.html#v4l2-format') == 'api.html#v4l2-format'
    assert target('_downloads/0123456789abcdef0123456789abcdef/x.c') == \
        '_downloads/x.c'


LATEX_TEXTS = {
    # an inline target: the command taken out must not swallow the word
    '\\sphinxAtStartPar\n\\phantomsection\\label{\\detokenize{i:d}}'
    '\\linuxdocdestination{\\detokenize{i:d}}Decoder command':
    'Decoder command',
    # a line block (media's legacy tables)
    '\\begin{DUlineblock}{0em}\n\\item[] line one\n\\item[] line two\n'
    '\\end{DUlineblock}': 'line one line two',
    # code in a cell, and braces a reader sees
    '\\PYG{k}{struct}\\PYG{+w}{ }\\PYG{n}{v4l2\\PYGZus{}format}'
    '\\PYG{+w}{ }\\PYG{p}{\\PYGZob{}}': 'struct v4l2_format {',
    'Usage\\{variable\\} \\sphinxhyphen{}1': 'Usage{variable} -1',
    # a footnote in a cell: its mark, as HTML shows it
    'bttv0\\begin{footnote}[1]\\sphinxAtStartFootnote\nSee x.\n%\n'
    '\\end{footnote}, /dev': 'bttv0[1], /dev',
    # an admonition's title without LaTeX's colon
    '\\begin{sphinxadmonition}{note}{Note:}\n\\sphinxAtStartPar\nThis':
    'Note This',
    # math as its characters (HTML: m<sup>2</sup>)
    'cd/m$^{2}$ and \\$5': 'cd/m2 and $5',
    # characters Sphinx sets as math
    '3579545 \\(\\pm\\) 10 m\\(\\sp{\\text{2}}\\)':
    '3579545 \N{PLUS-MINUS SIGN} 10 m\N{SUPERSCRIPT TWO}',
}


@pytest.mark.parametrize('latex', list(LATEX_TEXTS))
def test_latex_text_is_what_a_reader_reads(latex: str) -> None:
    """Cases where the LaTeX and the HTML reading of the kernel's media
    tables differed until the LaTeX reader learned them."""
    assert text(latex) == LATEX_TEXTS[latex]


def test_tables_sharing_a_section_and_caption_are_numbered_among_them(
) -> None:
    """Only tables with the same section and caption get ``-2``, ``-3``:
    another table added elsewhere renames none of them."""
    views = [TableView(1, 'Registers', 'Setup'), TableView(2, '', 'Setup'),
             TableView(3, 'Registers', 'Setup'), TableView(4, 'Registers'),
             TableView(5, '', 'Setup')]
    assert table_names(views) == [
        'table-setup--registers', 'table-setup',
        'table-setup--registers-2', 'table-top--registers',
        'table-setup-2']
    assert table_names([TableView(0, 'Other', 'Intro'), *views])[1:] == \
        table_names(views)


def test_a_report_shows_the_changed_cells_and_pages(tmp_path: Path) -> None:
    """``record --renders`` keeps the tables' HTML and the PDFs;
    ``check --report DIR`` then writes a page per changed document: the
    table before and after with the changed cell marked on both sides,
    the changed PDF page before and after as images."""
    source = _project(tmp_path)
    golden = tmp_path / 'golden'
    status, output = _run('record', '--renders', source, golden,
                          '--formats', 'html,pdf')
    assert status == 0, output
    renders = sorted(p.relative_to(golden / 'renders').as_posix()
                     for p in (golden / 'renders').rglob('*.*'))
    assert renders == ['html/index/table-top--control-registers.html',
                       'pdf/registers.pdf']
    _project(tmp_path, TABLE.replace('enable', 'disable'))
    report = tmp_path / 'report'
    status, output = _run('check', source, golden, '--formats', 'html,pdf',
                          '--report', report)
    assert status == 1, output
    assert output.endswith(f'report: {report / "index.html"}')
    index = (report / 'index.html').read_text(encoding='utf-8')
    assert 'html-index.html' in index and 'pdf-registers.html' in index
    page = lxml_html.fromstring(
        (report / 'html-index.html').read_bytes())
    marked = [cell.text_content().strip() for cell in page.xpath(
        f'//td[contains(@class, "{CHANGED}")]')]
    assert marked == ['enable', 'disable']
    images = lxml_html.fromstring(
        (report / 'pdf-registers.html').read_bytes()).xpath('//img/@src')
    assert len(images) == 2 and all((report / i).stat().st_size
                                    for i in images)


def test_a_report_without_renders_shows_the_new_build(
        recorded: tuple[Path, Path]) -> None:
    source, golden = recorded
    _project(source.parent, TABLE.replace('enable', 'disable'))
    report = source.parent / 'report'
    status, _ = _run('check', source, golden, *FORMATS, '--report', report)
    assert status == 1
    page = (report / 'html-index.html').read_text(encoding='utf-8')
    assert 'record with <code>linuxdoc-golden record --renders</code>' in page
    assert page.count(CHANGED) == 1 + 1     # the style, the new cell
