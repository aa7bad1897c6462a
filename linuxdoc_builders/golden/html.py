# SPDX-License-Identifier: GPL-2.0-only
"""HTML pages as a reader sees them: the text structure of the document
and its tables, without the theme around them.

A page is read with lxml; only the document body (the theme's
``role="main"`` element) counts, and in it permalink anchors and the
theme's float clearers are chrome.  Cells are placed by the HTML table
model, as browsers place them: each cell takes the first slot of its row
that no row span from above covers.
"""

from __future__ import annotations

import functools
import re

from lxml import html
from lxml.html import HtmlElement

from linuxdoc_builders.golden.tables import (
    GENERATED_ID,
    GridCell,
    Kind,
    TableView,
    named_tables,
    squash,
    table_names,
    table_reference,
)

HEADINGS = {f'h{level}': level for level in range(1, 7)}

#: Blocks whose text is one line of the view, and how it is called.
LINES = {'p': 'paragraph', 'dt': 'term', 'figcaption': 'caption',
         'caption': 'caption'}

#: A rowspan or colspan that browsers read as a number.
_NUMBER = re.compile(r'[0-9]{1,9}')

_DOWNLOAD_HASH = re.compile(r'_downloads/[0-9a-f]{32}/')

#: Browsers clamp a colspan to 1000 and a rowspan to 65534 (and to the
#: rows that follow); so does the placement here, so that a huge value
#: costs no memory.
MAX_COLSPAN = 1000
MAX_ROWSPAN = 65534


class Page:
    """One HTML page read for its document body."""

    def __init__(self, text: str) -> None:
        tree = html.document_fromstring(text)
        bodies = _elements(tree, '//*[@role="main"]')
        self.body: HtmlElement = bodies[0] if bodies else tree
        for chrome in _elements(self.body,
                './/a[contains(@class, "headerlink")]'
                ' | .//div[@class="clearer"]'):
            chrome.drop_tree()
        self.tables: list[HtmlElement] = _elements(self.body, './/table')
        self.numbers = {id(t): n for n, t in enumerate(self.tables, 1)}
        # each table's section: the last heading of the body before it,
        # the document's title (h1) aside
        self.sections: dict[int, HtmlElement] = {}
        heading: HtmlElement | None = None
        for element in self.body.iter():
            if element.tag in ('h2', 'h3', 'h4', 'h5', 'h6'):
                heading = element
            elif element.tag == 'table' and heading is not None:
                self.sections[id(element)] = heading

    def table_views(self) -> list[TableView]:
        """Every table of the page, nested ones too, in document order."""
        return [self._view(table) for table in self.tables]

    @functools.cached_property
    def _named(self) -> tuple[list[TableView], list[str]]:
        """The table views and their names, read once for the text, the
        views and the report."""
        views = self.table_views()
        return views, table_names(views)

    def tables_named(self) -> dict[str, str]:
        """Each table's view by its name (:func:`table_names`)."""
        views, names = self._named
        return {name: view.render(names)
                for name, view in zip(names, views, strict=True)}

    def text(self) -> str:
        """The document's text structure, one block a line; a table is
        named as its own view is."""
        lines: list[str] = []
        self._walk(self.body, 0, lines)
        return named_tables('\n'.join(lines) + '\n', self._named[1])

    def fragments_named(self) -> dict[str, str]:
        """Each table's HTML by its name, for a report to show."""
        names = self._named[1]
        return {name: html.tostring(table, encoding='unicode')
                for name, table in zip(names, self.tables, strict=True)}

    def _view(self, table: HtmlElement) -> TableView:
        captions = _elements(table, './caption')
        caption = _unnumbered(captions[0]) if captions else ''
        heading = self.sections.get(id(table))
        section = _unnumbered(heading) if heading is not None else ''
        view = TableView(self.numbers[id(table)], caption, section)
        view.cells = [cell for _, cell in self.cells(table)]
        return view

    def cells(self, table: HtmlElement
              ) -> list[tuple[HtmlElement, GridCell]]:
        """Each ``th``/``td`` of a table with the cell it is on the grid
        (where a browser places it)."""
        found = []
        taken: set[tuple[int, int]] = set()
        rows = _elements(
            table, './thead/tr | ./tbody/tr | ./tfoot/tr | ./tr')
        for y, tr in enumerate(rows):
            x = 0
            head = tr.getparent().tag == 'thead'
            for element in _elements(tr, './th | ./td'):
                while (y, x) in taken:
                    x += 1
                rowspan = min(_span(element.get('rowspan'), MAX_ROWSPAN),
                              len(rows) - y)
                colspan = _span(element.get('colspan'), MAX_COLSPAN)
                taken.update((y + r, x + c) for r in range(rowspan)
                             for c in range(colspan))
                kind = (Kind.HEADER if head else
                        Kind.STUB if element.tag == 'th' else Kind.DATA)
                found.append((element, GridCell(y, x, rowspan, colspan,
                                                kind, self._text(element))))
                x += colspan
        return found

    def _text(self, element: HtmlElement) -> str:
        """The text of an element, a nested table named by its number."""
        return squash(self._raw_text(element))

    def _raw_text(self, element: HtmlElement) -> str:
        parts = [element.text or '']
        for child in element:
            if child.tag == 'table':
                parts.append(
                    f' [table {table_reference(self.numbers[id(child)])}] ')
            elif isinstance(child.tag, str):
                parts.append(self._raw_text(child))
            parts.append(child.tail or '')
        return ''.join(parts)

    def _walk(self, element: HtmlElement, depth: int,
              lines: list[str]) -> None:
        indent = '  ' * depth
        for child in element:
            tag = child.tag
            if not isinstance(tag, str):
                continue
            if tag == 'table':
                number = self.numbers[id(child)]
                lines.append(f'{indent}table {table_reference(number)}')
            elif tag in HEADINGS:
                lines.append(f'{indent}heading {HEADINGS[tag]}: '
                             f'{self._text(child)}')
                lines += _links(child, indent)
            elif tag in LINES:
                lines.append(f'{indent}{LINES[tag]}: {self._text(child)}')
                lines += _links(child, indent)
            elif tag == 'pre':
                lines.append(f'{indent}code:')
                lines += [f'{indent}  | {line}'.rstrip()
                          for line in child.text_content().splitlines()]
            elif tag == 'img':
                lines.append(f'{indent}image: {child.get("alt", "")!r}')
            elif tag == 'li':
                lines.append(f'{indent}item')
                self._walk_item(child, depth + 1, lines)
            else:
                self._walk(child, depth + (tag in ('ul', 'ol', 'dl')),
                           lines)

    def _walk_item(self, item: HtmlElement, depth: int,
                   lines: list[str]) -> None:
        """A list item: text written straight into it (compact lists)
        is a paragraph of its own."""
        loose = squash((item.text or '') + ''.join(
            (c.text_content() if c.tag in ('a', 'span', 'code', 'em',
                                            'strong') else '')
            + (c.tail or '') for c in item))
        if loose:
            lines.append(f'{"  " * depth}paragraph: {loose}')
            lines += _links(item, '  ' * depth, direct=True)
        self._walk(item, depth, lines)


