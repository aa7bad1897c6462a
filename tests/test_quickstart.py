# SPDX-License-Identifier: GPL-2.0-only
"""``linuxdoc-quickstart``: both templates build at once, without a
warning, in every builder, and the kernel template's Makefile does what
the kernel's ``make htmldocs`` / ``make pdfdocs`` do.

Each project is written by the installed console script, as a user
would, and built outside the checkout (see ``tools.sphinx_build``).
"""

from __future__ import annotations

import os
import re
import shlex
import shutil
import subprocess
import sys
from importlib.util import find_spec
from pathlib import Path

import pymupdf
import pytest
from lxml import html as lxml_html
from pdf_links_check import check_links
from tools import latexmk, make_latex_pdfs, sphinx_build

#: The books of the kernel template, and its cross-book references
#: (user-guide/references.rst: :ref:, :doc:, :numref:).
BOOKS = ('driver-api', 'user-guide')
CROSS_BOOK = 3

#: A book whose LaTeX cannot compile.
BROKEN = 'Broken\n======\n\n.. raw:: latex\n\n   \\nosuchmacro\n'


def quickstart(*args: str | Path) -> subprocess.CompletedProcess[str]:
    """Run the installed ``linuxdoc-quickstart``."""
    script = shutil.which('linuxdoc-quickstart',
                          path=str(Path(sys.executable).parent))
    assert script is not None, 'linuxdoc-quickstart is not installed'
    return subprocess.run([script, *map(str, args)], capture_output=True,
                          text=True, check=False)


def new_project(directory: Path, template: str = 'kernel') -> Path:
    result = quickstart(directory, '--template', template)
    assert result.returncode == 0, result.stderr
    return directory


def make(project: Path, *args: str) -> subprocess.CompletedProcess[str]:
    """``make ARGS`` in ``project``, with this Python's sphinx-build."""
    binary = shutil.which('make')
    if binary is None:
        pytest.fail("make is missing: scripts/run-tests installs it",
                    pytrace=False)
    latexmk()
    env = {k: v for k, v in os.environ.items()
           if k not in {'FORCE_COLOR', 'MAKEFLAGS', 'MFLAGS', 'MAKELEVEL'}}
    env['NO_COLOR'] = '1'
    sphinx = f'{shlex.quote(sys.executable)} -m sphinx'
    missing = Path(sys.executable).parent / 'linuxdoc-latex-missing'
    return subprocess.run([binary, f'SPHINXBUILD={sphinx}',
                           f'LATEXMISSING={shlex.quote(str(missing))}',
                           *args],
                          capture_output=True, text=True, check=False,
                          cwd=project, env=env)


def _text(pdf: Path) -> str:
    with pymupdf.open(pdf) as document:
        return ' '.join(' '.join(page.get_text() for page in document)
                        .split())


def _fonts(pdf: Path) -> set[str]:
    with pymupdf.open(pdf) as document:
        return {font[3].partition('+')[2] for page in document
                for font in page.get_fonts()}


