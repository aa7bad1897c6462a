# SPDX-License-Identifier: GPL-2.0-only
"""Only the books that changed are written again (issue 34, item 1).

The three-book root (``roots/test-books``) is built, then changed one way
at a time; after each build the books whose output kept its bytes and
mtime are exactly those that nothing they show depends on changed, the
builder says which it wrote and why, and every link between the books
still lands.
"""

from __future__ import annotations

import shutil
from pathlib import Path

import pytest
from pdf_links_check import check_links
from test_books_pdf import _text
from tools import sphinx_build

ROOT = Path(__file__).parent / 'roots' / 'test-books'
BOOKS = ('alpha', 'beta', 'gamma')
SUFFIX = {'linuxpdf': '.pdf', 'linuxlatex': '.tex'}


class Project:
    """A copy of the root and one builder's output of it."""

    def __init__(self, tmp_path: Path, builder: str) -> None:
        self.source = tmp_path / 'source'
        shutil.copytree(ROOT, self.source)
        self.builder = builder
        self.out = tmp_path / builder
        self.stderr = ''
        self.stdout = ''

    def output(self, book: str) -> Path:
        return self.out / f'{book}{SUFFIX[self.builder]}'

    def stamps(self) -> dict[str, tuple[int, bytes]]:
        return {book: (self.output(book).stat().st_mtime_ns,
                       self.output(book).read_bytes()) for book in BOOKS
                if self.output(book).exists()}

    def build(self, *options: str) -> set[str]:
        """Build; the books the builder says it wrote again (the others'
        outputs kept their bytes and mtimes)."""
        before = self.stamps()
        result = sphinx_build('-b', self.builder, *options, self.source,
                              self.out, cwd=self.source.parent)
        assert result.returncode == 0, result.stderr
        assert 'Traceback' not in result.stderr
        self.stdout, self.stderr = result.stdout, result.stderr
        after = self.stamps()
        said = {book: f'{book}{SUFFIX[self.builder]} is ' for book in BOOKS}
        rewritten = {book for book in BOOKS
                     if said[book] + 'written: ' in self.stdout}
        for book in set(BOOKS) - rewritten:
            assert said[book] + 'up to date' in self.stdout, self.stdout
            assert after[book] == before[book]
        if self.builder == 'linuxpdf':
            # the LaTeX builder keeps a .tex whose bytes are the same
            for book in rewritten:
                assert after[book][0] != before.get(book, (0, b''))[0]
        return rewritten

    def edit(self, name: str, old: str, new: str) -> None:
        path = self.source / name
        text = path.read_text()
        assert old in text
        path.write_text(text.replace(old, new))


@pytest.fixture(params=['linuxpdf', 'linuxlatex'])
def project(request: pytest.FixtureRequest, tmp_path: Path) -> Project:
    return Project(tmp_path, request.param)


def test_only_what_changed_is_written(project: Project) -> None:
    assert project.build() == set(BOOKS)
    assert project.build() == set()
    assert 'is up to date' in project.stdout

    # a paragraph of the beta book: beta only
    project.edit('beta/config.rst', 'Links into the alpha book',
                 'Two links into the alpha book')
    assert project.build() == {'beta'}
    assert 'beta' + SUFFIX[project.builder] + \
        ' is written: its documents changed' in project.stdout

    # a title the beta book links to (:ref:`a-intro`): alpha, which
    # holds it, and beta, which shows it; gamma links only into beta
    project.edit('alpha/intro.rst', 'Alpha introduction\n==================',
                 'Alpha overview\n==============')
    assert project.build('-j', '2') == {'alpha', 'beta'}
    assert 'beta' + SUFFIX[project.builder] + \
        ' is written: alpha/intro, which it links to, changed' in \
        project.stdout

    # its own settings: one book; everyone's: all
    with (project.source / 'conf.py').open('a') as conf:
        conf.write("pdf_documents[2] = (*pdf_documents[2][:2], 'Gamma "
                   "renamed', 'x')\n"
                   "latex_documents[2] = (*latex_documents[2][:2], 'Gamma "
                   "renamed', 'x', 'manual')\n")
    assert project.build() == {'gamma'}
    assert 'gamma' + SUFFIX[project.builder] + \
        ' is written: its settings changed' in project.stdout
    assert project.build('-D', 'numfig_format.figure=Figure %s') == \
        set(BOOKS)

    # a name defined anywhere may resolve a reference of any book
    project.edit('gamma/api.rst', 'Gamma API', 'Gamma API\n\n.. _c-new:\n\n'
                 'New\n---\n\nText.\n\nMore')
    assert project.build() == set(BOOKS)

    # an output removed, -a
    project.output('beta').unlink()
    assert project.build() == {'beta'}
    assert project.build('-a') == set(BOOKS)


def test_links_stay_right(tmp_path: Path) -> None:
    """After incremental builds the books are what a fresh build of the
    same sources writes, and every link lands."""
    project = Project(tmp_path, 'linuxpdf')
    project.build('-j', '2')
    project.edit('alpha/intro.rst', 'Alpha introduction\n==================',
                 'Alpha overview\n==============')
    project.build()
    project.edit('beta/config.rst', 'Links into the alpha book',
                 'Two links into the alpha book')
    assert project.build('-j', '2') == {'beta'}
    assert 'Alpha overview' in _text(project.output('beta'))
    report = check_links(project.out)
    assert report.broken == [], report.summary()
    incremental = {book: _text(project.output(book)) for book in BOOKS}
    fresh = Project(tmp_path / 'fresh', 'linuxpdf')
    fresh.source = project.source
    fresh.build('-E')
    assert {book: _text(fresh.output(book)) for book in BOOKS} == \
        incremental


def test_progress(tmp_path: Path) -> None:
    """Each book written says so, then every pass over its pages says
    how many it laid out (issue 34, item 3); ``-q`` silences both."""
    project = Project(tmp_path, 'linuxpdf')
    project.edit('beta/config.rst', 'An inline target',
                 '\n\n'.join(f'Page {n}.\n\n.. raw:: pdf\n\n   PageBreak'
                              for n in range(120))
                 + '\n\nAn inline target')
    project.build()
    lines = [line.strip() for line in project.stdout.splitlines()]
    for number, book in enumerate(BOOKS, 1):
        assert (f'writing books... [{100 * number // 3:3d}%] {book}.pdf '
                f'(book {number} of 3)') in lines
    assert 'pass 1: 100 pages...' in lines
    passes = [line for line in lines if line.endswith('pages laid out')]
    assert len(passes) >= 3
    assert any(int(line.split()[2]) > 120 for line in passes)
    quiet = sphinx_build('-b', 'linuxpdf', '-a', '-q', project.source,
                         project.out, cwd=tmp_path)
    assert quiet.returncode == 0, quiet.stderr
    assert quiet.stdout == ''
