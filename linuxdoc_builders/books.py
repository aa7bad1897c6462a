# SPDX-License-Identifier: GPL-2.0-only
"""Books: one project written as several PDFs that link to each other.

The kernel builds one PDF per top-level directory of ``Documentation/``
from the documents list in its conf.py (``latex_documents``, and earlier
rst2pdf's ``pdf_documents``).  Stock Sphinx and rst2pdf put every
document reachable from a book's start into that book, and print a
reference into another book as plain text (LaTeX) or a broken link
(rst2pdf).  Here:

* :func:`top_level_books` builds the kernel-style list for conf.py, so
  nobody maintains it by hand;
* :func:`assign_books` gives every document exactly one book: the first
  book, in list order, whose toctrees reach it (``linuxdoc_book_of``
  overrides that per document), and warns about documents in no book,
  except those :func:`html_only` names (hubs, orphans, included files);
* a reference into another book becomes a link to that book's PDF, at a
  named destination ``DOCNAME:ID`` (``DOCNAME::doc`` for a document's
  start) that the other book exports, so each book builds on its own.
  :func:`book_uri` and :func:`parse_book_uri` carry such a reference from
  the builder's ``get_target_uri`` to the writer.
"""

from __future__ import annotations

import re
from collections import deque
from contextlib import contextmanager
from dataclasses import dataclass
from pathlib import Path
from typing import TYPE_CHECKING, Any

from docutils import nodes
from sphinx import addnodes
from sphinx.locale import _, __
from sphinx.util import logging, texescape

if TYPE_CHECKING:
    from collections.abc import (
        Container,
        Iterable,
        Iterator,
        Mapping,
        Sequence,
    )

    from sphinx.environment import BuildEnvironment

logger = logging.getLogger(__name__)

#: The scheme of a reference into another book, as the builder hands it
#: to the writer: ``linuxdoc-book:TARGET/DOCNAME`` (plus ``#ID``).
SCHEME = 'linuxdoc-book:'

#: The scheme of a reference to a document that is in no book; the
#: builder reports each and prints it as plain text.
NOWHERE = 'linuxdoc-nowhere:'

#: The word between a ``:numref:`` into another book and the book's
#: title: "Table 2.1 in *FooBar userspace API*".
IN_BOOK = _('in')

#: A reStructuredText title: a line of text over a line of ``=``.
_TITLE = re.compile(r'^(?P<title>\S.*)\n(?P<rule>[=\-~^"#*+`\':.<>_]{3,})\s*$',
                    re.MULTILINE)


@dataclass(frozen=True)
class Book:
    """One PDF of the project."""

    #: The document the book starts at.
    start: str
    #: The output's name, without ``.tex`` or ``.pdf``.
    target: str
    title: str


def top_level_books(srcdir: str | Path, *, suffix: str = '.rst'
                    ) -> list[Book]:
    """One book per top-level directory of ``srcdir`` that has an index,
    in name order, titled by that index's first title.

    This is the list the kernel's conf.py writes by hand.
    """
    return [Book(f'{index.parent.name}/index', index.parent.name,
                 _title(index, index.parent.name))
            for index in sorted(Path(srcdir).glob(f'*/index{suffix}'))]


def sphinxdir_books(srcdir: str | Path, sphinxdir: str = '.', *,
                    suffix: str = '.rst') -> list[Book]:
    """The books of ``make SPHINXDIRS=sphinxdir``, which builds only that
    directory of ``srcdir``, as a project of its own.

    The whole tree (``.``) has its :func:`top_level_books`.  A directory
    is one book named after it, starting at its ``index``: its documents
    are named relative to it, so the whole tree's list would name
    documents that do not exist (the kernel's conf.py rewrites its list
    the same way).
    """
    part = Path(sphinxdir)
    if part == Path():
        return top_level_books(srcdir, suffix=suffix)
    name = part.name
    return [Book('index', name,
                 _title(Path(srcdir) / part / f'index{suffix}', name))]


