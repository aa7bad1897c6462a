# SPDX-License-Identifier: GPL-2.0-only
"""The ``flat-table`` directive and its ``:cspan:`` / ``:rspan:`` roles.

A flat-table is a two-level bullet list, like ``list-table``, whose cells may
span rows and columns.  The directive works in three steps so that bad input
never breaks a build:

1. *parse* the nested list into a plain description of rows and cells
   (:class:`SourceCell`), reading span roles at the start of each cell;
2. *place* the cells on the shared table grid
   (:class:`~linuxdoc_builders.tablegrid.TableGrid`), which reduces
   impossible spans and says why, then auto-span or fill short rows;
3. *build* plain docutils table nodes, so that every builder can render them.

Nothing the user wrote is lost.  Options are read by the directive itself
(:mod:`~linuxdoc_builders.directives.flat_table_options`): an unknown
option or a bad value is reported and the table is built without it, and
rows that follow the options without a blank line are rows.  A row that is
not a list of cells keeps its content as one cell, content beside the
list of rows is kept after the table; each is reported at its own file
and line (also inside an included file) with a ``flat-table`` subtype.
Only a directive that holds no bullet list at all is replaced by the error
and its source, shown as a literal block.  Span problems are reported with
file, line, row and cell, repaired, and the table is still rendered.
"""

from __future__ import annotations

import os
import re
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any

from docutils import nodes
from docutils.parsers.rst.directives.tables import Table
from docutils.statemachine import StringList
from sphinx.locale import __
from sphinx.util import logging

from linuxdoc_builders import __version__
from linuxdoc_builders.table_messages import REPAIR_MESSAGES
from linuxdoc_builders.tablegrid import Repair, SpanRequest, TableGrid
from linuxdoc_builders.widths import equal_widths

from .flat_table_options import read_block

if TYPE_CHECKING:
    from docutils.parsers.rst.states import Inliner
    from sphinx.application import Sphinx

logger = logging.getLogger(__name__)

#: Span values are clipped to the table anyway; this only keeps ``int()``
#: away from arbitrarily long digit strings.
_MAX_SPAN_DIGITS = 9
_SPAN_CAP: int = 10 ** _MAX_SPAN_DIGITS

#: ``document`` attribute: for each flat-table being parsed right now
#: (innermost last), the span markers its roles made.  The roles know from
#: it whether they stand inside a flat-table, and the directive finds
#: misplaced roles without walking every cell.
_MARKERS_ATTR = '_linuxdoc_flat_table_markers'


#: A line that begins a top-level item of a bullet list.
_BULLET = re.compile(r'[-*+\u2022\u2023\u2043](\s|$)')


class span_marker(nodes.Inline, nodes.Element):  # noqa: N801 (docutils style)
    """What a ``:cspan:`` or ``:rspan:`` role leaves for the directive.

    It never outlives the directive's run: the directive consumes or removes
    every marker in its content, so no writer ever sees one.
    """


def span_role(name: str, rawtext: str, text: str, lineno: int,
              inliner: Inliner, options: dict[str, Any] | None = None,
              content: list[str] | None = None,
              ) -> tuple[list[nodes.Node], list[nodes.system_message]]:
    """``:cspan:`N``` and ``:rspan:`N```: mark the cell for the directive.

    The value is checked by the directive, which knows the row and cell.
    """
    stack = getattr(inliner.document, _MARKERS_ATTR, None)
    if not stack:
        source, line = inliner.reporter.get_source_and_line(lineno)
        logger.warning(__('the :%s: role works only inside a flat-table; '
                          'ignored'), name, location=f'{source}:{line}',
                       type='flat-table', subtype='role')
        return [], []
    marker = span_marker(rawtext, kind=name, value=text)
    # a misplaced role is reported at its own line, not its cell's
    source, marker.line = inliner.reporter.get_source_and_line(lineno)
    marker.source = str(source) if source else None
    stack[-1].append(marker)
    return [marker], []


