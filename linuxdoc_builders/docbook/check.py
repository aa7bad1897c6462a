# SPDX-License-Identifier: GPL-2.0-only
"""``linuxdoc-docbook --check``: the converted reST built with
``linuxhtml``, compared with the DocBook as the DocBook XSL stylesheets
render it (``xsltproc``), per section and per table cell.

The DocBook side is ``xsltproc --nonet`` with Debian's ``docbook-xsl``
``html/docbook.xsl`` (one page per source) on the DocBook as the
converter read it, entities and XIncludes resolved as it resolved them
(so a DTD that is not installed fails neither side); its tables of
contents, lists of tables and navigation are left out.  Each side is
read as a reader sees it:

* sections by their titles (the XSL's numbering taken off): for each
  section both have, the words DocBook shows there that the build does
  not, and the reverse; a section only one side has is named;
* tables by their captions (the XSL's "Table 1." taken off), uncaptioned
  ones in order: each cell's row, column, rows and columns it covers,
  and its words, placed as a browser places them
  (:meth:`~linuxdoc_builders.golden.html.Page.cells`).

Footnotes stand at the end of the DocBook page and after their
paragraph here, and the kernel's template markers are kernel-doc's
output here, so those words differ by design; the report says what
differs, the numbers say how much.
"""

from __future__ import annotations

import re
import subprocess
import sys
from collections import Counter
from dataclasses import dataclass, field
from pathlib import Path

from lxml import html
from lxml.html import HtmlElement

from linuxdoc_builders.golden.html import Page

#: Debian's DocBook XSL stylesheet for one HTML page per document.
STYLESHEET = Path('/usr/share/xml/docbook/stylesheet/docbook-xsl/html/'
                  'docbook.xsl')
HEADINGS = ('h1', 'h2', 'h3', 'h4', 'h5', 'h6')
#: What the XSL adds to a title: "1.2. ", "Chapter 3. ", "Table 4. ".
_NUMBERING = re.compile(
    r'^(?:(?:Chapter|Appendix|Part|Table|Figure|Example)\s+)?'
    r'[0-9A-Z]+(?:\.[0-9]+)*\.?\s+')
_WORD = re.compile(r'\w+')
#: The XSL's chrome, and Sphinx's.
_CHROME = ('.//div[contains(@class, "toc")]',
           './/div[contains(@class, "list-of-")]',
           './/div[contains(@class, "navheader")]',
           './/div[contains(@class, "navfooter")]',
           './/a[contains(@class, "headerlink")]',
           './/p[contains(@class, "admonition-title")]')
#: Titles that are not sections: the XSL's of admonitions (Sphinx's are
#: paragraphs, left out above) and of tables (captions here).
_NOT_SECTIONS = {'note', 'warning', 'caution', 'important', 'tip',
                 'table', 'informaltable', 'figure', 'example'}

Cells = set[tuple[int, int, int, int, str]]


@dataclass
class Side:
    """What one rendering shows: words per section, cells per table."""

    sections: dict[str, Counter[str]] = field(default_factory=dict)
    tables: list[tuple[str, Cells]] = field(default_factory=list)


def _title(text: str) -> str:
    return ' '.join(_NUMBERING.sub('', ' '.join(text.split())).split())


def read(pages: list[Path], main_only: bool) -> Side:
    """The sections and tables of ``pages``."""
    side = Side()
    for path in pages:
        # the XSL writes ISO-8859-1 and says so in the page
        tree = html.document_fromstring(path.read_bytes())
        mains = _find(tree, '//*[@role="main"]') if main_only else []
        body: HtmlElement = mains[0] if mains else tree
        for xpath in _CHROME:
            for element in _find(body, xpath):
                element.drop_tree()
        page = Page(html.tostring(body, encoding='unicode'))
        for table in page.tables:
            if any(a.tag == 'table' for a in table.iterancestors()):
                continue
            side.tables.append((_caption(table), {
                (cell.row, cell.column, cell.rowspan, cell.colspan,
                 ' '.join(_WORD.findall(' '.join(element.itertext()))))
                for element, cell in page.cells(table)}))
        _sections(page.body, side)
    return side


def _find(element: HtmlElement, xpath: str) -> list[HtmlElement]:
    found = element.xpath(xpath)
    return [e for e in found if isinstance(e, HtmlElement)] \
        if isinstance(found, list) else []


def _caption(table: HtmlElement) -> str:
    captions = _find(table, './caption')
    if captions:
        return _title(captions[0].text_content())
    holder = table.getparent()
    while holder is not None and not {'table', 'informaltable'} & set(
            holder.get('class', '').split()):
        holder = holder.getparent()
    titles = _find(holder, './p[@class="title"]') if holder is not None \
        else []
    return _title(titles[0].text_content()) if titles else ''


def _sections(body: HtmlElement, side: Side) -> None:
    current = side.sections.setdefault('', Counter())
    for element in body.iter():
        if not isinstance(element.tag, str):
            continue
        inside_table = any(a.tag == 'table' for a in element.iterancestors())
        if _is_title_of(element, _NOT_SECTIONS):
            continue
        if element.tag in HEADINGS and not inside_table:
            title = _title(element.text_content())
            current = side.sections.setdefault(title, Counter())
            continue
        if element.tag == 'table' or inside_table or any(
                a.tag in HEADINGS for a in element.iterancestors()):
            words = _WORD.findall(element.tail or '') \
                if element.tag == 'table' else []
        else:
            words = _WORD.findall(element.text or '') + \
                _WORD.findall(element.tail or '')
        current.update(words)


