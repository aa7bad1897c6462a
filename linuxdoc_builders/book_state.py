# SPDX-License-Identifier: GPL-2.0-only
"""Which books must be written again, and what each was written from.

Laying a book out is most of a PDF build (the kernel's 63 books take
twenty minutes in linuxpdf), and stock builders do it for every book on
every build.  Both book builders (``linuxpdf``, ``linuxlatex``) keep, in
``.linuxdoc-books.json`` in their output directory, what each book was
last written from, and write a book again only when something it shows
may have changed:

* its output is missing, or the build was asked for everything (``-a``,
  ``-E``: every document read again);
* its settings: its entry of the documents list, the builder's and our
  settings (``pdf_*``, ``latex_*``, ``linuxdoc_*``, ``numfig*``, the
  project's name and version...), the stylesheet files ``pdf_stylesheets``
  names, the versions of linuxdoc-builders, Sphinx and rst2pdf;
* its documents: which they are, in what order, and each one's reading
  (Sphinx reads a document again when it, or a file it depends on,
  changed), with their titles and numbers (which another document's
  change can shift);
* what it links to in other books: the title, numbers, labels and
  domain objects (their ids) of each document of another book it has a
  link into, and the book that holds it.  A link into another book
  names a destination, not a page, so a target moving to another page
  changes nothing here;
* the names the whole project defines (labels, C declarations, ...): a
  name added or removed anywhere may give a reference that led nowhere a
  target, so every book is written again.

Anything else (a typo fixed in one paragraph, a kernel-doc comment
edited) writes only the book of the document that changed.
"""

from __future__ import annotations

import hashlib
import json
from collections import defaultdict
from importlib.metadata import PackageNotFoundError, version
from pathlib import Path
from typing import TYPE_CHECKING, Any

from docutils import nodes
from sphinx.locale import __
from sphinx.util import logging

from linuxdoc_builders import __version__
from linuxdoc_builders.books import parse_book_uri

if TYPE_CHECKING:
    from collections.abc import Iterable, Mapping, Sequence

    from sphinx.builders import Builder
    from sphinx.config import Config
    from sphinx.environment import BuildEnvironment

    from linuxdoc_builders.books import Book

logger = logging.getLogger(__name__)

#: The record in the output directory.
STATE_FILE = '.linuxdoc-books.json'

#: The settings whose values a book's output depends on: every one that
#: starts so, and these names.
SETTING_PREFIXES = ('pdf_', 'latex_', 'linuxdoc_', 'numfig', 'math_')
SETTING_NAMES = ('project', 'author', 'copyright', 'version', 'release',
                 'language', 'today', 'today_fmt', 'root_doc',
                 'smartquotes', 'highlight_language', 'pygments_style',
                 'rst_prolog', 'rst_epilog')
#: Settings that choose what is built, not how it looks, and the
#: documents lists, of which each book's digest takes its own entry.
NOT_SHOWN = ('linuxdoc_pdf_books', 'linuxdoc_gc_policy', 'pdf_documents',
             'latex_documents')


def _digest(value: object) -> str:
    return hashlib.sha256(json.dumps(value, sort_keys=True).encode()
                          ).hexdigest()


def _plain(value: object) -> object:
    """``value`` as JSON can hold it, the same from one build to the
    next (a function by its name, not its address)."""
    if value is None or isinstance(value, (str, int, float, bool)):
        return value
    if isinstance(value, (list, tuple, set, frozenset)):
        items = [_plain(item) for item in value]
        return sorted(items, key=repr) if isinstance(
            value, (set, frozenset)) else items
    if isinstance(value, dict):
        return sorted([repr(key), _plain(item)]
                      for key, item in value.items())
    if isinstance(value, Path):
        return str(value)
    if isinstance(value, nodes.Node):
        return value.astext()
    return getattr(value, '__qualname__', type(value).__qualname__)


def _package_version(name: str) -> str:
    try:
        return version(name)
    except PackageNotFoundError:
        return ''


def settings_digest(config: Config, builder: str, entry: Sequence[Any],
                    confdir: Path) -> str:
    """What a book's output depends on beyond its documents."""
    names = sorted(name for name in config.values
                   if (name.startswith(SETTING_PREFIXES)
                       or name in SETTING_NAMES) and name not in NOT_SHOWN)
    values = [[name, _plain(getattr(config, name, None))] for name in names]
    sheets = []
    for sheet in getattr(config, 'pdf_stylesheets', None) or ():
        for folder in (confdir, *map(Path, config.pdf_style_path or ())):
            for name in (sheet, f'{sheet}.yaml', f'{sheet}.style',
                         f'{sheet}.json'):
                path = (confdir / folder / name)
                if path.is_file():
                    sheets.append([str(name), hashlib.sha256(
                        path.read_bytes()).hexdigest()])
    return _digest([builder, _plain(list(entry)), values, sheets,
                    __version__, _package_version('sphinx'),
                    _package_version('rst2pdf')])


