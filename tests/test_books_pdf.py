# SPDX-License-Identifier: GPL-2.0-only
"""linuxpdf writes one PDF per book, and their links work.

The test root ``test-books`` has three books (alpha, beta, gamma) with
every kind of reference inside a book and between books, a document that
two books list (``alpha/shared``: alpha, first in the list, has it) and
one in no book (``loose``).  :func:`pdf_links_check.check_links` follows
every link of the three PDFs; stock rst2pdf is the control.
"""

from __future__ import annotations

from pathlib import Path
from typing import TYPE_CHECKING

import pytest
from pdf_links_check import check_links
from tools import sphinx_build, typed

if TYPE_CHECKING:
    import subprocess

ROOTS = Path(__file__).parent / 'roots'

#: Each PDF's same-book and cross-book links, counted from the sources.
EXPECTED_COUNTS = {
    # contents: 3 titles and their page numbers (6); intro.rst: :ref:,
    # :doc: and :numref: within the book (3); shared.rst: :ref:`a-intro`
    # (1).  intro.rst into beta: :ref:, :doc:, :numref:, :ref:, :ref: to
    # an inline target in a section title (5), into gamma: :ref:,
    # :numref:, :c:func:, :ref: (4).
    'alpha.pdf': (10, 9),
    # contents: 3 titles and their page numbers (6), not shared.rst's;
    # config.rst: :numref:`b-table` (1), into alpha: :ref:, :doc: (2).
    'beta.pdf': (7, 2),
    # contents: 3 titles and the index, with page numbers (8); api.rst:
    # :numref:`c-fig` (1); the index: gamma_init (1).  figures.rst into
    # beta: :ref:`b-config` (1).
    'gamma.pdf': (10, 1),
}

#: Every cross-book link: its PDF, its text, the file and destination.
EXPECTED_CROSS = [
    ('alpha.pdf', 'Beta configuration', 'beta.pdf#beta/config:b-config'),
    ('alpha.pdf', 'Beta configuration', 'beta.pdf#beta/config::doc'),
    ('alpha.pdf', 'Table 1 in Beta book', 'beta.pdf#beta/config:b-table'),
    ('alpha.pdf', 'Beta options', 'beta.pdf#beta/config:b-table'),
    ('alpha.pdf', 'the speed option', 'beta.pdf#beta/config:speed-option'),
    ('alpha.pdf', 'The gamma figure', 'gamma.pdf#gamma/figures:c-fig'),
    ('alpha.pdf', 'Fig. 2 in Gamma book', 'gamma.pdf#gamma/figures:c-fig'),
    ('alpha.pdf', 'gamma_init()', 'gamma.pdf#gamma/api:c.gamma_init'),
    ('alpha.pdf', 'Gamma API', 'gamma.pdf#gamma/api:c-api'),
    ('beta.pdf', 'Alpha introduction', 'alpha.pdf#alpha/intro:a-intro'),
    ('beta.pdf', 'Shared chapter', 'alpha.pdf#alpha/shared::doc'),
    ('gamma.pdf', 'Beta configuration', 'beta.pdf#beta/config:b-config'),
]

#: The text of alpha/shared.rst, which only the alpha book prints.
SHARED_TEXT = 'Listed in the toctrees of the alpha and the beta book'


def _build(builder: str, tmp_path: Path, *options: str
           ) -> subprocess.CompletedProcess[str]:
    return sphinx_build('-E', '-b', builder, *options, ROOTS / 'test-books',
                        tmp_path / builder, cwd=tmp_path)


def _text(pdf: Path) -> str:
    import pymupdf
    with pymupdf.open(pdf) as document:
        return ' '.join(' '.join(page.get_text().split())
                        for page in document)


