# SPDX-License-Identifier: GPL-2.0-only
"""Follow every link of a set of PDFs (one project's books) to where it
lands, whatever wrote them (linuxpdf, LaTeX).

:func:`check_links` reads the link annotations of every ``*.pdf`` of a
directory with pymupdf and sorts them into

* same-book links (``/S /GoTo``, or a plain ``/Dest``): they must land
  on a page of the same PDF that shows the link's text;
* cross-book links (``/S /GoToR``): the action's ``/F`` must name a PDF
  beside this one, by a relative name, and its ``/D`` a named
  destination that PDF exports (its ``/Names /Dests`` tree or catalog
  ``/Dests``), on a page that shows the link's text;
* external links (URIs), counted and not followed;

and reports every link that fails, with the reason.

"The page shows the link's text": the text of a link is the text inside
its area, the areas of one link broken across lines joined.  It is
compared with whitespace normalised, ligatures expanded, hyphenation
undone, case ignored, the punctuation around it and a trailing
parenthesis dropped
(``:c:func:`` prints ``f()``, an index entry ``f (C function)``, the
declaration ``f (void)``).  A link whose text is a number (a table of
contents' page number) must lead where the link before it on its page
leads, or to a page that shows that number.

ReportLab starts a link's area too early on a justified line (by the
space that justification adds before it), so the area can hold a few
words before the link: those are dropped until the rest is found, as long
as at least half the text remains.
"""

from __future__ import annotations

import re
from dataclasses import dataclass, field
from pathlib import Path, PurePosixPath
from typing import Any

import pymupdf

#: Text extraction: ligatures expanded, hyphenation at line ends undone.
FLAGS = ((pymupdf.TEXTFLAGS_TEXT | pymupdf.TEXT_DEHYPHENATE)
         & ~pymupdf.TEXT_PRESERVE_LIGATURES)

#: A page number, as a table of contents prints it.
_PAGE_NUMBER = re.compile(r'[0-9]+|[ivxlcdm]+', re.IGNORECASE)

#: Punctuation around a link's text that is not part of the target's.
_EDGES = ' \t\n.,;:!?()[]"\'\u201c\u201d\u2018\u2019'


@dataclass
class Link:
    """One link, as a reader would click it."""

    pdf: str
    #: 0-based page of the link
    page: int
    text: str
    #: 'same-book', 'cross-book' or 'external'
    kind: str
    #: where it leads: 'page N', 'FILE#NAME', a URI
    target: str = ''
    #: why it does not land on its target, or '' if it does
    problem: str = ''


@dataclass
class Report:
    """The links of a directory of PDFs."""

    links: list[Link] = field(default_factory=list)

    def of_kind(self, kind: str) -> list[Link]:
        return [link for link in self.links if link.kind == kind]

    @property
    def same_book(self) -> int:
        return len(self.of_kind('same-book'))

    @property
    def cross_book(self) -> int:
        return len(self.of_kind('cross-book'))

    @property
    def external(self) -> int:
        return len(self.of_kind('external'))

    @property
    def broken(self) -> list[Link]:
        return [link for link in self.links if link.problem]

    def summary(self) -> str:
        lines = [f'{len(self.links)} links: {self.same_book} same-book, '
                 f'{self.cross_book} cross-book, {self.external} external, '
                 f'{len(self.broken)} broken']
        lines += [f'  {link.pdf} p.{link.page + 1} {link.text!r} -> '
                  f'{link.target}: {link.problem}' for link in self.broken]
        return '\n'.join(lines)


def normalised(text: str) -> str:
    """``text`` with runs of whitespace as one space."""
    return ' '.join(text.split())


def _core(text: str) -> str:
    text = normalised(text).strip(' .,;:!?')
    return re.sub(r'\s*\([^()]*\)$', '', text).strip(_EDGES)


def shows(page_text: str, link_text: str) -> bool:
    """Whether a page whose text is ``page_text`` shows ``link_text``,
    allowing for words that a link area holds before the link itself,
    in any case (LaTeX's chapter headings are set in capitals)."""
    page = normalised(page_text).casefold()
    link_text = link_text.casefold()
    words = link_text.split()
    full = len(_core(link_text))
    for start in range(len(words)):
        core = _core(' '.join(words[start:]))
        if not core or len(core) * 2 < full:
            break
        if core in page:
            return True
    return False


def _text_in(page: pymupdf.Page, rect: pymupdf.Rect,
             words: list[tuple[Any, ...]]) -> str:
    """The words of ``page`` whose middle is inside ``rect``."""
    inside = [w for w in words
              if rect.contains(pymupdf.Point((w[0] + w[2]) / 2,
                                             (w[1] + w[3]) / 2))]
    return ' '.join(w[4] for w in inside)


def _action(document: pymupdf.Document, xref: int) -> dict[str, tuple[
        str, str]]:
    """The keys of a link annotation's action that tell where it goes."""
    keys = {}
    for key in ('A/S', 'A/F', 'A/F/F', 'A/F/UF', 'A/D', 'A/URI', 'Dest'):
        kind, value = document.xref_get_key(xref, key)
        if kind != 'null':
            keys[key] = (kind, value)
    return keys


def _key(link: dict[str, Any], action: dict[str, tuple[str, str]]
         ) -> tuple[Any, ...]:
    """What tells two areas of one link from two links."""
    return (link['kind'], link.get('page'), link.get('uri'),
            tuple(sorted(action.items())))


