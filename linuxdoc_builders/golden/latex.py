# SPDX-License-Identifier: GPL-2.0-only
"""LaTeX documents as a reader sees them: per source document, the text
of each section, and each table as its grid.

The body is Sphinx's LaTeX writer's (and ours, which leaves tables to
it): a ``tabular``, ``tabulary`` or ``longtable`` whose rows end in
``\\\\`` and whose cells are separated by ``&``, a column span as
``\\sphinxstartmulticolumn{N}`` (or ``\\multicolumn``), a row span as
``\\sphinxmultirow{N}``, the slots a span from above covers as
``\\sphinxtablestrut``, header and stub cells set in
``\\sphinxstyletheadfamily``, and the header rows closed by
``\\sphinxmidrule`` (``\\endfirsthead`` in a longtable).  Every slot of a
row is written, so a cell's column is counted, not guessed.  Text is the
mark-up without its commands: a reader sees the words, not the macros,
and the macros change between Sphinx releases.
"""

from __future__ import annotations

import re
from dataclasses import dataclass

from sphinx.util.texescape import tex_replacements, unicode_tex_replacements

from linuxdoc_builders.golden.tables import (
    GridCell,
    Kind,
    TableView,
    named_tables,
    squash,
    table_names,
    table_reference,
)

_ENVIRONMENT = re.compile(
    r'\\(begin|end)\{(tabular|tabulary|longtable)\}')
_DOCUMENT_LABEL = re.compile(r'\\label\{\\detokenize\{([^{}]*)::doc\}\}')
_SECTION = re.compile(
    r'\\(part|chapter|section|subsection|subsubsection|paragraph'
    r'|subparagraph)\*?\{')
_LEVELS = {'part': 0, 'chapter': 1, 'section': 2, 'subsection': 3,
           'subsubsection': 4, 'paragraph': 5, 'subparagraph': 6}
_LABEL = re.compile(r'\\label\{\\detokenize\{[^{}]*:([^{}:]*)\}\}')
_TABLE_START = re.compile(r'\\sphinxat(long)?tablestart')
_PLACEHOLDER = '\\linuxdocgoldentable'

#: Commands whose argument a reader never sees.
_HIDDEN = ('label', 'linuxdocdestination', 'index', 'linuxdocmergedcell',
           'sphinxcolwidth', 'linuxdoctablestart', 'sphinxtablestrut',
           'sphinxcline', 'sphinxfixclines', 'sphinxstepscope', 'hypertarget',
           'phantomsection', 'renewcommand', 'linuxdocnumber',
           'linuxdocnumberend')
#: Commands that print a character; any other command prints nothing.
_CHARACTERS = {
    'sphinxhyphen': '-', 'textbackslash': '\\', 'textasciitilde': '~',
    'textasciicircum': '^', 'textless': '<', 'textgreater': '>',
    'textbar': '|', 'sphinxquotedblleft': '\N{LEFT DOUBLE QUOTATION MARK}',
    'sphinxquotedblright': '\N{RIGHT DOUBLE QUOTATION MARK}',
    'textendash': '\N{EN DASH}', 'textemdash': '\N{EM DASH}',
    'PYGZob': '{', 'PYGZcb': '}', 'PYGZus': '_', 'PYGZbs': '\\',
    'PYGZsq': "'", 'PYGZdq': '"', 'PYGZlt': '<', 'PYGZgt': '>',
    'PYGZhy': '-', 'PYGZam': '&', 'PYGZpc': '%', 'PYGZsh': '#',
    'PYGZdl': '$', 'PYGZti': '~', 'PYGZca': '^', 'PYGZat': '@',
    'PYGZlb': '[', 'PYGZrb': ']', 'PYGZcl': ':',
    'textasciigrave': '`', 'textquotesingle': "'", 'textunderscore': '_',
}
#: Characters Sphinx's LaTeX writer sets as math (``±`` as ``\\(\\pm\\)``),
#: back to what the reader sees; Sphinx's own table, read backwards.
_MATH_CHARACTERS = {
    latex: character
    for character, latex in tex_replacements + unicode_tex_replacements
    if latex.startswith('\\(')}
