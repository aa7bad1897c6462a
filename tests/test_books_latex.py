# SPDX-License-Identifier: GPL-2.0-only
"""Books in linuxlatex: the three books of test-books, compiled with
xelatex, every link of every PDF followed to where it lands.

The control is the stock ``latex`` builder on the same sources: its
cross-book references are no links at all, and the chapter two books
list is printed in both.
"""

from __future__ import annotations

import re
from pathlib import Path
from typing import NamedTuple

import pymupdf
import pytest
from pdf_links_check import Report, check_links
from tools import make_latex_pdfs, sphinx_build

ROOT = Path(__file__).parent / 'roots' / 'test-books'

#: Cross-book references in the sources of test-books: alpha/intro 9
#: (one to an inline target in a section title of beta), beta/config 2,
#: gamma/figures 1.
CROSS_BOOK = 12

#: Same-book references in the sources (alpha 4, beta 1, gamma 1), each
#: book's table of contents (alpha 2 entries, beta 2, gamma 2), and
#: gamma's index (its contents entry, and the page of gamma_init).
SAME_BOOK = 6 + 6 + 2

#: Text of alpha/shared, which both the alpha and the beta book list.
SHARED = 'Listed in the toctrees of the alpha and the beta book'


class Books(NamedTuple):
    out: Path
    stderr: str
    links: Report


def _books(tmp: Path, builder: str) -> Books:
    out = tmp / builder
    result = sphinx_build('-E', '-b', builder, ROOT, out, cwd=tmp)
    assert result.returncode == 0, result.stderr
    assert make_latex_pdfs(out) == []
    return Books(out, result.stderr, check_links(out))


@pytest.fixture(scope='module')
def books(tmp_path_factory: pytest.TempPathFactory) -> Books:
    return _books(tmp_path_factory.mktemp('books'), 'linuxlatex')


@pytest.fixture(scope='module')
def stock(tmp_path_factory: pytest.TempPathFactory) -> Books:
    return _books(tmp_path_factory.mktemp('books'), 'latex')


def _text(pdf: Path) -> str:
    with pymupdf.open(pdf) as document:
        return ' '.join(' '.join(page.get_text() for page in document)
                        .split())


def test_every_link_lands_on_its_target(books: Books) -> None:
    print(books.links.summary())
    assert books.links.broken == [], books.links.summary()
    assert books.links.cross_book == CROSS_BOOK
    assert books.links.same_book == SAME_BOOK


def test_cross_book_links_are_remote_go_tos_by_name(books: Books) -> None:
    for link in books.links.of_kind('cross-book'):
        assert re.fullmatch(r'(alpha|beta|gamma)\.pdf#[\w/]+:[\w.:-]*',
                            link.target), link


def test_numref_into_another_book_prints_its_number(books: Books) -> None:
    """Fig. 2 and Table 1 are what the gamma and beta books print, as
    HTML and linuxpdf do (Sphinx's numbers, not LaTeX's per chapter);
    the book is named."""
    texts = {link.text.strip(' .,') for link in
             books.links.of_kind('cross-book')}
    assert {'Fig. 2 in Gamma book', 'Table 1 in Beta book'} <= texts
    assert 'Fig. 2: The gamma figure' in _text(books.out / 'gamma.pdf')
    assert 'Table 1: Beta options' in _text(books.out / 'beta.pdf')


def test_each_document_is_in_one_book(books: Books) -> None:
    assert SHARED in _text(books.out / 'alpha.pdf')
    assert SHARED not in _text(books.out / 'beta.pdf')
    # Sphinx 7.2 does not print the warning type
    warnings = re.findall(r'^(\S+): WARNING: (.*?)(?: \[[\w.]+\])?$',
                          books.stderr, re.MULTILINE)
    assert warnings == [
        (str(ROOT / 'loose.rst'), 'document is in no book: its text is in '
         'no PDF and references to it lead nowhere'),
        (str(ROOT / 'gamma' / 'api.rst') + ':12', 'reference to loose, '
         'which is in no book: printed without a link')]


def test_stock_latex_links_no_book_to_another(stock: Books) -> None:
    assert stock.links.cross_book == 0
    assert SHARED in _text(stock.out / 'beta.pdf')
    assert 'b-config' in _text(stock.out / 'alpha.pdf')
