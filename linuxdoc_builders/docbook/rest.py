# SPDX-License-Identifier: GPL-2.0-only
"""DocBook elements as reStructuredText, for Sphinx.

:class:`Converter` walks a DocBook 4.x or 5.x tree (namespaces dropped)
and returns reST lines: every element with a reST or Sphinx form gets it
(sections, lists with their numbering, definition lists, literal blocks
and ``code-block``, admonitions, footnotes, figures, ``.. index::``,
hyperlinks, ``:ref:`` with a label at the target, C-domain roles for
``function``, ``structname``, ``type``, ``constant``), tables become
``flat-table`` directives (:mod:`~linuxdoc_builders.docbook.tables`),
and the kernel's template markers (``!E``, ``!I``, ``!F``, ``!P``,
``!D``, ``!C``) become ``kernel-doc`` directives
(:mod:`~linuxdoc_builders.docbook.markers`).  An element with no
mapping keeps its text and is counted in :attr:`Converter.unmapped`
(with the line of its first use), so nothing is lost silently.
"""

from __future__ import annotations

import re
from collections import Counter
from dataclasses import dataclass, field
from typing import TYPE_CHECKING

from linuxdoc_builders.docbook.markers import marker_lines
from linuxdoc_builders.docbook.tables import flat_table, place

if TYPE_CHECKING:
    from lxml.etree import _Element

#: Sections, outermost first; a chapter of a book starts a file.
SECTIONS = ('part', 'chapter', 'appendix', 'preface', 'article', 'section',
            'sect1', 'sect2', 'sect3', 'sect4', 'sect5', 'simplesect',
            'refsect1', 'refsect2', 'refsect3', 'refsynopsisdiv',
            'bibliography', 'glossary', 'colophon', 'dedication')
#: The underline of each title depth (the document title is depth 0).
UNDERLINES = '=-~^"\'`'
ADMONITIONS = ('note', 'warning', 'caution', 'important', 'tip')
#: Inline elements set as literals.
LITERALS = ('literal', 'filename', 'command', 'option', 'varname',
            'parameter', 'computeroutput', 'userinput', 'envar', 'code',
            'classname', 'methodname', 'property', 'systemitem', 'prompt',
            'returnvalue', 'errorcode', 'errorname', 'markup', 'tag',
            'sgmltag', 'keycap', 'database', 'uri', 'package', 'application')
#: Inline elements that are C declarations: their C-domain role.
C_ROLES = {'function': 'c:func', 'structname': 'c:struct', 'type': 'c:type',
           'constant': 'c:macro', 'symbol': 'c:macro',
           'structfield': 'c:member'}
#: Inline elements whose text is all a reader sees of them.
PLAIN = ('phrase', 'acronym', 'abbrev', 'trademark', 'productname',
         'orgname', 'firstterm', 'wordasword', 'foreignphrase', 'author',
         'personname', 'firstname', 'surname', 'othername', 'honorific',
         'lineage', 'year', 'holder', 'date', 'anchor', 'guilabel',
         'guimenu', 'guimenuitem', 'guibutton', 'interface', 'keycombo',
         'menuchoice', 'mousebutton', 'citation', 'coref', 'co',
         'refentrytitle', 'manvolnum', 'citerefentry')
#: Elements that hold only what other elements show (or nothing).
SKIPPED = ('title', 'subtitle', 'titleabbrev', 'info', 'bookinfo',
           'articleinfo', 'chapterinfo', 'sectioninfo', 'sect1info',
           'sect2info', 'refmeta', 'refentryinfo', 'remark', 'colspec',
           'spanspec', 'indexterm', 'primary', 'secondary', 'tertiary',
           'see', 'seealso', 'toc', 'index', 'lot', 'legalnotice',
           'abstract', 'authorgroup', 'copyright', 'revhistory',
           'releaseinfo', 'pubdate', 'corpauthor', 'address', 'affiliation')