_ADMONITIONS = ('(?:note|warning|attention|caution|danger|error|hint'
                '|important|tip|seealso|todo)')

#: Braces and tildes a reader sees, kept apart from the mark-up's own
#: until the mark-up is gone.
_LITERAL = {'{': '\ue000', '}': '\ue001', '~': '\ue002'}
_RESTORE = str.maketrans({v: k for k, v in _LITERAL.items()})


@dataclass
class Document:
    """The part of a LaTeX file that one source document wrote."""

    name: str
    body: str


def documents(tex: str) -> list[Document]:
    """The body of a ``.tex`` file cut where each source document starts
    (its heading, just before its ``DOCNAME::doc`` label)."""
    start = tex.find('\\begin{document}')
    end = tex.rfind('\\end{document}')
    body = tex[start + len('\\begin{document}'):end if end >= 0 else None]
    cuts: list[tuple[int, str]] = []
    for label in _DOCUMENT_LABEL.finditer(body):
        cuts.append((_heading_before(body, label.start()), label[1]))
    if not cuts:
        return [Document('', body)]
    return [Document(name, body[at:cuts[i + 1][0] if i + 1 < len(cuts)
                                else None])
            for i, (at, name) in enumerate(cuts)]


def _heading_before(body: str, at: int) -> int:
    """Where the heading that a label belongs to starts, or ``at``."""
    headings = [m for m in _SECTION.finditer(body, 0, at)]
    if not headings:
        return at
    heading = headings[-1]
    close = _group_end(body, heading.end() - 1)
    between = _LABEL.sub('', body[close:at])
    between = re.sub(r'\\linuxdocdestination\{\\detokenize\{[^{}]*\}\}', '',
                     between)
    return heading.start() if not between.strip() else at


def _group_end(text: str, opening: int) -> int:
    """The index after the brace that closes the one at ``opening``."""
    depth = 0
    i = opening
    while i < len(text):
        char = text[i]
        if char == '\\':
            i += 2
            continue
        if char == '{':
            depth += 1
        elif char == '}':
            depth -= 1
            if depth == 0:
                return i + 1
        i += 1
    return len(text)


@dataclass
class _Found:
    begin: int
    body_start: int
    body_end: int
    end: int
    environment: str
    preamble: str
    #: where the set-up before the environment (caption, labels) starts
    setup: int


def _find_tables(body: str) -> list[_Found]:
    """Every table environment, nested ones too, by where it begins."""
    stack: list[tuple[int, int, str]] = []
    found: list[_Found] = []
    for match in _ENVIRONMENT.finditer(body):
        if match[1] == 'begin':
            stack.append((match.start(), _after_arguments(body, match.end()),
                          match[2]))
        elif stack and stack[-1][2] == match[2]:
            begin, body_start, environment = stack.pop()
            # the set-up of this table lies after the table before it and
            # inside the table around it
            lower = max([f.end for f in found if f.end <= begin]
                        + [stack[-1][1] if stack else 0])
            starts = [m for m in _TABLE_START.finditer(body, lower, begin)]
            setup = starts[-1].start() if starts else begin
            since = starts[-1].end() if starts else max(lower, begin - 500)
            found.append(_Found(begin, body_start, match.start(), match.end(),
                                environment, body[since:begin], setup))
    return sorted(found, key=lambda f: f.begin)


def _after_arguments(text: str, at: int) -> int:
    """Past the ``[..]`` and ``{..}`` arguments of a ``\\begin``."""
    while True:
        rest = len(text) - len(text[at:].lstrip(' '))
        if rest < len(text) and text[rest:rest + 1] == '{':
            at = _group_end(text, rest)
        elif text[rest:rest + 1] == '[':
            close = text.find(']', rest)
            at = close + 1 if close >= 0 else len(text)
        else:
            return at


#: The option of Sphinx's verbatim environments: its ``\\`` is no row
#: end, and a reader never sees it.
_COMMANDCHARS = '[commandchars=\\\\\\{\\}]'