def _is_title_of(element: HtmlElement, kinds: set[str]) -> bool:
    """Whether ``element`` is (in) the title the XSL gives a block of
    one of ``kinds``."""
    for ancestor in (element, *element.iterancestors()):
        if 'title' in ancestor.get('class', '').split() or \
                ancestor.tag in HEADINGS:
            holder = ancestor.getparent()
            while holder is not None and holder.tag == 'div' and \
                    not holder.get('class'):
                holder = holder.getparent()
            return holder is not None and bool(
                kinds & set(holder.get('class', '').split()))
    return False


def render_docbook(source: bytes, output: Path) -> str | None:
    """``source`` (DocBook as the converter read it) as the DocBook XSL
    stylesheets render it into ``output``; why not, if they fail."""
    output.parent.mkdir(parents=True, exist_ok=True)
    xml = output.with_suffix('.xml')
    xml.write_bytes(source)
    done = subprocess.run(['xsltproc', '--nonet', '--output', str(output),
                           str(STYLESHEET), str(xml)],
                          capture_output=True, text=True, check=False)
    if done.returncode or not output.is_file():
        return (done.stderr.strip().splitlines() or ['no output'])[-1]
    return None


def build_rest(srcdir: Path, outdir: Path, options: list[str]
               ) -> subprocess.CompletedProcess[str]:
    """The converted reST built with ``linuxhtml``."""
    return subprocess.run(
        [sys.executable, '-m', 'sphinx', '-q', '-E', '-b', 'linuxhtml',
         *options, str(srcdir), str(outdir)],
        capture_output=True, text=True, check=False, cwd=srcdir)


def compare(docbook: Side, ours: Side) -> list[str]:
    """What differs, then the figures."""
    lines: list[str] = []
    same_sections = 0
    titled = [title for title in docbook.sections if title]
    for title in titled:
        if title not in ours.sections:
            lines.append(f'section {title!r}: not in the build')
            continue
        missing = docbook.sections[title] - ours.sections[title]
        extra = ours.sections[title] - docbook.sections[title]
        if missing or extra:
            lines.append(f'section {title!r}: missing '
                         f'{" ".join(sorted(missing.elements())) or "-"};'
                         f' added {" ".join(sorted(extra.elements())) or "-"}')
        else:
            same_sections += 1
    for title in ours.sections:
        if title and title not in docbook.sections:
            lines.append(f'section {title!r}: only in the build')
    same_tables = cells = same_cells = 0
    remaining = list(ours.tables)
    for number, (caption, grid) in enumerate(docbook.tables, 1):
        match = next((t for t in remaining if t[0] == caption), None)
        name = repr(caption) if caption else f'#{number} (no caption)'
        if match is None:
            lines.append(f'table {name}: not in the build')
            continue
        remaining.remove(match)
        cells += len(grid)
        same_cells += len(grid & match[1])
        if grid == match[1]:
            same_tables += 1
            continue
        for cell in sorted(grid - match[1]):
            lines.append(f'table {name}: DocBook has row {cell[0] + 1}, '
                         f'column {cell[1] + 1}, {cell[2]}x{cell[3]}: '
                         f'{cell[4]!r}')
        for cell in sorted(match[1] - grid):
            lines.append(f'table {name}: the build has row {cell[0] + 1}, '
                         f'column {cell[1] + 1}, {cell[2]}x{cell[3]}: '
                         f'{cell[4]!r}')
    lines.append(f'sections: {len(titled)} in DocBook, {same_sections} '
                 f'with the same words; tables: {len(docbook.tables)} in '
                 f'DocBook, {same_tables} the same; cells: {cells}, '
                 f'{same_cells} the same')
    return lines


def check(sources: dict[str, bytes], srcdir: Path, options: list[str]
          ) -> tuple[int, list[str]]:
    """Build ``srcdir`` (converted from ``sources``, each as read, by
    its name) and compare it with the sources as DocBook XSL renders
    them; exit status and report."""
    if not STYLESHEET.is_file():
        return 2, [f'--check needs the DocBook XSL stylesheets '
                   f'({STYLESHEET}: Debian package docbook-xsl) and '
                   'xsltproc']
    work = srcdir / '_check'
    built = build_rest(srcdir, work / 'html', options)
    if built.returncode:
        return 1, [f'the converted reST did not build: {built.stderr}']
    pages = sorted(path for path in (work / 'html').rglob('*.html')
                   if not any(part.startswith('_') for part in
                              path.relative_to(work / 'html').parts)
                   and path.stem not in ('genindex', 'search'))
    ours = read(pages, main_only=True)
    rendered = []
    for name, source in sources.items():
        page = work / 'docbook' / f'{name}.html'
        failed = render_docbook(source, page)
        if failed is not None:
            return 1, [f'DocBook XSL could not render {name}: {failed}']
        rendered.append(page)
    docbook = read(rendered, main_only=False)
    report = compare(docbook, ours)
    warnings = [line for line in built.stderr.splitlines() if line]
    return 0, [*(f'sphinx: {line}' for line in warnings), *report]