@dataclass
class SourceCell:
    """One cell as written: its content, its span request and its place."""

    row: int
    index: int
    #: ``file:line`` of the cell's first line, in an included file too.
    location: str
    content: list[nodes.Node]
    request: SpanRequest = field(default_factory=SpanRequest)
    #: The span values as written, for messages (``request`` may hold
    #: a value capped before conversion).
    written: dict[str, str] = field(default_factory=dict)


@dataclass
class SourceTable:
    """The parsed source of one flat-table, before placement."""

    rows: list[list[SourceCell]] = field(default_factory=list)
    row_targets: list[list[nodes.target]] = field(default_factory=list)
    messages: list[nodes.system_message] = field(default_factory=list)
    #: Content beside the list of rows, kept after the table.
    after: list[nodes.Node] = field(default_factory=list)
    #: The list item each cell was parsed from, by ``id()``.
    items: dict[int, SourceCell] = field(default_factory=dict)

    def cell_of(self, node: nodes.Node) -> SourceCell | None:
        """The cell whose content holds ``node``."""
        parent = node.parent
        while parent is not None:
            cell = self.items.get(id(parent))
            if cell is not None:
                return cell
            parent = parent.parent
        return None


class Rejected(Exception):
    """The table's structure cannot be understood; carries the message."""



def _subtype(repair: Repair) -> str:
    """``columns`` for a column span over columns in which no cell begins
    (past the last one, or between cells): nothing of the table is lost
    when they are dropped, and the kernel's rstFlatTable silently emits
    them as empty columns, so a project can silence just these (its other
    span problems lose or move content, ``span``)."""
    return ('columns' if repair in (Repair.PAST_LAST_COLUMN,
                                    Repair.EMPTY_COLUMNS) else 'span')