def table_views(document: Document) -> list[TableView]:
    """Every table of one document, as its grid."""
    document = Document(document.name,
                        document.body.replace(_COMMANDCHARS, ''))
    found = _find_tables(document.body)
    views = []
    for number, table in enumerate(found, 1):
        content = document.body[table.body_start:table.body_end]
        # nested tables: cut out, named by their number
        for inner_number, inner in reversed(list(enumerate(found, 1))):
            if table.body_start <= inner.begin and \
                    inner.end <= table.body_end:
                offset = table.body_start
                content = (content[:inner.begin - offset]
                           + f'{_PLACEHOLDER}{{{inner_number}}}'
                           + content[inner.end - offset:])
        views.append(_view(number, table, content,
                           _section_before(document.body, table.begin)))
    return views


def document_views(document: Document) -> tuple[str, dict[str, str]]:
    """A document's text view (:func:`_text_view`) and each table's view
    by its name (:func:`table_names`), its tables read once for both."""
    views = table_views(document)
    names = table_names(views)
    return (_text_view(document, names),
            {name: view.render(names)
             for name, view in zip(names, views, strict=True)})


def _section_before(body: str, at: int) -> str:
    """The title of the last heading before ``at`` other than the
    document's own title (the heading its body starts with: LaTeX sets
    the first document's as the book's title, and HTML's ``h1`` is left
    out the same way), or ''."""
    headings = [h for h in _SECTION.finditer(body, 0, at)
                if body[:h.start()].strip()]
    if not headings:
        return ''
    heading = headings[-1]
    close = _group_end(body, heading.end() - 1)
    return text(body[heading.end():close - 1])


def _view(number: int, table: _Found, content: str,
          section: str) -> TableView:
    preamble = table.preamble
    if table.environment == 'longtable':
        head, _, rest = content.partition('\\endfirsthead')
        preamble += head.split('\\sphinxtoprule', 1)[0]
        header = head.split('\\sphinxtoprule', 1)[-1]
        body = rest.partition('\\endlastfoot')[2] or rest
    else:
        header, midrule, body = content.partition('\\sphinxmidrule')
        if not midrule:
            header, body = '', content
    view = TableView(number, _caption(preamble), section)
    rows = [(row, True) for row in _rows(header)] + \
           [(row, False) for row in _rows(body)]
    placed: list[_Cell] = []
    by_id: dict[str, _Cell] = {}
    for y, (row, in_header) in enumerate(rows):
        x = 0
        for raw in _split(row, '&'):
            cell = _read_cell(_strip_rules(raw), y, x, in_header)
            if cell.covers is not None:
                # a slot of a row span from above: the span reaches here
                above = by_id.get(cell.covers)
                if above is not None:
                    above.reached = max(above.reached, y - above.row + 1)
            else:
                placed.append(cell)
                if cell.ident:
                    by_id[cell.ident] = cell
            x += cell.colspan
    view.cells = [GridCell(c.row, c.column, c.reached or c.rowspan,
                           c.colspan, c.kind, c.text) for c in placed]
    return view


def _caption(preamble: str) -> str:
    match = re.search(r'\\(?:sphinxcaption|caption)\{', preamble)
    if match is None:
        return ''
    inner = preamble[match.end():_group_end(preamble, match.end() - 1) - 1]
    return text(inner.replace('\\strut', ''))


def _rows(section: str) -> list[str]:
    """The rows of a table section, each ended by ``\\\\``.  What
    follows the last one (closing rules) is no row; an empty cell of a
    one-column row is (Sphinx 7.2 writes nothing for it, not even a
    ``varwidth``), so an empty part is dropped only at the end."""
    rows = _split(section, '\\\\')
    if rows and not _strip_rules(rows[-1]).strip():
        rows.pop()
    return rows


