# SPDX-License-Identifier: GPL-2.0-only
"""Bad settings are messages, never tracebacks, and nothing is written or
deleted outside the output directory; a ``:numref:`` into another book
names it (issue 16, items 4 and 7)."""

from __future__ import annotations

from pathlib import Path

import pymupdf
from tools import sphinx_build

BOOKS_CONF = '''\
extensions = ['linuxdoc_builders']
project = 'settings'
numfig = True
latex_documents = [
    ('a/index', 'sub/a.tex', 'Book A', 'me', 'manual'),
    ('b/index', 'b.tex', 'FooBar userspace API', 'me', 'manual'),
    'junk',
    ('b/index', 5, 'Title', 'me', 'manual'),
]
pdf_documents = [
    ('a/index', 'sub/a', 'Book A', 'me'),
    ('b/index', '../b', 'FooBar userspace API', 'me'),
    ('b/index', 7, 'Title', 'me'),
]
'''


def _project(tmp_path: Path, conf: str) -> Path:
    source = tmp_path / 'source'
    (source / 'a').mkdir(parents=True)
    (source / 'b').mkdir()
    (source / 'conf.py').write_text(conf)
    (source / 'index.rst').write_text(
        'Root\n====\n\n.. toctree::\n\n   a/index\n   b/index\n')
    (source / 'a' / 'index.rst').write_text(
        'Book A\n======\n\nTable 1 of book A\n-----------------\n\n'
        '.. table:: A table in A\n\n   = =\n   x y\n   = =\n\n'
        'See :numref:`tab-b`.\n')
    (source / 'b' / 'index.rst').write_text(
        'Book B\n======\n\nChapter\n-------\n\n.. _tab-b:\n\n'
        '.. table:: A table in B\n\n   = =\n   a b\n   = =\n')
    return source


def test_bad_switches_and_book_of(tmp_path: Path) -> None:
    conf = ("extensions = ['linuxdoc_builders']\n"
            "linuxdoc_html_translator = 'yes'\n"
            'linuxdoc_latex_translator = None\n'
            'linuxdoc_book_of = 5\n')
    result = sphinx_build('-b', 'linuxlatex', _project(tmp_path, conf),
                          tmp_path / 'out', cwd=tmp_path)
    assert result.returncode == 0, result.stderr
    assert 'Traceback' not in result.stderr
    for message in [
            "linuxdoc_html_translator = 'yes': expected True or False; "
            'using True',
            'linuxdoc_latex_translator = None: expected True or False',
            "linuxdoc_book_of = 5: expected a dict {'document': 'book "
            "target', ...}; ignored"]:
        assert f'ERROR: {message}' in result.stderr


def test_bad_book_of_entries(tmp_path: Path) -> None:
    conf = ("extensions = ['linuxdoc_builders']\n"
            "linuxdoc_book_of = {'a/index': ['x'], 5: 'b'}\n")
    result = sphinx_build('-b', 'linuxlatex', _project(tmp_path, conf),
                          tmp_path / 'out', cwd=tmp_path)
    assert result.returncode == 0, result.stderr
    assert 'Traceback' not in result.stderr
    assert ("linuxdoc_book_of['a/index'] = ['x']: expected 'document': "
            "'book target' (strings); ignored") in result.stderr
    assert 'linuxdoc_book_of[5]' in result.stderr


def test_latex_documents_checked(tmp_path: Path) -> None:
    out = tmp_path / 'out'
    result = sphinx_build('-b', 'linuxlatex', _project(tmp_path, BOOKS_CONF),
                          out, cwd=tmp_path)
    assert result.returncode == 0, result.stderr
    assert 'Traceback' not in result.stderr
    assert ("latex_documents[0]: the target 'sub/a.tex' is not a file name "
            "in the output directory (books link to each other by file "
            "name); written as 'sub-a.tex'") in result.stderr
    assert "latex_documents[2] = 'junk': expected (start document" in (
        result.stderr)
    assert 'latex_documents[3]' in result.stderr
    assert sorted(p.name for p in out.glob('*.tex')) == ['b.tex',
                                                         'sub-a.tex']
    tex = (out / 'sub-a.tex').read_text()
    # Sphinx's number (book A's own table is 1), the book named
    assert (r'\sphinxhref{b.pdf\#b/index:tab-b}{Table 2 in '
            r'\sphinxstyleemphasis{FooBar userspace API}}') in tex


def test_pdf_documents_checked(tmp_path: Path) -> None:
    out = tmp_path / 'out'
    # a PDF that cannot be written: its name is taken by a directory
    (out / 'b.pdf' / 'keep').mkdir(parents=True)
    result = sphinx_build('-b', 'linuxpdf', _project(tmp_path, BOOKS_CONF),
                          out, cwd=tmp_path)
    assert 'Traceback' not in result.stderr
    assert "pdf_documents[1]: the target '../b' is not a file name" in (
        result.stderr)
    assert "pdf_documents[2] = ('b/index', 7," in result.stderr
    assert 'could not write b.pdf' in result.stderr
    assert result.returncode == 1
    assert (out / 'b.pdf' / 'keep').is_dir()
    assert sorted(p.name for p in tmp_path.iterdir()) == ['out', 'source']
    page_text = ''.join(page.get_text() for page in pymupdf.open(
        out / 'sub-a.pdf'))
    assert 'Table 2 in FooBar userspace API' in ' '.join(page_text.split())


def test_pdf_cross_book_links_to_flat_targets(tmp_path: Path) -> None:
    out = tmp_path / 'out'
    result = sphinx_build('-b', 'linuxpdf', _project(tmp_path, BOOKS_CONF),
                          out, cwd=tmp_path)
    assert result.returncode == 0, result.stderr
    links = [link['file'] for page in pymupdf.open(out / 'sub-a.pdf')
             for link in page.get_links() if 'file' in link]
    assert links == ['b.pdf#nameddest=b%2Findex%3Atab-b']