def _title(index: Path, default: str) -> str:
    """The first title of ``index``, ``default`` if it has none (or
    cannot be read: Sphinx reports a missing start document itself)."""
    try:
        text = index.read_text(encoding='utf-8', errors='replace')
    except OSError:
        return default
    match = _TITLE.search(text)
    return match.group('title').strip() if match else default


def latex_documents(books: Iterable[Book], author: str,
                    theme: str = 'manual', engine: str = 'pdflatex'
                    ) -> list[tuple[str, str, str, str, str]]:
    """``latex_documents`` for conf.py from :func:`top_level_books`.

    Its title and author are LaTeX mark-up (Sphinx writes them into
    ``\\title`` and ``\\author`` as they are), so the plain text of a
    reST title and of ``author`` is escaped for ``engine`` (conf.py's
    ``latex_engine``), as Sphinx's own default escapes ``project``.
    """
    texescape.init()

    def escaped(text: str) -> str:
        return texescape.escape_abbr(texescape.escape(text, engine))

    return [(b.start, f'{b.target}.tex', escaped(b.title), escaped(author),
             theme) for b in books]


def pdf_documents(books: Iterable[Book], author: str
                  ) -> list[tuple[str, str, str, str]]:
    """``pdf_documents`` (rst2pdf, linuxpdf) for conf.py from
    :func:`top_level_books`."""
    return [(b.start, b.target, b.title, author) for b in books]


def listed_books(entries: Iterable[Sequence[Any]]) -> list[Book]:
    """The books of a documents list, ``latex_documents`` (whose targets
    end in ``.tex``) or ``pdf_documents``, in list order."""
    return [Book(str(entry[0]), str(entry[1]).removesuffix('.tex'),
                 str(entry[2])) for entry in entries]


def assign_books(env: BuildEnvironment, books: Sequence[Book],
                 overrides: Mapping[str, str]) -> dict[str, Book]:
    """Each document's book: the first in list order whose toctrees reach
    it, unless ``overrides`` (docname: book target) says otherwise.

    A document in no book is warned about: its text is in no PDF, and
    references to it lead nowhere.  Not those :func:`html_only` names,
    which are out of every book by design.
    """
    owner: dict[str, Book] = {}
    for book in books:
        queue = deque([book.start])
        while queue:
            docname = queue.popleft()
            if docname in owner or docname not in env.all_docs:
                continue
            owner[docname] = book
            queue.extend(env.toctree_includes.get(docname, ()))
    by_target = {book.target: book for book in books}
    for docname, target in overrides.items():
        if target not in by_target:
            logger.warning(__('linuxdoc_book_of: %s names no book (the '
                              'books are %s)'), target,
                           ', '.join(sorted(by_target)),
                           type='linuxdoc', subtype='books')
        elif docname not in env.all_docs:
            logger.warning(__('linuxdoc_book_of: no document %s'), docname,
                           type='linuxdoc', subtype='books')
        else:
            owner[docname] = by_target[target]
    unowned = env.all_docs.keys() - owner.keys() - html_only(env, books)
    for docname in sorted(unowned):
        logger.warning(__('document is in no book: its text is in no PDF '
                          'and references to it lead nowhere'),
                       location=(docname, None), type='linuxdoc',
                       subtype='books')
    return owner


def html_only(env: BuildEnvironment, books: Iterable[Book]
              ) -> frozenset[str]:
    """The documents that are in no book by design, as with stock
    Sphinx, so neither they nor references to them are warned about:

    * the project's root document and any other hub, a document whose
      toctrees list a book's start (the kernel's ``Documentation/index``
      and ``subsystem-apis``): they list the books, they are no book's
      content;
    * documents marked ``:orphan:``, out of every toctree by their
      author's choice (the kernel's translations mark theirs through the
      disclaimer they include);
    * files that other documents include (``.. include::``), read as
      documents too though their text is in the includer's book (the
      kernel's ext4 chapters, rtla's common options).
    """
    starts = {book.start for book in books}
    hubs = {docname for docname, listed in env.toctree_includes.items()
            if starts.intersection(listed)}
    orphans = {docname for docname in env.all_docs
               if 'orphan' in env.metadata.get(docname, {})}
    included = {name for names in env.included.values() for name in names}
    return frozenset({env.config.root_doc} | hubs | orphans | included)