def _split(text: str, separator: str) -> list[str]:
    """``text`` cut at ``separator`` outside braces."""
    parts = []
    depth = 0
    start = 0
    i = 0
    while i < len(text):
        if text.startswith(separator, i) and depth == 0:
            parts.append(text[start:i])
            i += len(separator)
            start = i
            continue
        char = text[i]
        if char == '\\':
            i += 2
            continue
        if char == '{':
            depth += 1
        elif char == '}':
            depth -= 1
        i += 1
    parts.append(text[start:])
    return parts


_RULES = re.compile(
    r'^(\s|\\(sphinxhline|sphinxtoprule|sphinxmidrule|sphinxbottomrule'
    r'|hline|sphinxtableatstartofbodyhook|endhead|endfirsthead|endfoot'
    r'|endlastfoot|sphinxvlinecrossing|sphinxfixclines|sphinxcline|cline'
    r'|sphinxnorowcolor|linuxdockeeprows)\b(\{[^{}]*\})?|%\n'
    r'|\*(\[[^]]*\])?)*')


def _strip_rules(cell: str) -> str:
    return _RULES.sub('', cell, count=1)


@dataclass
class _Cell:
    row: int
    column: int
    rowspan: int
    colspan: int
    kind: Kind
    text: str
    #: the id by which the slots below name this cell
    ident: str = ''
    #: for a slot of a row span from above: the id of its cell
    covers: str | None = None
    #: how many rows the slots below show it to span
    reached: int = 0


_STRUT = re.compile(r'\\sphinxtablestrut\{([^{}]*)\}\s*')
_STRUT_ID = re.compile(r'sphinx@tablestrut_([^\\{}]*)\\endcsname')


def _read_cell(raw: str, row: int, column: int, in_header: bool) -> _Cell:
    rest = raw.strip()
    colspan = rowspan = 1
    multicolumn = re.match(r'\\multicolumn\{(\d{1,4})\}\{[^{}]*\}\{', rest)
    if multicolumn:
        colspan = int(multicolumn[1])
        rest = rest[multicolumn.end():_group_end(rest,
                                                 multicolumn.end() - 1) - 1]
    started = re.match(r'\\sphinxstartmulticolumn\{(\d{1,4})\}%?', rest)
    if started:
        colspan = int(started[1])
        rest = rest[started.end():].replace('\\sphinxstopmulticolumn', '')
    rest = rest.strip()
    strut = _STRUT.fullmatch(rest)
    if strut:
        return _Cell(row, column, 1, colspan, Kind.DATA, '', covers=strut[1])
    ident = _STRUT_ID.search(rest)
    multirow = re.match(r'\\sphinxmultirow\{(\d{1,4})\}\{([^{}]*)\}\{', rest)
    if multirow:
        rowspan = int(multirow[1])
        rest = rest[multirow.end():_group_end(rest, multirow.end() - 1) - 1]
    styled = '\\sphinxstyletheadfamily' in rest.split('\\sphinxAtStartPar',
                                                      1)[0]
    kind = (Kind.HEADER if in_header else
            Kind.STUB if styled else Kind.DATA)
    return _Cell(row, column, rowspan, colspan, kind, text(rest),
                 multirow[2] if multirow else ident[1] if ident else '')