#: ``orderedlist`` numeration as reST enumerators.
#: Block elements (an element of no known kind that holds blocks is one
#: too).
BLOCKS = frozenset((
    'para', 'simpara', 'formalpara', 'itemizedlist', 'orderedlist',
    'variablelist', 'programlisting', 'screen', 'literallayout',
    'synopsis', 'funcsynopsis', 'table', 'informaltable', 'figure',
    'informalfigure', 'mediaobject', 'blockquote', 'example',
    'informalexample', 'refentry', 'refnamediv', 'sidebar', 'procedure',
    'segmentedlist', 'simplelist', 'glosslist', 'glossentry',
    'bibliodiv', 'bibliomixed', 'biblioentry', 'qandaset', 'calloutlist',
    'epigraph', 'entrytbl', 'anchor', 'bridgehead', 'address', 'indexterm',
    'note', 'warning', 'caution', 'important', 'tip'))
#: Inline elements with a mapping of their own.
INLINES = frozenset(('emphasis', 'citetitle', 'replaceable', 'glossterm',
                     'quote', 'superscript', 'subscript', 'email', 'ulink',
                     'link', 'xref', 'footnote', 'menuchoice', 'keycombo',
                     'personname', 'author'))
ENUMERATORS = {'arabic': '{}.', 'loweralpha': '{}.', 'upperalpha': '{}.',
               'lowerroman': '{}.', 'upperroman': '{}.'}

_SPECIAL = re.compile(r'([\\*`|])|(_)(?=\W|$)|^(\.\.|[-+*#]\s|\d+\.\s)')


def local(element: _Element) -> str:
    """An element's name without its namespace ('' for comments)."""
    tag = element.tag
    return tag.rsplit('}', 1)[-1] if isinstance(tag, str) else ''


def line_of(element: _Element) -> int:
    """The source line of ``element``, 0 where lxml does not know it."""
    line = getattr(element, 'sourceline', None)
    return line if isinstance(line, int) else 0


def text_of(element: _Element) -> str:
    """All the text in ``element``, its descendants' included."""
    return ''.join(str(text) for text in element.itertext())


def escape(text: str) -> str:
    """``text`` as reST shows it, mark-up characters escaped."""
    return _SPECIAL.sub(lambda m: '\\' + m[0], text)


def _roman(number: int) -> str:
    values = ((1000, 'm'), (900, 'cm'), (500, 'd'), (400, 'cd'),
              (100, 'c'), (90, 'xc'), (50, 'l'), (40, 'xl'), (10, 'x'),
              (9, 'ix'), (5, 'v'), (4, 'iv'), (1, 'i'))
    out = ''
    for value, letters in values:
        while number >= value:
            out, number = out + letters, number - value
    return out


def enumerator(numeration: str, number: int) -> str:
    """The reST enumerator of item ``number`` (from 1)."""
    if numeration == 'loweralpha':
        return f'{chr(ord("a") + (number - 1) % 26)}.'
    if numeration == 'upperalpha':
        return f'{chr(ord("A") + (number - 1) % 26)}.'
    if numeration == 'lowerroman':
        return f'{_roman(number)}.'
    if numeration == 'upperroman':
        return f'{_roman(number).upper()}.'
    return f'{number}.'


