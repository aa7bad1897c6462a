# SPDX-License-Identifier: GPL-2.0-only
"""The linuxlatex translator: Sphinx's LaTeX writer, with valid table
geometry, header colours kept on merged header cells, row spans named
where a page break cuts them, and links into other books.

Tables arrive repaired (:mod:`linuxdoc_builders.transforms`); the
translator asks the grid which cells are header cells and how many merged
cells a row begins with.  Where it adjusts what Sphinx's writer wrote, it
checks that the writer wrote what it expects, and says so if not
(:mod:`linuxdoc_builders.latex.checks`).
"""

from __future__ import annotations

from collections.abc import Iterator
from contextlib import contextmanager
from dataclasses import dataclass
from pathlib import Path
from typing import TYPE_CHECKING, Any

import sphinx
from docutils import nodes
from docutils.utils import get_source_line
from sphinx.locale import __
from sphinx.util import logging
from sphinx.writers.latex import LaTeXTranslator, Table, UnsupportedError

from linuxdoc_builders.books import IN_BOOK, parse_book_uri
from linuxdoc_builders.column_groups import GROUP_OF
from linuxdoc_builders.latex.checks import (
    KEEPS_MERGED_ROWS,
    STRUT_MACRO,
    writer_changed,
)
from linuxdoc_builders.latex.given_widths import SCALE_ATTRIBUTE, text_size
from linuxdoc_builders.latex.literals import in_pieces
from linuxdoc_builders.latex.overfull import TABLE_END_MARK, TABLE_MARK
from linuxdoc_builders.latex.scripts import hangul_spaces, scripts_marked
from linuxdoc_builders.latex.widths import (
    ANYWHERE_ATTRIBUTE,
    ColumnWidths,
    block_of,
    content_widths,
    line_share,
    split_text,
)
from linuxdoc_builders.table_messages import lined, shorten
from linuxdoc_builders.transforms import repair
from linuxdoc_builders.widths import WARN_BELOW_SCALE

if TYPE_CHECKING:
    from linuxdoc_builders.table_nodes import PlacedTGroup

logger = logging.getLogger(__name__)

#: Characters of a merged cell's text repeated on a continuation page.
_CONTINUED_LENGTH = 24

#: Sphinx 9 keeps a table whose column spec has no tabulary column a
#: tabular; older releases make it a tabulary, which cannot hold a nested
#: table, so there content widths go through Sphinx's :widths: path.
_COLSPEC_KEEPS_TABULAR = sphinx.version_info >= (9,)

#: Sphinx 9.1 writes a long literal block in pieces itself, stitched
#: together (``sphinxLongVerbatim``): :mod:`~linuxdoc_builders.latex.
#: literals` is for older releases.
_SPHINX_CUTS_LONG_BLOCKS = sphinx.version_info >= (9, 1)


#: Sphinx 9 sets a table in a cell of a ``longtable``; older releases
#: stop the build on one (:meth:`LinuxLaTeXTranslator.visit_table`).
_LONGTABLE_HOLDS_TABLES = sphinx.version_info >= (9,)


@contextmanager
def _as_tabular(table: Table) -> Iterator[None]:
    """``table`` seen as no ``longtable`` meanwhile: Sphinx < 9 asks
    whether the table a nested one is in is a longtable by its class
    and the rows written so far."""
    classes, rows = table.classes, table.row
    table.classes = [name for name in classes if name != 'longtable']
    table.row = 0
    try:
        yield
    finally:
        table.classes, table.row = classes, rows


#: What Sphinx's longtable prints before "continued from previous page"
#: on the pages it goes on to, captioned or not.
_NUMBER_CONTINUED = r'\tablename\ \thetable{} \textendash{} '

#: The LaTeX counter of each of Sphinx's numbered kinds.
_COUNTERS = {'table': 'table', 'figure': 'figure',
             'code-block': 'literalblock'}


@dataclass
class _OpenTable:
    """A table being written: its grid, and how many rows are begun."""

    placed: PlacedTGroup
    rows_begun: int = 0
    #: whether its words break between any two characters
    #: (:data:`~linuxdoc_builders.latex.widths.ANYWHERE_ATTRIBUTE`)
    anywhere: bool = False