def text(latex: str) -> str:
    """What a reader reads of some LaTeX mark-up, on one line."""
    latex = re.sub(r'(?<!\\)%[^\n]*\n?', '', latex)
    for math, shown in _MATH_CHARACTERS.items():
        latex = latex.replace(math, shown)
    latex = re.sub(r'(\\expandafter|\\global|\\let)*\\csname [^\\]*'
                   r'\\endcsname(\\relax)?', '', latex)
    latex = re.sub(r'\\begin\{varwidth\}\[t\]\{[^\n]*\n', '', latex)
    # footnotes: their mark, as HTML shows it; their text is elsewhere
    latex = re.sub(r'\\begin\{footnote\}\[(\d+)\].*?\\end\{footnote\}',
                   r'[\1]', latex, flags=re.DOTALL)
    latex = re.sub(r'\\begin\{footnotetext\}.*?\\end\{footnotetext\}', ' ',
                   latex, flags=re.DOTALL)
    latex = re.sub(r'\\sphinxfootnotemark\[(\d+)\]', r'[\1]', latex)
    # an admonition's title, without the colon LaTeX adds
    latex = re.sub(r'\\begin\{sphinx(?:admonition\}\{[^{}]*|' + _ADMONITIONS
                   + r')\}\{([^{}]*?):?\}', r' \1 ', latex)
    # inline math as its characters: HTML shows m², LaTeX $m^{2}$
    latex = re.sub(r'(?<!\\)\$([^$]*)(?<!\\)\$',
                   lambda m: re.sub(r'[\^_]', '', m[1]), latex)
    latex = re.sub(r'\\(begin|end)\{[a-zA-Z*]+\}(\[[^]\n]*\]|\{[^{}\n]*\})*',
                   ' ', latex)
    latex = re.sub(re.escape(_PLACEHOLDER) + r'\{(\d+)\}',
                   lambda m: f' [table {table_reference(int(m[1]))}] ', latex)
    # a command taken out leaves '{}': the letters after it must not join
    # the name of a command before it
    for command in _HIDDEN:
        latex = re.sub(r'\\' + command + r'\b((\{[^{}]*(\{[^{}]*\}[^{}]*)*'
                       r'\})|\[[^]]*\])*', '{}', latex)
    latex = re.sub(r'\\(PYG|DUrole)\{[^{}]*\}', '{}', latex)
    latex = re.sub(r'\\item\b(\[[^]]*\])?', ' ', latex)
    # spacing: a length is no text (Sphinx 7 ends merged cells so)
    latex = re.sub(r'\\(vskip|hskip|kern)\s*-?[0-9.]*\s*'
                   r'(\\[a-zA-Z]+|[a-z]{2})', '{}', latex)
    latex = re.sub(r'\\(sphinxhref|href)\{[^{}]*\}', '{}', latex)
    latex = re.sub(r'\\hyperref\[[^]]*\]', '{}', latex)
    latex = re.sub(r'\\\\(\[[^]]*\])?', ' ', latex)

    def character(match: re.Match[str]) -> str:
        found = _CHARACTERS.get(match[1], '')
        return _LITERAL.get(found, found)

    latex = re.sub(r'\\([a-zA-Z]+)\*?(\{\})?', character, latex)
    latex = re.sub(r'\\([{}_&%#$ ])',
                   lambda m: _LITERAL.get(m[1], m[1]), latex)
    latex = latex.replace('{', '').replace('}', '').replace('~', ' ')
    return squash(latex.translate(_RESTORE))


def _text_view(document: Document, names: list[str]) -> str:
    """A document's text per section: headings and paragraphs, each
    table named as its own view is (``names``, in document order)."""
    body = document.body
    found = _find_tables(body)
    for number, table in reversed(list(enumerate(found, 1))):
        if not any(o.begin < table.begin and table.end <= o.end
                   for o in found):
            body = (body[:table.setup]
                    + f'\n\n{_PLACEHOLDER}{{{number}}}\n\n'
                    + body[table.end:])
    lines: list[str] = []
    position = 0
    for heading in _SECTION.finditer(body):
        lines += _paragraphs(body[position:heading.start()])
        close = _group_end(body, heading.end() - 1)
        lines.append(f'heading {_LEVELS[heading[1]]}: '
                     f'{text(body[heading.end():close - 1])}')
        position = close
    lines += _paragraphs(body[position:])
    return named_tables('\n'.join(lines) + '\n', names)


def _paragraphs(chunk: str) -> list[str]:
    lines = []
    for paragraph in re.split(r'\n\s*\n|\\sphinxAtStartPar', chunk):
        table = re.fullmatch(r'\s*' + re.escape(_PLACEHOLDER)
                             + r'\{(\d+)\}\s*', paragraph)
        if table:
            lines.append(f'table {table_reference(int(table[1]))}')
            continue
        words = text(paragraph)
        if words:
            lines.append(f'paragraph: {words}')
    return lines