@dataclass
class Converter:
    """One conversion's state: what it counted and what it reported."""

    #: element name: (count, first line) for elements with no mapping
    unmapped: dict[str, tuple[int, int]] = field(default_factory=dict)
    #: tables converted, and the spans they kept
    tables: int = 0
    spans: int = 0
    #: messages with their line, for the summary
    messages: list[str] = field(default_factory=list)
    #: the ids the converted documents hold labels for
    labels: set[str] = field(default_factory=set)
    counts: Counter[str] = field(default_factory=Counter)
    #: the files ``!D`` markers named (:mod:`~linuxdoc_builders.docbook.
    #: markers`)
    exports: list[str] = field(default_factory=list)
    #: every element with an id, for cross-references to it
    by_id: dict[str, _Element] = field(default_factory=dict)
    #: the file being converted, which messages name
    source: str = ''
    #: the image files the converted documents name, as written
    images: set[str] = field(default_factory=set)

    def warn(self, line: int, text: str) -> None:
        """A message at ``line`` of the file being converted."""
        self.messages.append(f'{self.source}:{line}: {text}')

    def _unmapped(self, element: _Element) -> None:
        name = local(element)
        count, line = self.unmapped.get(name, (0, line_of(element)))
        self.unmapped[name] = (count + 1, line)

    # -- blocks ---------------------------------------------------------

    def blocks(self, element: _Element, depth: int) -> list[str]:
        """The reST of ``element``'s children, blocks separated by blank
        lines; ``depth`` is the depth of the section they are in."""
        lines: list[str] = []
        pending: list[str] = []
        if element.text and element.text.strip():
            pending.append(element.text)
        for child in element:
            name = local(child)
            if name and (name in SECTIONS or self._is_block(child)):
                if pending:
                    lines += self._loose_text(''.join(pending), child)
                    pending = []
                lines += self.block(child, depth)
            elif name and name not in SKIPPED:
                pending.append(self.inline(child))
            if child.tail and child.tail.strip():
                pending.append(child.tail)
        if pending:
            lines += self._loose_text(''.join(pending), element)
        return lines

    def _loose_text(self, text: str, near: _Element) -> list[str]:
        """Text directly in a block (the kernel's template markers stand
        so, one per line)."""
        converted = marker_lines(text, line_of(near), self.exports)
        if converted is not None:
            for line, message in converted[1]:
                self.warn(line, message)
            return converted[0]
        return [*_wrap(text), '']

    def _is_block(self, element: _Element) -> bool:
        """A block element, or one of no known kind that holds blocks
        (its paragraphs are not lost in a line of text)."""
        name = local(element)
        if name == 'footnote' or not name:
            return False
        if name not in BLOCKS and name not in INLINES and any(
                self._is_block(child) for child in element):
            return True
        return name in BLOCKS

    def _block_qandaset(self, element: _Element, depth: int) -> list[str]:
        lines = self._intro(element, depth)
        for entry in element.iter():
            if local(entry) not in ('question', 'answer'):
                continue
            body = self.blocks(entry, depth)
            if local(entry) == 'question':
                lines += [f'**{line}**' if line else '' for line in body]
            else:
                lines += ['   ' + line if line else '' for line in body]
        return lines

    def block(self, element: _Element, depth: int) -> list[str]:
        """One block element as reST lines, ending with a blank line."""
        name = local(element)
        label = self._label(element)
        if name in SECTIONS:
            return label + self.section(element, depth + 1)
        handler = getattr(self, f'_block_{name}', None)
        if handler is not None:
            lines: list[str] = handler(element, depth)
            return label + lines
        if name in ADMONITIONS:
            return label + self._admonition(element, depth)
        if name in SKIPPED:
            return []
        self._unmapped(element)
        return label + self.blocks(element, depth)

    def _label(self, element: _Element) -> list[str]:
        ident = element.get('id') or element.get(
            '{http://www.w3.org/XML/1998/namespace}id')
        if not ident:
            return []
        self.labels.add(ident)
        return [f'.. _{ident}:', '']

    def title(self, element: _Element) -> str:
        """The text of an element's title ('' if it has none)."""
        for holder in (element, *[c for c in element
                                  if local(c).endswith('info')]):
            for child in holder:
                if local(child) == 'title':
                    return ' '.join(self.inline_children(child).split())
        return ''

    def section(self, element: _Element, depth: int) -> list[str]:
        """A section: its title underlined for ``depth``, its blocks."""
        self.counts['sections'] += 1
        title = self.title(element) or local(element).capitalize()
        if local(element) == 'refsynopsisdiv' and not self.title(element):
            title = 'Synopsis'
        mark = UNDERLINES[min(depth, len(UNDERLINES) - 1)]
        head = [mark * len(title), title, mark * len(title)] \
            if depth == 0 else [title, mark * len(title)]
        return [*head, '', *self.blocks(element, depth)]

    def _block_para(self, element: _Element, depth: int) -> list[str]:
        """A paragraph; its index terms as ``.. index::`` before it, a
        paragraph of kernel template markers as their directives."""
        index = [line for term in element.iter()
                 if local(term) == 'indexterm'
                 for line in self._block_indexterm(term, depth)]
        blocks = [c for c in element if self._is_block(c)
                  and local(c) not in ('anchor', 'indexterm')]
        if blocks:
            return index + self.blocks(element, depth)
        if not len(element) and element.text:
            markers = marker_lines(element.text, line_of(element),
                                   self.exports)
            if markers is not None:
                for line, message in markers[1]:
                    self.warn(line, message)
                return markers[0]
        return [*index, *_wrap(self.inline_children(element)), '']

    _block_simpara = _block_para

    def _block_formalpara(self, element: _Element, depth: int
                          ) -> list[str]:
        title = self.title(element)
        body = self.blocks(element, depth)
        if title and body:
            body[0] = f'**{escape(title)}** {body[0]}'
        return body

    def _block_anchor(self, element: _Element, depth: int) -> list[str]:
        return []

    def _block_indexterm(self, element: _Element, depth: int) -> list[str]:
        terms = [' '.join(text_of(c).split()) for c in element
                 if local(c) in ('primary', 'secondary', 'tertiary')]
        terms = [term for term in terms if term]
        if not terms:
            return []
        self.counts['index entries'] += 1
        return [f'.. index:: {"; ".join(terms)}', '']

    def _items(self, element: _Element, depth: int,
               markers: list[str]) -> list[str]:
        lines: list[str] = []
        items = [c for c in element if local(c) == 'listitem']
        for marker, item in zip(markers, items, strict=True):
            body = self.blocks(item, depth)
            while body and not body[-1]:
                body.pop()
            indent = ' ' * (len(marker) + 1)
            lines.append(f'{marker} {body[0]}' if body else marker)
            lines += [indent + line if line else '' for line in body[1:]]
            lines.append('')
        return lines

    def _block_itemizedlist(self, element: _Element, depth: int
                            ) -> list[str]:
        count = sum(local(c) == 'listitem' for c in element)
        return self._intro(element, depth) + self._items(
            element, depth, ['*'] * count)

    def _block_orderedlist(self, element: _Element, depth: int
                           ) -> list[str]:
        numeration = element.get('numeration', 'arabic')
        start = element.get('startingnumber', '1')
        first = int(start) if start.isdigit() else 1
        count = sum(local(c) == 'listitem' for c in element)
        markers = [enumerator(numeration, first + n) for n in range(count)]
        return self._intro(element, depth) + self._items(
            element, depth, markers)

    def _intro(self, element: _Element, depth: int) -> list[str]:
        """What a list holds before its items (a title, paragraphs)."""
        lines = []
        title = self.title(element)
        if title:
            lines += [f'**{escape(title)}**', '']
        for child in element:
            if local(child) in BLOCKS:
                lines += self.block(child, depth)
        return lines

    def _block_simplelist(self, element: _Element, depth: int
                          ) -> list[str]:
        return [line for member in element if local(member) == 'member'
                for line in (f'* {self.inline_children(member)}', '')]

    def _block_variablelist(self, element: _Element, depth: int
                            ) -> list[str]:
        lines = self._intro(element, depth)
        for entry in element:
            if local(entry) != 'varlistentry':
                continue
            terms = [self.inline_children(t) for t in entry
                     if local(t) == 'term']
            lines.append(' '.join(' '.join(terms).split()) or '\\ ')
            for item in entry:
                if local(item) == 'listitem':
                    body = self.blocks(item, depth)
                    lines += ['   ' + line if line else '' for line in body]
            if lines[-1]:
                lines.append('')
        return lines

    def _literal(self, element: _Element) -> list[str]:
        text = text_of(element).strip('\n')
        language = element.get('language')
        self.counts['literal blocks'] += 1
        head = [f'.. code-block:: {language}', ''] if language else ['::', '']
        return [*head, *('    ' + line if line.strip() else ''
                         for line in text.splitlines()), '']

    def _block_programlisting(self, element: _Element, depth: int
                              ) -> list[str]:
        return self._literal(element)

    _block_screen = _block_programlisting
    _block_literallayout = _block_programlisting
    _block_synopsis = _block_programlisting
    _block_funcsynopsis = _block_programlisting

    def _admonition(self, element: _Element, depth: int) -> list[str]:
        title = self.title(element)
        head = f'.. {local(element)}::'
        body = self.blocks(element, depth)
        if title:
            body = [f'**{escape(title)}**', '', *body]
        return [head, '', *('   ' + line if line else '' for line in body)]

    def _block_blockquote(self, element: _Element, depth: int
                          ) -> list[str]:
        body = self.blocks(element, depth)
        return ['..', '', *('   ' + line if line else '' for line in body)]

    _block_epigraph = _block_blockquote
    _block_sidebar = _block_blockquote

    def _block_example(self, element: _Element, depth: int) -> list[str]:
        title = self.title(element)
        return ([f'**{escape(title)}**', ''] if title else []) + \
            self.blocks(element, depth)

    _block_informalexample = _block_example
    _block_procedure = _block_example

    def _block_bridgehead(self, element: _Element, depth: int
                          ) -> list[str]:
        return [f'**{self.inline_children(element)}**', '']

    def _image(self, element: _Element) -> str | None:
        data = next((e for e in element.iter() if local(e) == 'imagedata'),
                    None)
        path = data.get('fileref') if data is not None else None
        if path:
            self.images.add(path)
        return path

    def _block_mediaobject(self, element: _Element, depth: int
                           ) -> list[str]:
        image = self._image(element)
        if image is None:
            self._unmapped(element)
            return self.blocks(element, depth)
        self.counts['images'] += 1
        caption = next((' '.join(text_of(c).split())
                        for c in element.iter()
                        if local(c) in ('caption', 'textobject')), '')
        return [f'.. figure:: {image}', '', *(
            [f'   {escape(caption)}', ''] if caption else [])]

    def _block_figure(self, element: _Element, depth: int) -> list[str]:
        image = self._image(element)
        if image is None:
            return self.blocks(element, depth)
        self.counts['images'] += 1
        title = self.title(element)
        return [f'.. figure:: {image}', '',
                *([f'   {escape(title)}', ''] if title else [])]

    _block_informalfigure = _block_figure

    def _block_table(self, element: _Element, depth: int) -> list[str]:
        tgroups = [c for c in element if local(c) == 'tgroup']
        caption = escape(self.title(element) or '')
        if not tgroups and any(local(c) in ('tr', 'tbody', 'thead')
                               for c in element):
            tgroups = [element]
        lines: list[str] = []
        for tgroup in tgroups:
            lines += self._table(tgroup, caption, depth)
            caption = ''
        return lines

    _block_informaltable = _block_table

    def _block_entrytbl(self, element: _Element, depth: int) -> list[str]:
        return self._table(element, '', depth)

    def _table(self, tgroup: _Element, caption: str, depth: int
               ) -> list[str]:
        marks = [tgroup, tgroup.getparent()]
        if local(tgroup) != 'tgroup' and local(tgroup) != 'entrytbl':
            tgroup = html_as_cals(tgroup)
        table = place(tgroup)
        # DocBook 5 marks a stub column on the table or its tgroup
        if any(mark is not None and mark.get('rowheader') == 'firstcol'
               for mark in marks):
            table.stub_columns = 1
        self.tables += 1
        self.spans += sum(entry.rowspan > 1 or entry.colspan > 1
                          for row in table.rows for entry in row)
        for problem in table.problems:
            self.warn(line_of(tgroup), problem)
        return [*flat_table(table, caption, lambda entry: self._cell(
            entry, depth)), '']

    def _cell(self, entry: _Element, depth: int) -> list[str]:
        if local(entry) == 'entrytbl':
            lines = self._table(entry, '', depth)
        elif any(self._is_block(c) for c in entry):
            lines = self.blocks(entry, depth)
        else:
            lines = _wrap(self.inline_children(entry))
        while lines and not lines[-1]:
            lines.pop()
        return lines

    def _block_refentry(self, element: _Element, depth: int) -> list[str]:
        names = [text_of(e) for e in element.iter()
                 if local(e) == 'refname']
        purpose = next((' '.join(text_of(e).split())
                        for e in element.iter()
                        if local(e) == 'refpurpose'), '')
        title = ', '.join(names) or 'Manual page'
        self.counts['manual pages'] += 1
        mark = UNDERLINES[min(depth + 1, len(UNDERLINES) - 1)]
        lines = [title, mark * len(title), '']
        if purpose:
            lines += [escape(purpose), '']
        for child in element:
            if local(child) in SECTIONS:
                lines += self._label(child) + self.section(child, depth + 2)
        return lines

    def _block_refnamediv(self, element: _Element, depth: int
                          ) -> list[str]:
        return []

    def _link(self, element: _Element, text: str) -> str:
        """A hyperlink (``email``, ``ulink``, ``link`` with a URL) or a
        cross-reference (``xref``, ``link`` with ``linkend``)."""
        name = local(element)
        url = element.get('url') or element.get(
            '{http://www.w3.org/1999/xlink}href')
        if name == 'email':
            url = f'mailto:{text}'
        if url:
            shown = self.inline_children(element).strip() or text or url
            return f'`{shown} <{url}>`__'
        target = element.get('linkend', '')
        if not target:
            self._unmapped(element)
            return self.inline_children(element)
        self.counts['cross-references'] += 1
        shown = self.inline_children(element).strip() or self._shown(target)
        return f':ref:`{shown} <{target}>`' if shown else f':ref:`{target}`'

    def _shown(self, target: str) -> str:
        """The text of a reference to ``target`` that names no text
        itself: '' where Sphinx finds one (a section, table or figure
        title), else its ``xreflabel``, title or first words."""
        element = self.by_id.get(target)
        if element is None:
            return ''
        if local(element) in SECTIONS or (local(element) in (
                'table', 'figure', 'refentry') and self.title(element)):
            return ''
        label = element.get('xreflabel') or self.title(element) or \
            ' '.join(text_of(element).split())[:40]
        return escape(label) or escape(target)

    # -- inlines --------------------------------------------------------

    def inline_children(self, element: _Element) -> str:
        """The reST of an element's text and inline children."""
        parts = [escape(element.text or '')]
        for child in element:
            if local(child) in ('indexterm', 'anchor'):
                pass
            elif self._is_block(child):
                # a block where text goes on: its text, not lost
                parts.append(' ' + self.inline_children(child) + ' ')
            elif local(child):
                parts.append(self.inline(child))
            parts.append(escape(child.tail or ''))
        return _joined(parts)

    def inline(self, element: _Element) -> str:
        """One inline element as reST."""
        name = local(element)
        text = ' '.join(text_of(element).split())
        roles = {**C_ROLES, 'superscript': 'sup', 'subscript': 'sub'}
        if name in ('emphasis', 'citetitle', 'replaceable', 'glossterm'):
            inner = self.inline_children(element).strip()
            out = f'**{inner}**' if element.get('role') in (
                'bold', 'strong') else f'*{inner}*'
        elif name in LITERALS:
            out = f'``{text}``' if text else ''
        elif name in C_ROLES:
            out = _c_reference(C_ROLES[name], text)
        elif name in roles:
            out = f':{roles[name]}:`{text}`' if text else ''
        elif name == 'quote':
            out = f'\N{LEFT DOUBLE QUOTATION MARK}' \
                f'{self.inline_children(element)}' \
                '\N{RIGHT DOUBLE QUOTATION MARK}'
        elif name in ('email', 'ulink', 'link', 'xref'):
            out = self._link(element, text)
        elif name in ('menuchoice', 'keycombo', 'personname', 'author'):
            between = {'menuchoice': ' \N{RIGHTWARDS ARROW} ',
                       'keycombo': '+'}.get(name, ' ')
            pieces = [self.inline(child).strip() for child in element
                      if local(child)]
            out = between.join(piece for piece in pieces if piece) or \
                self.inline_children(element)
        elif name == 'footnote':
            body = ' '.join(' '.join(self._cell(element, 0)).split())
            self.counts['footnotes'] += 1
            out = f' [#]_\0{body}\0'
        else:
            if name not in PLAIN and name:
                self._unmapped(element)
            out = self.inline_children(element) if name else ''
        return out