def test_every_link_between_books_lands(tmp_path: Path) -> None:
    result = _build('linuxpdf', tmp_path)
    assert result.returncode == 0, result.stderr
    warnings = [line for line in result.stderr.splitlines()
                if 'WARNING:' in line]
    # the document in no book and the one reference to it, nothing else
    assert len(warnings) == 2, result.stderr
    assert warnings[0].endswith(typed(
        'loose.rst: WARNING: document is in no book: its text is in no PDF '
        'and references to it lead nowhere', 'linuxdoc.books'))
    assert warnings[1].endswith(typed(
        'api.rst:12: WARNING: reference to loose, which is in no book: '
        'printed without a link', 'linuxdoc.books'))

    outdir = tmp_path / 'linuxpdf'
    report = check_links(outdir)
    assert report.broken == [], report.summary()
    counts = {pdf: (len([link for link in report.of_kind('same-book')
                         if link.pdf == pdf]),
                    len([link for link in report.of_kind('cross-book')
                         if link.pdf == pdf]))
              for pdf in EXPECTED_COUNTS}
    assert counts == EXPECTED_COUNTS, report.summary()
    assert (report.same_book, report.cross_book) == (27, 12)
    cross = [(link.pdf, link.text.strip(' .,'), link.target)
             for link in report.of_kind('cross-book')]
    assert cross == EXPECTED_CROSS

    # a document is printed by its own book only
    assert SHARED_TEXT in _text(outdir / 'alpha.pdf')
    assert SHARED_TEXT not in _text(outdir / 'beta.pdf')
    # a :numref: prints the number its target's caption shows
    assert 'Fig. 2 The gamma figure' in _text(outdir / 'gamma.pdf')
    assert 'Table 1 Beta options' in _text(outdir / 'beta.pdf')


def test_each_book_exports_its_destinations(tmp_path: Path) -> None:
    """Every document's start and every id drawn in a book is a named
    destination there, under the same name in every build."""
    result = _build('linuxpdf', tmp_path)
    assert result.returncode == 0, result.stderr
    import pymupdf
    with pymupdf.open(tmp_path / 'linuxpdf' / 'beta.pdf') as document:
        names = document.resolve_names()
    assert set(names) == {
        'beta/index::doc', 'beta/index:beta-book',
        'beta/config::doc', 'beta/config:b-config',
        'beta/config:beta-configuration', 'beta/config:b-table',
        'beta/config:id1', 'beta/config:speed-option',
        'beta/config:setting-the-speed-option'}
    first = (tmp_path / 'linuxpdf' / 'beta.pdf').read_bytes()
    again = _build('linuxpdf', tmp_path)
    assert again.returncode == 0, again.stderr
    assert (tmp_path / 'linuxpdf' / 'beta.pdf').read_bytes() == first


def test_stock_rst2pdf_breaks_them(tmp_path: Path) -> None:
    """The control: rst2pdf's own builder on the same sources writes every
    cross-book link as a file name with the fragment in it, and prints
    the shared document in both books."""
    result = _build('pdf', tmp_path,
                    '-D', 'extensions=linuxdoc_builders,rst2pdf.pdfbuilder')
    assert result.returncode == 0, result.stderr
    report = check_links(tmp_path / 'pdf')
    cross = report.of_kind('cross-book')
    assert len(cross) == 12
    assert all(link.problem for link in cross), report.summary()
    assert "no file 'beta.pdf#b-config' beside it" in [
        link.problem for link in cross]
    assert SHARED_TEXT in _text(tmp_path / 'pdf' / 'beta.pdf')


@pytest.mark.parametrize('jobs', ['1', '2'])
def test_only_the_books_asked_for_are_written(tmp_path: Path,
                                              jobs: str) -> None:
    """``linuxdoc_pdf_books`` writes some books, as the kernel's ``make
    pdfdocs SPHINXDIRS=...`` does: their links into the others are the
    links of a whole build; a target that is no book is an error that
    names it and the books there are."""
    result = _build('linuxpdf', tmp_path, '-j', jobs,
                    '-D', 'linuxdoc_pdf_books=gamma,gama')
    assert result.returncode == 0, result.stderr
    assert ('linuxdoc_pdf_books: gama not a book target of pdf_documents '
            '(alpha, beta, gamma); left out') in result.stderr
    outdir = tmp_path / 'linuxpdf'
    assert [pdf.name for pdf in outdir.glob('*.pdf')] == ['gamma.pdf']
    report = check_links(outdir)
    assert [link for link in report.of_kind('same-book')
            if link.problem] == []
    cross = [(link.pdf, link.text.strip(' .,'), link.target)
             for link in report.of_kind('cross-book')]
    assert cross == [c for c in EXPECTED_CROSS if c[0] == 'gamma.pdf']