def book_uri(book: Book, docname: str) -> str:
    """The URI of ``docname`` in another ``book``."""
    return f'{SCHEME}{book.target}/{docname}'


def parse_book_uri(uri: str) -> tuple[str, str] | None:
    """``(target file stem, destination name)`` of a reference into
    another book, ``None`` for any other URI."""
    if not uri.startswith(SCHEME):
        return None
    where, _, node_id = uri[len(SCHEME):].partition('#')
    target, _, docname = where.partition('/')
    return target, destination(docname, node_id)


def destination(docname: str, node_id: str = '') -> str:
    """The named destination of ``node_id`` in ``docname`` (its start when
    empty), the same in every book and backend."""
    return f'{docname}:{node_id}' if node_id else f'{docname}::doc'


@contextmanager
def documents_of(env: BuildEnvironment, owner: Mapping[str, Book],
                 book: Book) -> Iterator[None]:
    """While a builder assembles ``book``, its toctrees include only the
    book's own documents: one that another book owns is left out (and
    linked to there), not printed twice."""
    get_doctree = env.get_doctree

    def own_documents_only(docname: str) -> nodes.document:
        tree = get_doctree(docname)
        for toctree in tree.findall(addnodes.toctree):
            toctree['includefiles'] = [
                name for name in toctree['includefiles']
                if owner.get(name) == book]
        return tree

    env.get_doctree = own_documents_only  # type: ignore[method-assign]
    try:
        yield
    finally:
        del env.get_doctree


def name_other_books(tree: nodes.Node, books: Iterable[Book]) -> None:
    """A ``:numref:`` into another book names that book after the
    number ("Table 2.1 in *FooBar userspace API*"): the same number may
    belong to a different table of this book."""
    titles = {book.target: book.title for book in books}
    for reference in list(tree.findall(nodes.reference)):
        remote = parse_book_uri(reference.get('refuri', ''))
        if remote is None or remote[0] not in titles or not any(
                'std-numref' in inline['classes']
                for inline in reference.findall(nodes.inline)):
            continue
        title = titles[remote[0]]
        reference += [nodes.Text(f' {IN_BOOK} '),
                      nodes.emphasis(title, title)]


def report_nowhere(tree: nodes.Node, env: BuildEnvironment,
                   quiet: Container[str]) -> None:
    """Leave each reference to a document in no book without a link, and
    warn about it at the reference, unless the document is in ``quiet``
    (:func:`html_only`) or is no document (``genindex``, ``search``):
    those are HTML-only by design, said with ``-v`` only."""
    for reference in list(tree.findall(nodes.reference)):
        uri: Any = reference.get('refuri', '')
        if not uri.startswith(NOWHERE):
            continue
        docname = uri[len(NOWHERE):].split('#')[0]
        if docname in quiet or docname not in env.all_docs:
            logger.verbose(__('reference to %s, an HTML-only page: printed '
                              'without a link'), docname, location=reference)
        else:
            logger.warning(__('reference to %s, which is in no book: '
                              'printed without a link'), docname,
                           location=reference, type='linuxdoc',
                           subtype='books')
        reference.replace_self(reference.children)


def forget_pickled_doctrees(env: BuildEnvironment) -> None:
    """Drop the pickles ``get_doctree`` keeps.

    A book builder reads each document once per book, so a pickle kept
    only takes memory while the book is laid out.  And Sphinx 7.2 saves
    the kept pickles with the environment and never drops the one of a
    document read again: a book would be assembled from the document as
    it was (a title changed in an incremental build stayed the old one
    in the table of contents).  Book builders call this once every
    document is read, before the environment is saved, and after each
    book.
    """
    cache = getattr(env, '_pickled_doctree_cache', None)
    if cache:
        cache.clear()