def html_as_cals(table: _Element) -> _Element:
    """An HTML table (``tr``, ``td``/``th``, ``rowspan``, ``colspan``)
    as CALS, which :func:`~linuxdoc_builders.docbook.tables.place`
    reads."""
    from lxml import etree
    tgroup = etree.Element('tgroup')
    rows: list[tuple[_Element, bool]] = []
    for part in table:
        name = local(part)
        if name == 'tr':
            rows.append((part, False))
        elif name in ('thead', 'tbody', 'tfoot'):
            rows += [(row, name == 'thead') for row in part
                     if local(row) == 'tr']
    n_cols = 0
    for row, _ in rows:
        width = sum(int(c.get('colspan', '1') or 1) for c in row
                    if local(c) in ('td', 'th'))
        n_cols = max(n_cols, width)
    tgroup.set('cols', str(max(n_cols, 1)))
    thead = etree.SubElement(tgroup, 'thead')
    tbody = etree.SubElement(tgroup, 'tbody')
    pending: dict[int, int] = {}
    for row, header in rows:
        cals_row = etree.SubElement(thead if header else tbody, 'row')
        x = 0
        for cell in row:
            if local(cell) not in ('td', 'th'):
                continue
            while pending.get(x, 0) > 0:
                x += 1
            colspan = int(cell.get('colspan', '1') or 1)
            rowspan = int(cell.get('rowspan', '1') or 1)
            entry = etree.SubElement(cals_row, 'entry')
            entry.text = cell.text
            entry.extend(list(cell))
            if colspan > 1:
                entry.set('namest', f'c{x}')
                entry.set('nameend', f'c{x + colspan - 1}')
            if rowspan > 1:
                entry.set('morerows', str(rowspan - 1))
            for col in range(x, x + colspan):
                pending[col] = rowspan
            x += colspan
        pending = {col: left - 1 for col, left in pending.items()
                   if left > 1}
    for x in range(n_cols):
        tgroup.insert(x, etree.Element('colspec', colname=f'c{x}'))
    if not len(thead):
        tgroup.remove(thead)
    return tgroup


