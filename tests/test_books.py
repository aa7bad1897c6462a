# SPDX-License-Identifier: GPL-2.0-only
"""Which book each document is in, and the book list for conf.py."""

from __future__ import annotations

import logging
import re
from pathlib import Path
from types import SimpleNamespace
from typing import Any

import pytest

from linuxdoc_builders.books import (
    Book,
    assign_books,
    html_only,
    latex_documents,
    pdf_documents,
    sphinxdir_books,
    top_level_books,
)

ROOT = Path(__file__).parent / 'roots' / 'test-books'
BOOKS = [Book('alpha/index', 'alpha', 'Alpha book'),
         Book('beta/index', 'beta', 'Beta book'),
         Book('gamma/index', 'gamma', 'Gamma book')]


def _said(caplog: pytest.LogCaptureFixture) -> list[str]:
    """The messages logged, as written: once a Sphinx application has run
    in this process, its logging filters stay on the ``sphinx`` logger and
    add the place, ``WARNING:`` and the type to every record."""
    return [re.sub(r'^(.*: )?WARNING: | \[[\w.-]+\]$', '', r.getMessage())
            for r in caplog.records]


def _env() -> Any:
    """The toctrees of test-books, as Sphinx's environment holds them."""
    includes = {'index': ['alpha/index', 'beta/index', 'gamma/index',
                          'loose', 'hub'],
                'hub': ['gamma/index'],
                'alpha/index': ['alpha/intro', 'alpha/shared'],
                'beta/index': ['beta/config', 'alpha/shared'],
                'gamma/index': ['gamma/figures', 'gamma/api']}
    docs = {d for names in includes.values() for d in names} | {
        'index', 'alpha/fragment', 'orphan'}
    return SimpleNamespace(all_docs=dict.fromkeys(docs), toctree_includes=
                           includes, config=SimpleNamespace(root_doc='index'),
                           included={'alpha/intro': {'alpha/fragment'}},
                           metadata={'orphan': {'orphan': ''}, 'loose': {}})


def test_top_level_books_are_the_directories_with_an_index() -> None:
    assert top_level_books(ROOT) == BOOKS
    assert latex_documents(BOOKS[:1], 'me') == [
        ('alpha/index', 'alpha.tex', 'Alpha book', 'me', 'manual')]
    assert pdf_documents(BOOKS[:1], 'me') == [
        ('alpha/index', 'alpha', 'Alpha book', 'me')]


def test_sphinxdirs_part_is_one_book_named_after_it() -> None:
    """make SPHINXDIRS=beta builds beta/ as a project: its start is its
    own index, named relative to it; the whole tree has every book."""
    assert sphinxdir_books(ROOT, 'beta') == [
        Book('index', 'beta', 'Beta book')]
    assert sphinxdir_books(ROOT, 'beta/') == sphinxdir_books(ROOT, 'beta')
    assert sphinxdir_books(ROOT, '.') == BOOKS
    assert sphinxdir_books(ROOT) == BOOKS
    # no index to take a title from: the directory's name
    assert sphinxdir_books(ROOT, 'nowhere') == [
        Book('index', 'nowhere', 'nowhere')]


def test_the_first_book_that_lists_a_document_has_it(
        caplog: pytest.LogCaptureFixture) -> None:
    with caplog.at_level(logging.WARNING):
        owner = assign_books(_env(), BOOKS, {})
    assert owner['alpha/shared'].target == 'alpha'
    assert owner['beta/config'].target == 'beta'
    assert {'index', 'hub', 'orphan', 'loose'}.isdisjoint(owner)
    # the root document and another hub list books and are not warned
    # about, nor is an orphan, nor a file another document includes (its
    # text is in that one's book): only loose
    assert _said(caplog) == [
        'document is in no book: its text is in no PDF and references to '
        'it lead nowhere']
    assert html_only(_env(), BOOKS) == {'index', 'hub', 'orphan',
                                        'alpha/fragment'}


def test_linuxdoc_book_of_moves_a_document(
        caplog: pytest.LogCaptureFixture) -> None:
    owner = assign_books(_env(), BOOKS, {'alpha/shared': 'beta',
                                         'loose': 'gamma'})
    assert owner['alpha/shared'].target == 'beta'
    assert owner['loose'].target == 'gamma'
    with caplog.at_level(logging.WARNING):
        assign_books(_env(), BOOKS, {'alpha/shared': 'delta',
                                     'nothing': 'beta'})
    messages = _said(caplog)
    assert 'linuxdoc_book_of: delta names no book (the books are alpha, '\
        'beta, gamma)' in messages
    assert 'linuxdoc_book_of: no document nothing' in messages