class LinuxLaTeXTranslator(LaTeXTranslator):
    """LaTeX translator that hands Sphinx's table writer valid geometry."""

    #: How many table cells the text being written is inside.
    _cell_depth = 0

    def __init__(self, *args: Any, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        # the tables being written, innermost last: a table may sit in a
        # cell of another
        self._tables: list[_OpenTable] = []
        #: Widths measured from the content, by id() of Sphinx's Table.
        self._content_widths: dict[int, ColumnWidths] = {}
        #: Whether each captioned code block being written got Sphinx's
        #: number.
        self._literal_numbered: list[bool] = []
        #: Named destinations held back from a moving argument (a
        #: section title, a code block's caption label), to be set next
        #: to it; None where they are set in place.
        self._held_destinations: list[str] | None = None

    def visit_tgroup(self, node: nodes.Element) -> None:
        opened = _OpenTable(repair(node))
        table = self.table
        # widths from content only where neither :widths: nor
        # tabularcolumns gave any, and not in a nested table (it has the
        # width of its cell); measured before the cells are written,
        # which break their words anywhere if even that is too narrow
        if table is not None and not table.colspec and \
                'colwidths-given' not in table.classes and \
                not getattr(table, 'is_nested', False):
            widths = content_widths(opened.placed, text_size(
                node.parent, self.config), line_share(node.parent))
            self._content_widths[id(table)] = widths
            opened.anywhere = widths.anywhere
        opened.anywhere |= bool(node.parent.get(ANYWHERE_ATTRIBUTE))
        self._tables.append(opened)
        super().visit_tgroup(node)

    def depart_tgroup(self, node: nodes.Element) -> None:
        self._tables.pop()
        super().depart_tgroup(node)

    @property
    def _placed(self) -> PlacedTGroup | None:
        """The innermost open tgroup, placed on the grid."""
        return self._tables[-1].placed if self._tables else None

    def _begin_row(self) -> int:
        """Number the row about to be written in the innermost table."""
        table = self._tables[-1]
        table.rows_begun += 1
        return table.rows_begun - 1

    #: Whether a URL is being encoded (its text is left as it is).
    _in_uri = False

    def encode(self, text: str) -> str:
        """Sphinx's escapes, spaces between Korean words kept and runs of
        scripts to be shaped marked
        (:mod:`~linuxdoc_builders.latex.scripts`); not in a URL."""
        encoded = super().encode(text)
        if self._in_uri:
            return encoded
        return scripts_marked(hangul_spaces(encoded))

    def encode_uri(self, text: str) -> str:
        self._in_uri = True
        try:
            return super().encode_uri(text)
        finally:
            self._in_uri = False

    def visit_Text(self, node: nodes.Text) -> None:  # noqa: N802
        """In a table cell or a paragraph, long identifiers may break
        after ``_ - / .`` (``\\linuxdocbreak``), as Sphinx lets literals
        break elsewhere: a column, and sometimes a line, is not as wide as
        ``V4L2_CID_STATELESS_HEVC_...``; a long piece TeX cannot hyphenate
        (a hex value, CamelCase) anywhere.  The line after such a break
        begins with a mark.  So may a definition list's term or a field's
        name (the kernel's trace book has an 84-character boot option
        as a term, set past the page's edge).  Titles and captions are
        left alone: their text also goes into PDF bookmarks."""
        if self.literal_whitespace or not (
                self._cell_depth or isinstance(block_of(node), (
                    nodes.paragraph, nodes.term, nodes.field_name))):
            super().visit_Text(node)
            return
        literal = isinstance(node.parent, nodes.literal)
        anywhere = any(table.anywhere for table in self._tables)
        # every break is a \linuxdocbreak, which marks the line after
        # it: none at the bare penalty linuxdoc.sty's \_ brings
        self.body.append(r'\linuxdocbreak{}'.join(
            self.encode(piece).replace('\\_', r'\textunderscore{}')
            for piece in split_text(node.astext(), literal, anywhere)))

    def depart_entry(self, node: nodes.Element) -> None:
        self._cell_depth -= 1
        super().depart_entry(node)

    def visit_row(self, node: nodes.Element) -> None:
        """Draw the rule left of a continued multi-column cell once.

        A row that begins with the lower parts of merged cells gets a
        ``\\multicolumn{N}{|l|}`` for each wide one; after the first, the
        left ``|`` doubles the rule the column before already draws (the
        ``standard`` style shows it as one thick rule; Sphinx 9.1 and newer
        write it once themselves).  The grid says how many such cells the
        row begins with; a writer that no longer writes them so is
        reported, not silently left double.
        """
        start = len(self.body)
        super().visit_row(node)
        y = self._begin_row()
        assert self.table is not None
        colsep = self.table.colsep
        if not colsep or self._placed is None:
            return
        doubled = '{%sl%s}' % (colsep, colsep)
        single = '{l%s}' % colsep
        found = 0
        for i in range(max(start, 1), len(self.body)):
            written = self.body[i]
            if self.body[i - 1] != '&' or not written.startswith(
                    r'\multicolumn'):
                continue
            if doubled in written:
                self.body[i] = written.replace(doubled, single, 1)
                found += 1
            elif single in written:  # Sphinx 9.1 and newer write it so
                found += 1
        if found != _continued_wide_cells(self._placed, y):
            writer_changed(__name__ + '.visit_row', self._placed.tgroup)

    def depart_row(self, node: nodes.Element) -> None:
        r"""Let a merged cell taller than a page break (Sphinx 9.1+).

        Sphinx 9.1 and newer end a row inside a merged cell with ``\\*``,
        which forbids a page break there; a merged cell taller than a page
        then runs off the page and its text is lost.  Here such a row ends
        with ``\\`` and ``\linuxdockeeprows`` (linuxdoc.sty), a penalty
        that keeps the rows together wherever a page can hold them.  The
        grid says which rows are inside a merged cell; a writer that no
        longer ends them so is reported.
        """
        start = len(self.body)
        super().depart_row(node)
        if not KEEPS_MERGED_ROWS or self._placed is None:
            return
        inside = _inside_merged_cell(self._placed,
                                     self._tables[-1].rows_begun - 1)
        kept = start < len(self.body) and self.body[start] == '\\\\*\n'
        if kept:
            self.body[start] = '\\\\\n\\linuxdockeeprows\n'
        if kept != inside:
            writer_changed(__name__ + '.depart_row', self._placed.tgroup)

    def visit_entry(self, node: nodes.Element) -> None:
        """Register row-spanning body cells with linuxdoc.sty, and write a
        row-spanning header cell into its first row only.

        Sphinx typesets a merged cell with ``\\sphinxmultirow``, whose text
        runs down into the rows below; so that their colour panels do not
        hide it, it clears the colour of every part of the cell, which
        leaves merged header cells white in the coloured header.  Header
        rows all share one colour, so here the cell's text goes into its
        first row as an ordinary cell (the row grows to fit it) and the
        parts below stay coloured; the table model still knows the cell
        covers them, so no rule is drawn across it.
        """
        self._cell_depth += 1
        placed = self._placed
        cell = placed.cell_of(node) if placed is not None else None
        if cell is None or not cell.is_header or cell.rowspan == 1:
            super().visit_entry(node)
            if node.get('morerows'):
                self._register_merged_cell(node)
            return
        morerows = node['morerows']
        del node['morerows']
        try:
            super().visit_entry(node)
        finally:
            node['morerows'] = morerows
        table = self.table
        assert table is not None
        written = table.cell()
        assert written is not None
        for row in range(table.row + 1, table.row + cell.rowspan):
            for col in range(table.col, table.col + written.width):
                table.cells[row, col] = table.cell_id
        # The writer marks the parts below with \sphinxtablestrut{ID},
        # whose macro a merged cell of an earlier table may have defined
        # (ids restart in every table): make it do nothing.
        self.body.append(r'\expandafter\global\expandafter\let'
                         r'\csname %s%d\endcsname\relax'
                         % (STRUT_MACRO, table.cell_id))

    def _register_merged_cell(self, node: nodes.Element) -> None:
        """Tell linuxdoc.sty the text to repeat, shortened, where a page
        break cuts this row span."""
        assert self.table is not None
        text = shorten(node.astext(), _CONTINUED_LENGTH)
        self.body.append(r'\linuxdocmergedcell{%d}{%s}'
                         % (self.table.cell_id, self.encode(text)))

    def hypertarget(self, id: str, withdoc: bool = True,
                    anchor: bool = True) -> str:
        """Every label is also a named destination of the same name when
        the builder writes books, so that other books can link to it
        (hyperref's own destination names are counters)."""
        target: str = super().hypertarget(id, withdoc, anchor)
        if not getattr(self.builder, 'writes_books', False):
            return target
        name = self.curfilestack[-1] + ':' + id if withdoc else id
        destination = r'\linuxdocdestination{%s}' % self.idescape(name)
        if self._held_destinations is not None:
            self._held_destinations.append(destination)
            return target
        return target + destination

    def visit_title(self, node: nodes.Element) -> None:
        """A section title is a moving argument: it is also written to
        the table of contents, the page headings and the PDF bookmarks,
        where a destination (an inline target in the title, such as the
        kernel's ``_`MODULE_LICENSE```) breaks the compile.  Such
        destinations are set right after the heading instead."""
        if isinstance(node.parent, nodes.section):
            self._held_destinations = []
        try:
            super().visit_title(node)
        except nodes.SkipNode:
            self._held_destinations = None
            raise

    def depart_title(self, node: nodes.Element) -> None:
        held, self._held_destinations = self._held_destinations, None
        super().depart_title(node)
        self.body.extend(held or ())

    def visit_literal_block(self, node: nodes.Element) -> None:
        """Sphinx's literal block, with two changes.  Its destinations
        are set before it: Sphinx puts its labels in the caption, a
        moving argument, where a destination breaks the compile.  A long
        block is written in pieces TeX can hold
        (:mod:`linuxdoc_builders.latex.literals`), as Sphinx 9.1 and
        newer do themselves."""
        written = len(self.body)
        self._held_destinations = []
        try:
            super().visit_literal_block(node)
        except nodes.SkipNode:
            if not _SPHINX_CUTS_LONG_BLOCKS:
                highlight: dict[str, Any] = node.get('highlight_args', {})
                hl_lines = highlight.get('hl_lines', [])
                self.body[written:] = [in_pieces(part, hl_lines)
                                       for part in self.body[written:]]
            raise
        finally:
            self.body[written:written] = self._held_destinations
            self._held_destinations = None

    visit_doctest_block = visit_literal_block

    def visit_reference(self, node: nodes.Element) -> None:
        """A reference into another book links to that book's PDF."""
        other = parse_book_uri(node.get('refuri', ''))
        if other is None:
            super().visit_reference(node)
            return
        self.body.append(self._href(*other))
        self.context.append('}')

    def visit_number_reference(self, node: nodes.Element) -> None:
        """A ``:numref:`` into another book prints the number that book
        prints and names the book ("Table 2.1 in *FooBar userspace
        API*": the same number may belong to another table in this
        book), as a link to it.  The title is the one of
        ``latex_documents``, LaTeX mark-up already."""
        other = parse_book_uri(node.get('refuri', ''))
        if other is None:
            super().visit_number_reference(node)
            return
        builder: Any = self.builder
        number = builder.number_in_book(other[1])
        title = node.get('title', '%s')
        text = (title.replace('{number}', number).replace('{name}', '')
                if '{number}' in title else title % number)
        book = builder.book(other[0])
        in_book = (r' %s \sphinxstyleemphasis{%s}' % (
            self.encode(str(IN_BOOK)), book.title) if book else '')
        self.body.append(self._href(*other) + self.encode(text) + in_book
                         + '}')
        raise nodes.SkipNode

    def _href(self, target: str, name: str) -> str:
        return r'\sphinxhref{%s}{' % self.encode_uri(f'{target}.pdf#{name}')

    def visit_table(self, node: nodes.Element) -> None:
        """Sphinx's table, except that one nested deeper than its writer
        can set (a table in a table in a table, or a table in a
        ``longtable``) is left out with a located warning, where Sphinx
        stops the whole build with a traceback.  The kernel's ext4 book
        keeps such a table from ``latex`` with ``.. ifconfig:: builder !=
        'latex'``, which ``linuxlatex`` is not.

        A table in a cell of a ``longtable`` is set, as Sphinx 9 sets it
        (a tabular in a cell is valid LaTeX), where older releases stop
        the build: a table taller than a page is a longtable
        (:mod:`~linuxdoc_builders.latex.tall`), and one with tables in
        its cells ran past the page's foot as a tabular (the kernel's
        9p.rst options, 1,547 characters lost)."""
        outer = self.table
        try:
            if outer is not None and not _LONGTABLE_HOLDS_TABLES:
                with _as_tabular(outer):
                    super().visit_table(node)
            else:
                super().visit_table(node)
        except UnsupportedError:
            logger.warning(__('this table is nested deeper in other tables '
                              'than LaTeX can set: it is left out of the '
                              'LaTeX output'), location=lined(node),
                           type='linuxdoc', subtype='latex_nesting')
            self.body.append(r'\sphinxstyleemphasis{[%s]}' % self.encode(
                __('a table nested too deep for LaTeX is left out')))
            raise nodes.SkipNode from None

    def depart_table(self, node: nodes.Element) -> None:
        table = self.table
        assert table is not None
        widths = self._content_widths.pop(id(table), None)
        # the whole table set smaller where its columns can say nothing
        # (Sphinx < 9, or columns the document gave)
        scale = node.get(SCALE_ATTRIBUTE, 1.0)
        whole = scale < 1 or not _COLSPEC_KEEPS_TABULAR
        if widths is not None:
            scale = widths.scale
            whole = not _COLSPEC_KEEPS_TABULAR
            self._set_content_widths(node, widths)
        # before the table, which the writer renders from here
        number = self._numbered(node, 'table')
        self.body.append('\n%s%s\n' % (TABLE_MARK, self._source_line(node))
                         + r'\linuxdoctablestart{%d}{%.4f}{%d}' % (
                             int(table.get_table_type() == 'longtable'),
                             scale, int(whole))
                         + number + '\n')
        written = len(self.body)
        super().depart_table(node)
        if not table.caption:
            # a longtable's header on the pages it goes on to named the
            # last captioned table's number: this one has none
            self.body[written:] = [part.replace(_NUMBER_CONTINUED, '', 1)
                                   for part in self.body[written:]]
        if number:
            self.body.append(r'\linuxdocnumberend{table}')
        self.body.append(TABLE_END_MARK + '\n')

    def _numbered(self, node: nodes.Element, figtype: str) -> str:
        """``\\linuxdocnumber{COUNTER}{N}``: the number Sphinx gave
        ``node`` (HTML prints it, and every ``:numref:``), for LaTeX to
        print too; '' where it has none (``numfig`` off: HTML prints no
        number, LaTeX its own)."""
        number = self._env_number(node, figtype)
        if number is None:
            return ''
        return r'\linuxdocnumber{%s}{%s}' % (_COUNTERS[figtype], number)

    def _env_number(self, node: nodes.Element, figtype: str) -> str | None:
        numbers = self.builder.env.toc_fignumbers.get(
            self.curfilestack[-1] if self.curfilestack else '', {})
        found = numbers.get(figtype, {})
        # a part of a table split into column groups has the table's
        ids: list[str] = node.get('ids') or node.get(GROUP_OF, [])
        for node_id in ids:
            if node_id in found:
                return '.'.join(map(str, found[node_id]))
        return None

    def visit_definition(self, node: nodes.Element) -> None:
        """Sphinx's ``\\sphinxlineitem`` gathers a term followed at once
        by another into one label, a box that never breaks: the kernel's
        netlink specs list 60 and more fields with nothing after their
        names, and the box ran 24 lines past the page's foot.  An empty
        definition (or field body) ends its term's label."""
        super().visit_definition(node)
        if not node.children:
            self.body.append(r'\relax')

    visit_field_body = visit_definition

    def visit_figure(self, node: nodes.Element) -> None:
        number = self._numbered(node, 'figure')
        self.body.append(number)
        super().visit_figure(node)
        if number:
            # after the caption, before the environment's end: what
            # follows the figure (a blank line) stays as it was
            self.context[-1] = r'\linuxdocnumberend{figure}' + \
                self.context[-1]

    def visit_captioned_literal_block(self, node: nodes.Element) -> None:
        number = self._numbered(node, 'code-block')
        self.body.append(number)
        super().visit_captioned_literal_block(node)
        self._literal_numbered.append(bool(number))

    def depart_captioned_literal_block(self, node: nodes.Element) -> None:
        super().depart_captioned_literal_block(node)
        if self._literal_numbered.pop():
            self.body.append(r'\linuxdocnumberend{literalblock}')

    def _source_line(self, node: nodes.Element) -> str:
        """``FILE:LINE`` of a table, relative to the source directory so
        that the ``.tex`` does not depend on where the project is.  A
        grid or csv table knows no line of its own: then that of the
        first node inside it that does (its caption's), else FILE alone."""
        source, line = get_source_line(lined(node))
        path = Path(source or '')
        srcdir = Path(self.builder.srcdir)
        if path.is_relative_to(srcdir):
            path = path.relative_to(srcdir)
        if line is None:
            return path.as_posix()
        return f'{path.as_posix()}:{line}'

    def _set_content_widths(self, node: nodes.Element,
                            widths: ColumnWidths) -> None:
        """Give a table without widths its columns' widths from its
        content (:mod:`linuxdoc_builders.latex.widths`), as Sphinx's
        ``\\X{share}{total}`` columns; one too wide for the page is set
        smaller, and said so at its source line.

        Before Sphinx 9 the columns take the whole line (Sphinx's own
        :widths: path) and a table set smaller has its caption set
        smaller too.
        """
        table = self.table
        assert table is not None
        if not _COLSPEC_KEEPS_TABULAR:
            table.colwidths = widths.shares
            table.classes = [*table.classes, 'colwidths-given']
        else:
            colsep = table.colsep or ''
            prefix = r'>{\linuxdocscaledto{%.4f}}' % widths.scale \
                if widths.scale < 1 else ''
            table.colspec = '{%s%s%s}\n' % (colsep, colsep.join(
                prefix + r'\X{%d}{%d}' % (share, widths.total)
                for share in widths.shares), colsep)
        if widths.scale < 1:
            # a table set a little smaller reads as well, and a column
            # group was made to be set so: only -v says so
            say = logger.warning if widths.scale < WARN_BELOW_SCALE \
                and not node.hasattr(GROUP_OF) else logger.verbose
            say(__('table too wide for the page: its %d columns need %.1f '
                   'times the line width; set at %d%% of the font size%s '
                   '(give it fewer columns, or :widths:)'),
                len(widths.shares), widths.overflow,
                max(1, round(widths.scale * 100)),
                __(', its words broken between any two characters')
                if widths.anywhere else '',
                location=lined(node), type='linuxdoc',
                subtype='latex_width')


def _inside_merged_cell(placed: PlacedTGroup, y: int) -> bool:
    """Whether a cell covering row ``y`` goes on below it."""
    grid = placed.grid
    x = 0
    while x < grid.n_cols:
        cell = grid.cell_at(y, x)
        if cell is None:
            return False
        if cell.last_row > y:
            return True
        x = cell.last_col + 1
    return False


def _continued_wide_cells(placed: PlacedTGroup, y: int) -> int:
    """How many cells wider than a column, merged from rows above, row
    ``y`` begins with after its first column: Sphinx's writer writes each
    as a ``\\multicolumn`` after an ``&``."""
    grid = placed.grid
    count = 0
    x = 0
    while x < grid.n_cols and (cell := grid.cell_at(y, x)) is not None \
            and cell.row < y:
        count += cell.colspan > 1 and x > 0
        x = cell.last_col + 1
    return count