def _areas(document: pymupdf.Document, page: pymupdf.Page
           ) -> list[tuple[dict[str, Any], dict[str, tuple[str, str]], str]]:
    """The links of ``page``: an area on the line below another of the
    same link is the rest of it (a link broken across lines), unless
    each is a page number (index entries of one page, line under line)."""
    words = page.get_text('words', flags=FLAGS)
    found: list[tuple[dict[str, Any], dict[str, tuple[str, str]], str]] = []
    previous: pymupdf.Rect | None = None
    for link in page.get_links():
        action = _action(document, link['xref']) if link.get('xref') else {}
        rect = link['from']
        text = _text_in(page, rect, words)
        if (found and previous is not None
                and not _PAGE_NUMBER.fullmatch(text.strip())
                and _key(found[-1][0], found[-1][1]) == _key(link, action)
                and rect.y0 >= previous.y1 - 2 and rect.y0 < previous.y1
                + 2 * previous.height):
            first, first_action, first_text = found[-1]
            found[-1] = (first, first_action, f'{first_text} {text}')
        else:
            found.append((link, action, text))
        previous = rect
    return found


def _string(value: tuple[str, str] | None) -> str | None:
    if value is None or value[0] not in ('string', 'name'):
        return None
    return value[1].removeprefix('/') if value[0] == 'name' else value[1]


class _Books:
    """Opened PDFs, their text by page, and their named destinations."""

    def __init__(self) -> None:
        self.documents: dict[Path, pymupdf.Document] = {}
        self.texts: dict[tuple[Path, int], str] = {}
        self.names: dict[Path, dict[str, Any]] = {}

    def open(self, pdf: Path) -> pymupdf.Document:
        if pdf not in self.documents:
            document = pymupdf.open(pdf)
            self.documents[pdf] = document
            self.names[pdf] = document.resolve_names()
        return self.documents[pdf]

    def text(self, pdf: Path, page: int) -> str:
        if (pdf, page) not in self.texts:
            self.texts[pdf, page] = self.open(pdf)[page].get_text(
                'text', flags=FLAGS)
        return self.texts[pdf, page]

    def close(self) -> None:
        for document in self.documents.values():
            document.close()


def _same_book(books: _Books, pdf: Path, link: dict[str, Any], text: str,
               out: Link, before: Link | None) -> None:
    page = link.get('page', -1)
    if link['kind'] == pymupdf.LINK_NAMED:
        name = link.get('nameddest') or link.get('name', '')
        page = books.names[pdf].get(name, {}).get('page', -1)
    out.target = f'page {page + 1}'
    if page is None or page < 0 or page >= books.open(pdf).page_count:
        out.problem = 'leads to no page'
    elif _PAGE_NUMBER.fullmatch(text.strip()):
        if not ((before and before.target == out.target
                 and before.page == out.page and not before.problem)
                or text.strip() in books.text(pdf, page).split()):
            out.problem = ('a page number that leads neither where its '
                           'entry does nor to a page that shows it')
    elif not shows(books.text(pdf, page), text):
        out.problem = 'the page it leads to does not show its text'


def _cross_book(books: _Books, pdf: Path,
                action: dict[str, tuple[str, str]], text: str,
                out: Link) -> None:
    filename = (_string(action.get('A/F')) or _string(action.get('A/F/UF'))
                or _string(action.get('A/F/F')))
    destination = action.get('A/D')
    name = _string(destination)
    shown = name if name is not None else (destination or ('', ''))[1]
    out.target = f'{filename}#{shown}'
    if not filename:
        out.problem = 'names no file'
        return
    if PurePosixPath(filename).is_absolute() or ':' in filename:
        out.problem = f'file {filename!r} is not a relative name'
        return
    target = pdf.parent / filename
    if not target.is_file():
        out.problem = f'no file {filename!r} beside it'
        return
    books.open(target)
    if name is None:
        out.problem = f'names no destination by name: /D {destination}'
        return
    found = books.names[target].get(name)
    # "Table 2.1 in *Title*": a :numref: into another book names it; the
    # target's title page shows that name
    named, _, book = text.rpartition(' in ')
    if named and shows(books.text(target, 0), book):
        text = named
    if found is None:
        out.problem = f'{filename} has no destination {name!r}'
    elif not shows(books.text(target, found['page']), text):
        out.problem = (f'page {found["page"] + 1} of {filename} does not '
                       f'show its text')


def check_links(directory: Path) -> Report:
    """Follow every link of every PDF in ``directory``."""
    report = Report()
    books = _Books()
    try:
        for pdf in sorted(directory.glob('*.pdf')):
            document = books.open(pdf)
            for page in document:
                for link, action, text in _areas(document, page):
                    out = Link(pdf.name, page.number, normalised(text), '')
                    kind = _string(action.get('A/S'))
                    if kind == 'GoToR' or link['kind'] == pymupdf.LINK_GOTOR:
                        out.kind = 'cross-book'
                        _cross_book(books, pdf, action, text, out)
                    elif link['kind'] in (pymupdf.LINK_GOTO,
                                          pymupdf.LINK_NAMED):
                        out.kind = 'same-book'
                        before = report.links[-1] if report.links else None
                        _same_book(books, pdf, link, text, out, before)
                    elif link['kind'] == pymupdf.LINK_URI and re.match(
                            r'[a-z][-+.a-z0-9]*:', link.get('uri', '')):
                        out.kind = 'external'
                        out.target = link['uri']
                    else:
                        out.kind = 'other'
                        out.target = str(link.get('uri') or action)
                        out.problem = 'neither a link in a PDF nor a URI'
                    report.links.append(out)
    finally:
        books.close()
    return report