#: A name the C domain can look up: ``foo``, ``foo()``, ``struct foo``.
_C_NAME = re.compile(r'^(?:(?:struct|union|enum)\s+)?([A-Za-z_]\w*)(?:\(\))?$')
#: C keywords, which are no names (``<type>long double</type>``).
_C_KEYWORDS = frozenset((
    'auto', 'break', 'case', 'char', 'const', 'continue', 'default', 'do',
    'double', 'else', 'enum', 'extern', 'float', 'for', 'goto', 'if',
    'inline', 'int', 'long', 'register', 'restrict', 'return', 'short',
    'signed', 'sizeof', 'static', 'struct', 'switch', 'typedef', 'union',
    'unsigned', 'void', 'volatile', 'while', 'bool'))


def _c_reference(role: str, text: str) -> str:
    """A C-domain role for ``text`` if it is a name the domain can look
    up, else the text as a literal (``long double``, ``a->b``)."""
    match = _C_NAME.match(text)
    if not text:
        return ''
    if match is None or match[1] in _C_KEYWORDS:
        return f'``{text}``'
    return f':{role}:`{match[1]}{"()" if text.endswith("()") else ""}`'


#: What may stand before inline mark-up, and after it (reST's rules).
_BEFORE_MARKUP = frozenset(' \t\n-:/\'"<([{\u2018\u201c')
_AFTER_MARKUP = frozenset(' \t\n-.,:;!?\\/\'")]}>\u2019\u201d')


def _joined(parts: list[str]) -> str:
    """Inline pieces joined, an escaped space where mark-up would touch
    a character reST does not allow beside it."""
    out = ''
    markup_before = False
    for part in parts:
        if not part:
            continue
        markup = part[0] in ':*`' and part[-1] in '*`_'
        if out and ((markup and out[-1] not in _BEFORE_MARKUP)
                    or (markup_before and part[0] not in _AFTER_MARKUP)):
            out += '\\ '
        out += part
        markup_before = markup
    return out


def _wrap(text: str) -> list[str]:
    """A paragraph's text on one line per sentence group, footnotes
    (marked by :meth:`Converter.inline`) after it."""
    notes = []

    def note(match: re.Match[str]) -> str:
        notes.append(match[1])
        return ''

    text = re.sub('\0([^\0]*)\0', note, text)
    text = ' '.join(text.split())
    if not text:
        return []
    lines = [text]
    for body in notes:
        lines += ['', f'.. [#] {body}']
    return lines