@pytest.fixture(scope='module')
def kernel(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """A kernel-template project that tests only read from."""
    return new_project(tmp_path_factory.mktemp('quick') / 'kernel')


def test_quickstart_writes_a_project_and_says_what_next(
        tmp_path: Path) -> None:
    result = quickstart(tmp_path / 'docs')
    assert result.returncode == 0, result.stderr
    assert 'make htmldocs' in result.stdout
    assert 'make pdfdocs' in result.stdout
    written = {str(p.relative_to(tmp_path / 'docs'))
               for p in (tmp_path / 'docs').rglob('*') if p.is_file()}
    assert {'Makefile', 'conf.py', 'index.rst', 'user-guide/index.rst',
            'driver-api/index.rst'} <= written
    assert not any('__' in name for name in written)


def test_quickstart_refuses_a_directory_with_something_in_it(
        tmp_path: Path) -> None:
    (tmp_path / 'conf.py').write_text('mine\n')
    result = quickstart(tmp_path, '--template', 'minimal')
    assert result.returncode == 2
    assert f'{tmp_path} is not empty; nothing written' in result.stderr
    assert [p.name for p in tmp_path.iterdir()] == ['conf.py']
    assert (tmp_path / 'conf.py').read_text() == 'mine\n'


def test_quickstart_says_why_it_cannot_write(tmp_path: Path) -> None:
    (tmp_path / 'file').write_text('')
    result = quickstart(tmp_path / 'file' / 'docs')
    assert result.returncode == 1
    assert result.stderr == (f'linuxdoc-quickstart: cannot write '
                             f'{tmp_path}/file/docs: Not a directory\n')


@pytest.mark.parametrize('template', ['kernel', 'minimal'])
def test_template_builds_html_without_a_warning(tmp_path: Path,
                                                template: str) -> None:
    project = new_project(tmp_path / 'docs', template)
    out = tmp_path / 'html'
    result = sphinx_build('-W', '-b', 'linuxhtml', project, out,
                          cwd=tmp_path)
    assert result.returncode == 0, result.stderr
    assert 'WARNING' not in result.stderr
    page = (out / 'index.html').read_text(encoding='utf-8')
    # the kernel template takes sphinx_rtd_theme where it is installed
    rtd = template == 'kernel' and find_spec('sphinx_rtd_theme')
    assert ('SphinxRtdTheme' in page) == bool(rtd)
    assert ('_static/alabaster.css' in page) == (not rtd)
    # the footer names the copyright holder (the kernel's conf.py has no
    # year either), not an empty "©."
    assert re.search(r'&#169;(?: Copyright)? ?The My [\w ]+ developers\.',
                     page), page[-2000:]
    if template == 'kernel':
        # the kernel-doc example: src/mydev.c's comments on their page
        core = (out / 'driver-api' / 'core.html').read_text(encoding='utf-8')
        for text in ('one register block', 'mydev_enable', 'mydev_disable',
                     'mydev_reset_hw', 'the register block, mapped',
                     'its interrupt line'):
            assert text in core, text
        # prose names made links by automarkup, as in the kernel
        tree = lxml_html.fromstring(core)
        made = {link.text_content(): link.get('href') for link in tree.xpath(
            '//p[contains(., "simply as C")]//a')}
        assert made['mydev_disable()'] == '#c.mydev_disable'
        assert made['struct mydev'] == '#c.mydev'


def test_kernel_template_links_books_in_html(tmp_path: Path) -> None:
    project = new_project(tmp_path / 'docs')
    out = tmp_path / 'html'
    assert sphinx_build('-q', '-b', 'linuxhtml', project, out,
                        cwd=tmp_path).returncode == 0
    page = (out / 'user-guide' / 'references.html').read_text(
        encoding='utf-8')
    for href in ('../driver-api/registers.html#driver-api-registers',
                 '../driver-api/registers.html"',
                 '../driver-api/registers.html#register-map'):
        assert f'href="{href}' in page, href


@pytest.mark.parametrize('template', ['kernel', 'minimal'])
def test_template_compiles_with_latex(tmp_path: Path, template: str
                                      ) -> None:
    project = new_project(tmp_path / 'docs', template)
    out = tmp_path / 'latex'
    result = sphinx_build('-W', '-b', 'linuxlatex', project, out,
                          cwd=tmp_path)
    assert result.returncode == 0, result.stderr
    assert make_latex_pdfs(out) == []
    names = BOOKS if template == 'kernel' else ('myproject',)
    assert sorted(p.stem for p in out.glob('*.pdf')) == list(names)
    cover = _text(out / f'{names[0]}.pdf')
    assert 'Release 0.1' in cover
    assert 'The My' in cover
    if template == 'kernel':
        # xelatex, as the kernel, with the FreeFont that Debian ships
        assert "$pdflatex = 'xelatex" in (out / 'latexmkrc').read_text()
        fonts = _fonts(out / 'user-guide.pdf')
        assert {'FreeSerif-Identity-H', 'FreeSans-Identity-H',
                'FreeMono-Identity-H'} <= fonts, fonts


@pytest.mark.parametrize('template', ['kernel', 'minimal'])
def test_template_builds_linuxpdf_without_a_warning(tmp_path: Path,
                                                    template: str) -> None:
    project = new_project(tmp_path / 'docs', template)
    out = tmp_path / 'pdf'
    result = sphinx_build('-W', '-b', 'linuxpdf', project, out,
                          cwd=tmp_path)
    assert result.returncode == 0, result.stderr
    # rst2pdf's own warnings go around Sphinx's -W
    assert 'WARNING' not in result.stderr + result.stdout
    names = BOOKS if template == 'kernel' else ('myproject',)
    assert sorted(p.stem for p in out.glob('*.pdf')) == list(names)
    if template == 'kernel':
        links = check_links(out)
        assert links.broken == [], links.summary()
        assert links.cross_book == CROSS_BOOK


def test_make_htmldocs_pdfdocs(tmp_path: Path) -> None:
    """With make -j: HTML and LaTeX side by side, the books under make's
    jobserver; every PDF in output/pdf, where their links meet."""
    project = new_project(tmp_path / 'docs')
    result = make(project, '-j2', 'htmldocs', 'pdfdocs', 'SPHINXOPTS=-W')
    assert result.returncode == 0, result.stdout + result.stderr
    assert (project / 'output' / 'html' / 'user-guide' /
            'tables.html').is_file()
    pdfs = project / 'output' / 'pdf'
    for book in BOOKS:
        assert (pdfs / f'{book}.pdf').stat().st_size > 0
        assert f'  PDF     {book}: {pdfs / book}.pdf (' in result.stdout
    assert not list((project / 'output' / 'latex').glob('*.pdf'))
    links = check_links(pdfs)
    assert links.broken == [], links.summary()
    assert links.cross_book == CROSS_BOOK


def test_make_linuxpdfdocs(tmp_path: Path) -> None:
    project = new_project(tmp_path / 'docs')
    result = make(project, 'linuxpdfdocs', 'SPHINXOPTS=-W')
    pdfs = project / 'output' / 'linuxpdf'
    assert result.returncode == 0, result.stdout + result.stderr
    assert sorted(p.stem for p in pdfs.glob('*.pdf')) == list(BOOKS)
    assert check_links(pdfs).cross_book == CROSS_BOOK


def test_make_sphinxdirs_builds_one_directory_as_one_book(
        tmp_path: Path) -> None:
    project = new_project(tmp_path / 'docs')
    result = make(project, 'SPHINXDIRS=driver-api', 'SPHINXOPTS=-W',
                  'htmldocs', 'pdfdocs')
    assert result.returncode == 0, result.stdout + result.stderr
    part = project / 'output' / 'driver-api'
    assert 'Register map' in (part / 'html' / 'index.html').read_text(
        encoding='utf-8') + (part / 'html' / 'registers.html').read_text(
        encoding='utf-8')
    assert [p.name for p in (part / 'pdf').iterdir()] == ['driver-api.pdf']
    assert 'Register map' in _text(part / 'pdf' / 'driver-api.pdf')
    assert sorted(p.name for p in (project / 'output').iterdir()) == [
        'driver-api']


def test_make_rejects_an_unknown_sphinxdir(kernel: Path) -> None:
    result = make(kernel, 'SPHINXDIRS=nowhere', 'htmldocs')
    assert result.returncode != 0
    assert 'SPHINXDIRS: no index.rst in nowhere (the parts are: . ' \
        'driver-api user-guide)' in result.stderr
    assert not (kernel / 'output').exists()


def test_pdfdocs_names_the_book_tex_fails_on(tmp_path: Path) -> None:
    """The other books still get their PDFs; the broken one is named,
    with the first error of its log, and make fails."""
    project = new_project(tmp_path / 'docs')
    (project / 'broken').mkdir()
    (project / 'broken' / 'index.rst').write_text(BROKEN)
    with (project / 'index.rst').open('a') as index:
        index.write('   broken/index\n')
    result = make(project, 'pdfdocs', 'SPHINXOPTS=-W')
    assert result.returncode != 0
    assert ('pdfdocs: broken: ! Undefined control sequence.'
            in result.stderr), result.stderr
    assert 'pdfdocs: no PDF for: broken' in result.stderr
    assert '  FAILED  broken: no PDF' in result.stdout
    for book in BOOKS:
        assert f'  PDF     {book}: ' in result.stdout
    assert not (project / 'output' / 'pdf' / 'broken.pdf').exists()


def test_pdfdocs_says_which_characters_tex_left_out(tmp_path: Path
                                                   ) -> None:
    """Chinese gets xeCJK's face; runic, which no font of the book has,
    is a warning naming the book and the characters, and with -W the
    target fails, though every PDF is written."""
    project = new_project(tmp_path / 'docs')
    with (project / 'user-guide' / 'index.rst').open('a') as page:
        page.write('\nChinese: 内核文档.  Runic: ᚠᚢᚦ.\n')
    result = make(project, 'pdfdocs')
    assert result.returncode == 0, result.stdout + result.stderr
    [line] = [line for line in result.stderr.splitlines()
              if 'WARNING' in line]
    assert line.startswith('user-guide.pdf: WARNING: 3 runic character(s) '
                           'left out, no glyph in FreeSerif: U+16A0 ᚠ, '
                           'U+16A2 ᚢ, U+16A6 ᚦ; give them a font'), line
    assert '内核文档' in _text(project / 'output' / 'pdf' / 'user-guide.pdf')
    failed = make(project, 'pdfdocs', 'SPHINXOPTS=-W')
    assert failed.returncode != 0
    assert ('pdfdocs: characters left out, and SPHINXOPTS has -W'
            in failed.stderr), failed.stderr
    for book in BOOKS:
        assert f'  PDF     {book}: ' in failed.stdout


def test_pdfdocs_fails_when_tex_writes_no_pdf(tmp_path: Path) -> None:
    """A compiler that exits 0 without a PDF (here: none at all) is a
    failure too, for every book."""
    project = new_project(tmp_path / 'docs')
    result = make(project, 'pdfdocs', 'PDFLATEX=true')
    assert result.returncode != 0
    for book in BOOKS:
        assert f'pdfdocs: {book}: no PDF, see ' in result.stderr
        assert f'  FAILED  {book}: no PDF' in result.stdout
    assert not (project / 'output' / 'pdf').exists()


def test_pdfdocs_without_tex_says_so_in_one_line(tmp_path: Path) -> None:
    """Before anything is built: which program is missing, what to
    install, and the target that needs no TeX."""
    project = new_project(tmp_path / 'docs')
    result = make(project, 'pdfdocs', 'TEXTOOLS=latexmk no-such-tex')
    assert result.returncode != 0
    [line] = [line for line in result.stderr.splitlines()
              if not line.startswith('make: ')]
    assert 'pdfdocs needs TeX, and no-such-tex is not installed' in line
    assert 'apt install latexmk texlive-xetex' in line
    assert '`make linuxpdfdocs` for PDF books without TeX' in line
    assert 'Traceback' not in result.stdout + result.stderr
    assert not (project / 'output').exists()


def test_cleandocs_removes_the_output(tmp_path: Path) -> None:
    project = new_project(tmp_path / 'docs')
    assert make(project, 'htmldocs').returncode == 0
    assert (project / 'output').is_dir()
    result = make(project, 'cleandocs')
    assert result.returncode == 0, result.stderr
    assert not (project / 'output').exists()
    assert (project / 'conf.py').is_file()