class FlatTable(Table):
    """The ``flat-table`` directive: a list-table with row and column spans.

    The title and the options arrive as one argument (no ``option_spec``:
    docutils would reject the whole directive for one bad option) and are
    read by :func:`~linuxdoc_builders.directives.flat_table_options.
    read_block`.
    """

    option_spec = None  # type: ignore[assignment]
    _option_offsets: dict[str, int]

    def run(self) -> list[nodes.Node]:
        content = self._read_options()
        if not content:
            return self._rejection(__('the "%s" directive is empty; content '
                                      'required') % self.name)
        title, messages = self.make_title()  # type: ignore[no-untyped-call]
        parsed = nodes.Element()
        markers = self._parse_content(parsed, content)
        try:
            source = self._parse(parsed, _bullet_lines(content))
        except Rejected as rejection:
            return self._rejection(str(rejection))
        self._drop_misplaced_roles(source, markers)
        header_rows, stub_columns = self._dimensions(source)
        grid = self._place(source, header_rows, stub_columns)
        table = self._build(source, grid)
        if title:
            table.insert(0, title)
        return [table, *messages, *source.messages, *source.after]

    def _read_options(self) -> StringList:
        """Read title and options from the directive block; the rows.

        Rows that follow the options without a blank line are taken from
        the state machine's input, so that their lines (in an included
        file too) stay right.
        """
        machine = self.state_machine
        raw = self.block_text.split('\n')
        head = [raw[0].partition('::')[2]]
        for line in raw[1:]:
            if not line.strip():
                break
            head.append(line)
        indent = min((len(line) - len(line.lstrip())
                      for line in raw[1:] if line.strip()), default=0)
        block = read_block([head[0].strip(),
                            *(line[indent:] for line in head[1:])])
        self.arguments = [block.title] if block.title else []
        self.options = block.options
        self._option_offsets = block.offsets
        for problem in block.problems:
            logger.warning(problem.text,
                           location=self._location_of(
                               self.lineno + problem.offset),
                           type='flat-table', subtype='option')
        if block.rows_from is None:
            return self.content
        first = self.lineno - machine.input_offset - 1 + block.rows_from
        assert machine.input_lines is not None  # the directive is in them
        rows = StringList(machine.input_lines[first:first + len(raw)
                                             - block.rows_from])
        rows.trim_left(indent)
        # nested_parse counts lines from here: the first row's line
        self.content_offset = self.lineno - 1 + block.rows_from
        return rows

    def _parse_content(self, parsed: nodes.Element, content: StringList
                       ) -> list[span_marker]:
        """Nested-parse the content; return the span markers made in it."""
        document = self.state.document
        stack = getattr(document, _MARKERS_ATTR, None)
        if stack is None:
            stack = []
            setattr(document, _MARKERS_ATTR, stack)
        stack.append([])
        try:
            self.state.nested_parse(content, self.content_offset, parsed)
        finally:
            markers: list[span_marker] = stack.pop()
            if not stack:
                delattr(document, _MARKERS_ATTR)
        return markers

    # -- messages ----------------------------------------------------------

    def _location_of(self, lineno: int) -> str:
        """``file:line`` of an absolute line of the state machine."""
        return _where(*self.state_machine.get_source_and_line(lineno))

    def _location(self) -> str:
        return self._location_of(self.lineno)

    def _option_location(self, name: str) -> str:
        return self._location_of(self.lineno
                                 + self._option_offsets.get(name, 0))

    def _rejection(self, message: str) -> list[nodes.Node]:
        """The error, and the table's source shown as a literal block."""
        logger.error(message, location=self._location(), type='flat-table',
                     subtype='structure')
        source = nodes.literal_block(self.block_text, self.block_text)
        source['classes'].append('flat-table-rejected')
        source['language'] = 'rst'
        return [source]

    def _structure_problem(self, where: str, message: str) -> None:
        logger.error(message, location=where, type='flat-table',
                     subtype='structure')

    def _cell_message(self, level: str, cell: SourceCell, subtype: str,
                      message: str, *args: object,
                      location: str | None = None) -> None:
        text = __('row %d, cell %d: ') % (cell.row + 1, cell.index + 1)
        getattr(logger, level)(text + message, *args,
                               location=location or cell.location,
                               type='flat-table', subtype=subtype)

    # -- step 1: parse -----------------------------------------------------

    def _parse(self, parsed: nodes.Element, bullet_lines: list[str]
               ) -> SourceTable:
        """Rows from every bullet list; anything else beside them is
        reported and kept after the table.

        ``bullet_lines`` locate the rows written right in the content,
        for docutils releases (before 0.22) that give an empty row no
        line.
        """
        source = SourceTable()
        lists = []
        for child in parsed.children:
            if isinstance(child, nodes.bullet_list):
                lists.append(child)
            elif isinstance(child, nodes.system_message):
                source.messages.append(child)
            elif not isinstance(child, nodes.comment):
                source.after.append(child)
        if not lists:
            found = _tag(source.after[0]) if source.after else __('nothing')
            raise Rejected(__('"%s" expects a bullet list of rows, found a %s')
                           % (self.name, found))
        for child in source.after:
            self._structure_problem(
                self._location_at(child), __(
                    '"%s" expects only a bullet list of rows, found a %s; '
                    'shown after the table') % (self.name, _tag(child)))
        for extra in lists[1:]:
            self._structure_problem(
                self._location_at(extra), __(
                    '"%s" expects one bullet list of rows, and another '
                    'begins here (a different bullet character?); its rows '
                    'are used') % self.name)
        row_items = [item for rows in lists for item in rows.children]
        if len(bullet_lines) != len(row_items):
            bullet_lines = [self._location()] * len(row_items)
        for row_item, fallback in zip(row_items, bullet_lines, strict=True):
            y = len(source.rows)
            cells, targets = self._parse_row(y, row_item, source, fallback)
            source.rows.append(cells)
            source.row_targets.append(targets)
        if not any(source.rows):
            raise Rejected(__('"%s" has no cells: expected a two-level '
                              'bullet list') % self.name)
        return source

    def _parse_row(self, y: int, row_item: nodes.Node, source: SourceTable,
                   fallback: str
                   ) -> tuple[list[SourceCell], list[nodes.target]]:
        """The cells of one row.  Content that is not a list of cells is
        reported and kept: each run of it is a cell of its own."""
        row_location = self._location_at(row_item, fallback)
        cells: list[SourceCell] = []
        targets = []
        stray: list[nodes.Node] = []
        found_list = False

        def add_cell(key: nodes.Node, content: list[nodes.Node]) -> None:
            cell = SourceCell(row=y, index=len(cells),
                              location=self._location_at(key, row_location),
                              content=content)
            self._read_spans(cell)
            for node in (key, *content):
                source.items[id(node)] = cell
            cells.append(cell)

        def keep_stray() -> None:
            if not stray:
                return
            self._structure_problem(
                self._location_at(stray[0], row_location), __(
                    'row %d: expected a second-level bullet list of cells, '
                    'found a %s; kept as a cell') % (y + 1, _tag(stray[0])))
            add_cell(stray[0], list(stray))
            stray.clear()

        for child in row_item.children:
            if isinstance(child, nodes.bullet_list):
                keep_stray()
                if found_list:
                    self._structure_problem(
                        self._location_at(child, row_location), __(
                            'row %d: a second list of cells begins here; '
                            'its cells are used') % (y + 1))
                found_list = True
                for cell_item in child.children:
                    add_cell(cell_item, list(cell_item.children))
            elif isinstance(child, nodes.target):
                targets.append(child)
            elif isinstance(child, nodes.system_message):
                source.messages.append(child)
            elif not isinstance(child, nodes.comment):
                stray.append(child)
        keep_stray()
        if not cells:
            self._structure_problem(row_location, __(
                'row %d has no cells: expected a second-level bullet list; '
                'left empty') % (y + 1))
        return cells, targets

    def _location_at(self, node: nodes.Node, default: str | None = None
                     ) -> str:
        """``file:line`` of the first line recorded in ``node`` or below
        it (in the included file, for rows that come from one)."""
        for descendant in node.findall(include_self=True):
            line = getattr(descendant, 'line', None)
            source = getattr(descendant, 'source', None)
            if line and source:
                return _where(source, line)
        return default or self._location()

    def _read_spans(self, cell: SourceCell) -> None:
        """Take span roles from the start of the cell; drop any others."""
        spans = {'cspan': 0, 'rspan': 0}
        seen: set[str] = set()
        first = cell.content[0] if cell.content else None
        if isinstance(first, nodes.paragraph):
            while first.children:
                child = first.children[0]
                if isinstance(child, nodes.Text) and not child.strip():
                    first.remove(child)
                elif isinstance(child, span_marker):
                    first.remove(child)
                    child.parent = None  # consumed, not misplaced
                    kind = child['kind']
                    if kind in seen:
                        self._cell_message('warning', cell, 'span',
                                           __('a second :%s: role; ignored'),
                                           kind)
                        continue
                    seen.add(kind)
                    spans[kind] = self._span_value(cell, child)
                    cell.written[kind] = str(child['value']).strip()
                else:
                    break
            if first.children and isinstance(first.children[0], nodes.Text):
                text = first.children[0]
                first.replace(text, nodes.Text(text.lstrip()))
            if not first.children:
                cell.content.remove(first)
        cell.request = SpanRequest(morerows=spans['rspan'],
                                   morecols=spans['cspan'])

    def _drop_misplaced_roles(self, source: SourceTable,
                              markers: list[span_marker]) -> None:
        """Warn about span roles left anywhere but at a cell's start, at
        the role's own line."""
        searched: dict[int, int] = {}
        for marker in markers:
            if marker.parent is None:
                continue
            cell = source.cell_of(marker)
            message = __('the :%s: role works only at the start of a cell; '
                         'ignored')
            where = self._role_location(marker, searched)
            if cell is None:
                logger.warning(message, marker['kind'], location=where,
                               type='flat-table', subtype='role')
            else:
                self._cell_message('warning', cell, 'role', message,
                                   marker['kind'], location=where)
            marker.parent.remove(marker)
            marker.parent = None

    def _role_location(self, marker: span_marker,
                       searched: dict[int, int]) -> str:
        """``file:line`` of a role: docutils gives a role the first line
        of its paragraph; the role's text in the paragraph's source says
        how far below that it stands (``searched``: where in each
        paragraph the previous role was found)."""
        if not marker.line:
            return self._location()
        parent = marker.parent
        raw = getattr(parent, 'rawsource', '') or ''
        start = searched.get(id(parent), 0)
        index = raw.find(marker.rawsource, start)
        if index < 0:
            return _where(marker.source, marker.line)
        searched[id(parent)] = index + len(marker.rawsource)
        return _where(marker.source, marker.line + raw.count('\n', 0, index))

    def _span_value(self, cell: SourceCell, marker: span_marker) -> int:
        text = str(marker['value']).strip()
        if not (text.isascii() and text.isdigit()):
            self._cell_message('error', cell, 'span',
                               __(':%s: value %r is not a whole number '
                                  '(0 or more); span ignored'),
                               marker['kind'], marker['value'])
            return 0
        if len(text) > _MAX_SPAN_DIGITS:
            return _SPAN_CAP
        return int(text)

    # -- step 2: validate and place ----------------------------------------

    def _dimensions(self, source: SourceTable) -> tuple[int, int]:
        header_rows: int = self.options.get('header-rows', 0)
        if header_rows >= len(source.rows):
            logger.warning(__(':header-rows: %d leaves no row for the body '
                              '(the table has %d rows); using no header '
                              'rows'), header_rows, len(source.rows),
                           location=self._option_location('header-rows'),
                           type='flat-table', subtype='option')
            header_rows = 0
        return header_rows, self.options.get('stub-columns', 0)

    def _place(self, source: SourceTable, header_rows: int,
               stub_columns: int) -> TableGrid:
        requests = [[cell.request for cell in row] for row in source.rows]
        grid = TableGrid.place(requests, header_rows=header_rows,
                               stub_columns=stub_columns)
        for problem in sorted(grid.problems, key=lambda p: (
                p.source_row, p.source_index)):
            cell = source.rows[problem.source_row][problem.source_index]
            role = 'rspan' if problem.axis == 'rows' else 'cspan'
            self._cell_message(
                'warning', cell, _subtype(problem.repair),
                REPAIR_MESSAGES[problem.repair] + __('; reduced to %d'),
                ':%s:' % role, cell.written.get(role, problem.requested),
                problem.granted)
        self._fill_short_rows(grid)
        if stub_columns >= grid.n_cols:
            logger.warning(__(':stub-columns: %d leaves no column for data '
                              '(the table has %d columns)'),
                           stub_columns, grid.n_cols,
                           location=self._option_location('stub-columns'),
                           type='flat-table', subtype='option')
        return grid

    def _fill_short_rows(self, grid: TableGrid) -> None:
        """Auto-span the last cell of a short row, or fill with empty cells.

        The last cell widens only over free columns right next to it (and
        free in every row it spans); anything else gets empty cells, so the
        grid is always complete.
        """
        fill = 'fill-cells' in self.options
        for y in range(grid.n_rows):
            # a row left empty, or covered from above, begins no cell
            last_cell = next(reversed(grid.row_cells(y)), None)
            for first, last in list(grid.free_runs(y)):
                neighbour = grid.cell_at(y, first - 1) if first else None
                if (not fill and neighbour is last_cell
                        and neighbour is not None
                        and grid.is_free(range(neighbour.row,
                                               neighbour.last_row + 1),
                                         first, last)):
                    grid.widen(neighbour, last - first + 1)
                elif fill:
                    for x in range(first, last + 1):
                        grid.add_filler(y, x, x)
                else:
                    grid.add_filler(y, first, last)

    # -- step 3: build -----------------------------------------------------

    def _column_widths(self, grid: TableGrid) -> list[int]:
        """The ``:widths:`` given, for the columns the table really has.

        Widths written for the columns the spans asked for are summed into
        the columns kept when empty columns were dropped.
        """
        n_cols = grid.n_cols
        widths = self.options.get('widths')
        if isinstance(widths, list):
            if len(widths) == n_cols:
                return widths
            if len(widths) == grid.requested_cols:
                return grid.merge_columns(widths)
            logger.warning(__(':widths: gives %d values for %d columns; '
                              'using equal widths'), len(widths), n_cols,
                           location=self._option_location('widths'),
                           type='flat-table', subtype='option')
        return equal_widths(n_cols)

    def _build(self, source: SourceTable, grid: TableGrid) -> nodes.table:
        table = nodes.table()
        # writers report layout problems at the table's own line
        table.source, table.line = self.state_machine.get_source_and_line(
            self.lineno)
        widths = self.options.get('widths')
        if widths == 'auto':
            table['classes'].append('colwidths-auto')
        elif widths:
            table['classes'].append('colwidths-given')
        table['classes'] += self.options.get('class', [])
        if 'align' in self.options:
            table['align'] = self.options['align']
        self.set_table_width(table)
        self.add_name(table)
        tgroup = nodes.tgroup(cols=grid.n_cols)
        table += tgroup
        for x, width in enumerate(self._column_widths(grid)):
            colspec = nodes.colspec(colwidth=width)
            if x < grid.stub_columns:
                colspec['stub'] = 1
            tgroup += colspec
        rows = [self._build_row(source, grid, y) for y in range(grid.n_rows)]
        if grid.header_rows:
            tgroup += nodes.thead('', *rows[:grid.header_rows])
        tgroup += nodes.tbody('', *rows[grid.header_rows:])
        return table

    def _build_row(self, source: SourceTable, grid: TableGrid, y: int
                   ) -> nodes.row:
        row = nodes.row()
        targets: list[nodes.Node] = list(source.row_targets[y])
        for cell in grid.row_cells(y):
            entry = nodes.entry()
            if cell.rowspan > 1:
                entry['morerows'] = cell.rowspan - 1
            if cell.colspan > 1:
                entry['morecols'] = cell.colspan - 1
            entry += targets
            targets = []
            if cell.source_index is not None:
                entry += source.rows[y][cell.source_index].content
            row += entry
        return row


def _bullet_lines(content: StringList) -> list[str]:
    """``file:line`` of each line of ``content`` that begins a top-level
    bullet item."""
    lines = []
    for i, line in enumerate(content):
        source, offset = content.info(i)
        if _BULLET.match(line) and offset is not None:
            lines.append(_where(source, offset + 1))
    return lines


def _where(source: str | None, line: int | None) -> str:
    """``file:line`` as Sphinx prints a node's location: docutils names
    an included file relative to the working directory."""
    return f'{os.path.abspath(source) if source else "<unknown>"}:{line}'


def _tag(node: nodes.Node) -> str:
    return node.tagname if isinstance(node, nodes.Element) else 'text'


def setup(app: Sphinx) -> dict[str, Any]:
    """Register ``flat-table`` and the span roles (usable on its own)."""
    app.add_directive('flat-table', FlatTable)
    app.add_role('cspan', span_role)
    app.add_role('rspan', span_role)
    return {'version': __version__, 'parallel_read_safe': True,
            'parallel_write_safe': True}