def _unnumbered(element: HtmlElement) -> str:
    """A heading's or caption's text without the number Sphinx puts in
    it (``2.5.4.``, ``Table 3``): LaTeX numbers them itself, and a
    table's name must be the same in both."""
    texts = element.xpath(
        './/text()[not(ancestor::span[contains(@class, "section-number") '
        'or contains(@class, "caption-number")])]')
    return squash(''.join(str(text) for text in texts)
                  if isinstance(texts, list) else '')


def _elements(element: HtmlElement, path: str) -> list[HtmlElement]:
    """The elements an XPath expression selects (lxml types it loosely)."""
    found = element.xpath(path)
    return [e for e in found if isinstance(e, HtmlElement)] \
        if isinstance(found, list) else []


def _span(value: str | None, bound: int) -> int:
    """A rowspan or colspan attribute; anything but a plain number is 1,
    as browsers read it."""
    if value is None or not _NUMBER.fullmatch(value.strip()):
        return 1
    return min(bound, max(1, int(value.strip())))


def _links(element: HtmlElement, indent: str,
           direct: bool = False) -> list[str]:
    anchors = (_elements(element, './a[@href]') if direct
               else _elements(element, './/a[@href]'))
    return [f'{indent}  link {squash(a.text_content())!r} -> '
            f'{target(a.get("href", ""))}' for a in anchors]


def target(href: str) -> str:
    """A link target without the ids Sphinx numbers itself and the
    content hashes of its download directories."""
    page, hash_, anchor = href.partition('#')
    page = _DOWNLOAD_HASH.sub('_downloads/', page)
    if GENERATED_ID.fullmatch(anchor):
        anchor = 'id?'
    return page + hash_ + anchor