class Project:
    """What the environment says about each document, computed once per
    build and only for the documents asked about."""

    def __init__(self, env: BuildEnvironment, owner: Mapping[str, Book]
                 ) -> None:
        self.env = env
        self.owner = owner
        self._objects: dict[str, list[list[str]]] | None = None
        self._names: str | None = None
        self._exports: dict[str, str] = {}

    def _domain_objects(self) -> dict[str, list[list[str]]]:
        if self._objects is None:
            objects: dict[str, list[list[str]]] = defaultdict(list)
            names = []
            for domain in self.env.domains.values():
                for name, shown, kind, docname, anchor, _ in (
                        domain.get_objects()):
                    objects[docname].append([domain.name, kind, name,
                                             str(shown), anchor])
                    names.append([domain.name, kind, name])
            for found in objects.values():
                found.sort()
            self._objects = dict(objects)
            self._names = _digest(sorted(names))
        return self._objects

    def names(self) -> str:
        """The digest of every name the project defines."""
        self._domain_objects()
        assert self._names is not None
        return self._names

    def exports(self, docname: str) -> str:
        """The digest of what a link into ``docname`` shows and where it
        lands."""
        if docname not in self._exports:
            env = self.env
            book = self.owner.get(docname)
            title = env.titles.get(docname)
            self._exports[docname] = _digest([
                book.target if book else None,
                title.astext() if title is not None else None,
                _plain(env.toc_secnumbers.get(docname)),
                _plain(env.toc_fignumbers.get(docname)),
                self._domain_objects().get(docname, [])])
        return self._exports[docname]

    def contents(self, book: Book) -> str:
        """The digest of a book's documents: which, in what order, each
        one's reading and what its title and numbers are."""
        env = self.env
        own = sorted(docname for docname, holder in self.owner.items()
                     if holder == book)
        return _digest([[docname, env.all_docs.get(docname),
                         list(env.toctree_includes.get(docname, ())),
                         self.exports(docname)] for docname in own])


def linked_documents(tree: nodes.Node) -> list[str]:
    """The documents of other books ``tree`` has links into."""
    found = set()
    for reference in tree.findall(nodes.reference):
        remote = parse_book_uri(reference.get('refuri', ''))
        if remote is not None:
            found.add(remote[1].split(':', 1)[0])
    return sorted(found)


class BookStates:
    """The record of what each book was written from, and the decision
    for this build."""

    def __init__(self, outdir: Path, project: Project, *,
                 everything: bool) -> None:
        self.path = outdir / STATE_FILE
        self.project = project
        self.everything = everything
        try:
            recorded = json.loads(self.path.read_text(encoding='utf-8'))
        except (OSError, ValueError):
            recorded = {}
        self.recorded: dict[str, dict[str, Any]] = (
            recorded if isinstance(recorded, dict) else {})

    def _state(self, book: Book, settings: str) -> dict[str, str]:
        return {'settings': settings,
                'contents': self.project.contents(book),
                'names': self.project.names()}

    def why_write(self, book: Book, settings: str, output: Path
                  ) -> str | None:
        """Why ``book`` must be written again, None if it need not."""
        old = self.recorded.get(book.target)
        if self.everything:
            return __('all books asked for')
        if not isinstance(old, dict) or not output.is_file():
            return __('not written before')
        new = self._state(book, settings)
        reasons = {'settings': __('its settings changed'),
                   'contents': __('its documents changed'),
                   'names': __('a name was added or removed')}
        for key, reason in reasons.items():
            if old.get(key) != new[key]:
                return reason
        links = old.get('links')
        if not isinstance(links, dict):
            return __('not written before')
        for docname, exported in sorted(links.items()):
            if docname not in self.project.env.all_docs or (
                    self.project.exports(docname) != exported):
                return str(__('%s, which it links to, changed') % docname)
        return None

    def written(self, book: Book, settings: str, linked: Iterable[str]
                ) -> None:
        """Record that ``book`` was written, linking into ``linked``."""
        state: dict[str, Any] = self._state(book, settings)
        state['links'] = {docname: self.project.exports(docname)
                          for docname in linked
                          if docname in self.project.env.all_docs}
        self.recorded[book.target] = state

    def failed(self, book: Book) -> None:
        """Forget ``book``: it is written again next time."""
        self.recorded.pop(book.target, None)

    def record(self, books: Iterable[Book], settings: Mapping[str, str],
               linked: Mapping[str, list[str]]) -> None:
        """Record each of ``books`` as written if ``linked`` has it
        (written, linking into those documents), as failed otherwise,
        and save the record."""
        for book in books:
            if book.target in linked:
                self.written(book, settings[book.target],
                             linked[book.target])
            else:
                self.failed(book)
        self.save()

    def save(self) -> None:
        try:
            self.path.write_text(json.dumps(self.recorded, indent=1,
                                            sort_keys=True),
                                 encoding='utf-8')
        except OSError as error:
            logger.warning(__('could not record which books were written '
                              '(%s): the next build writes every book'),
                           error, type='linuxdoc', subtype='books')


def books_to_write(builder: Builder, entries: list[Any],
                   all_books: Sequence[Book], owner: Mapping[str, Book],
                   suffix: str, everything: bool
                   ) -> tuple[BookStates, list[Any], dict[str, str]]:
    """Of a documents list's ``entries``, those whose books must be
    written (to ``TARGET + suffix``), saying for each book whether and
    why; the record, and the settings digest of each book to write (by
    target)."""
    by_target = {book.target: book for book in all_books}
    outdir = Path(builder.outdir)
    states = BookStates(outdir, Project(builder.env, owner),
                        everything=everything)
    settings = {}
    kept = []
    for entry in entries:
        book = by_target[str(entry[1]).removesuffix('.tex')]
        digest = settings_digest(builder.config, builder.name, entry,
                                 Path(builder.confdir))
        output = outdir / (book.target + suffix)
        why = states.why_write(book, digest, output)
        if why is None:
            logger.info(__('%s is up to date'), output.name)
        else:
            logger.info(__('%s is written: %s'), output.name, why)
            kept.append(entry)
            settings[book.target] = digest
    return states, kept, settings
