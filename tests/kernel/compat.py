# SPDX-License-Identifier: GPL-2.0-only
"""Compare our ``flat-table`` with the kernel's ``rstFlatTable.py``.

Every flat-table of the kernel's ``Documentation/`` (except those shown as
literal text) is parsed twice with docutils, once by each implementation,
and the two table trees are reduced to the same plain description: colspecs
(width, stub), header rows, and per row the entries with their spans, child
element names and text.  Where they differ we classify why.
"""

from __future__ import annotations

import importlib.util
import io
import logging
import re
from collections import Counter
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any

from docutils import nodes
from docutils.core import publish_doctree
from flat_table_docutils import our_flat_table, registered
from linuxdoc_builders.directives import flat_table

from linuxdoc_builders.tablegrid import SpanRequest, TableGrid

if TYPE_CHECKING:
    from collections.abc import Callable, Iterator
    from pathlib import Path
    from types import ModuleType

_DIRECTIVE = re.compile(r'^(?P<indent>\s*)\.\. flat-table::')
_EXPLICIT = re.compile(r'^\s*\.\. (?P<name>[\w:-]+)::')
#: Directives whose content is shown, not parsed.
_LITERAL_DIRECTIVES = {'code-block', 'code', 'sourcecode', 'highlight',
                       'literalinclude', 'parsed-literal'}


@dataclass(frozen=True)
class FlatTableSource:
    path: Path
    line: int
    text: str


@dataclass
class TableResult:
    source: FlatTableSource
    kernel: Any
    ours: Any
    warnings: list[str]


@dataclass
class CompatReport:
    results: list[TableResult] = field(default_factory=list)

    @property
    def total(self) -> int:
        return len(self.results)

    def differences(self) -> list[tuple[str, TableResult]]:
        return [(classify(r), r) for r in self.results
                if r.kernel != r.ours]

    def summary(self) -> Counter[str]:
        return Counter(reason for reason, _ in self.differences())


def find_flat_tables(doc_root: Path) -> Iterator[FlatTableSource]:
    """Each flat-table directive of the tree that docutils would parse."""
    for path in sorted(doc_root.rglob('*.rst')):
        lines = path.read_text(encoding='utf-8',
                               errors='replace').expandtabs(8).splitlines()
        for number, line in enumerate(lines):
            match = _DIRECTIVE.match(line)
            if not match or _inside_literal(lines, number):
                continue
            yield FlatTableSource(path, number + 1,
                                  _block(lines, number,
                                         len(match['indent'])))


def _indent(line: str) -> int:
    return len(line) - len(line.lstrip())


def _inside_literal(lines: list[str], number: int) -> bool:
    """Whether the line sits in a literal block or a code directive."""
    indent = _indent(lines[number])
    for previous in reversed(lines[:number]):
        if not previous.strip() or _indent(previous) >= indent:
            continue
        explicit = _EXPLICIT.match(previous)
        if explicit:
            if explicit['name'] in _LITERAL_DIRECTIVES:
                return True
        elif previous.rstrip().endswith('::'):
            return True
        indent = _indent(previous)
        if indent == 0:
            return False
    return False


def _block(lines: list[str], number: int, indent: int) -> str:
    end = number + 1
    while end < len(lines) and (not lines[end].strip()
                                or _indent(lines[end]) > indent):
        end += 1
    return '\n'.join(line[indent:] for line in lines[number:end]) + '\n'


def load_kernel_flat_table(doc_root: Path) -> ModuleType:
    path = doc_root / 'sphinx' / 'rstFlatTable.py'
    spec = importlib.util.spec_from_file_location('kernel_rstFlatTable',
                                                  path)
    assert spec and spec.loader
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


def describe(doctree: nodes.document) -> Any:
    """A plain, comparable description of every table in ``doctree``."""
    tables = []
    for table in doctree.findall(nodes.table):
        if table.parent is not None and any(
                isinstance(a, nodes.entry) for a in _ancestors(table)):
            continue
        tgroup = next(table.findall(nodes.tgroup))
        colspecs = [(c.get('colwidth'), bool(c.get('stub')))
                    for c in tgroup.findall(nodes.colspec)]
        heads = [len(t.children) for t in tgroup.children
                 if isinstance(t, nodes.thead)]
        rows = [[(e.get('morerows', 0), e.get('morecols', 0),
                  tuple(_tag(c) for c in e.children),
                  ' '.join(e.astext().split()))
                 for e in row.children]
                for part in tgroup.children
                if isinstance(part, nodes.thead | nodes.tbody)
                for row in part.children]
        tables.append((tgroup.get('cols'), colspecs, heads, rows))
    return tables


def _tag(node: nodes.Node) -> str:
    if isinstance(node, nodes.paragraph) and not node.astext().strip():
        return 'empty-paragraph'
    return node.tagname


def _ancestors(node: nodes.Node) -> Iterator[nodes.Node]:
    while node.parent is not None:
        node = node.parent
        yield node


def _parse(text: str) -> Any:
    settings = {'report_level': 5, 'halt_level': 5, 'warning_stream': False,
                'file_insertion_enabled': False, 'raw_enabled': False}
    try:
        doctree = publish_doctree(text, settings_overrides=settings)
    except Exception as exc:
        return ('crash', type(exc).__name__)
    return describe(doctree)


def compare_corpus(doc_root: Path) -> CompatReport:
    kernel = load_kernel_flat_table(doc_root)
    sources = list(find_flat_tables(doc_root))
    with registered(kernel.FlatTable, kernel.c_span, kernel.r_span):
        kernel_trees = [_parse(s.text) for s in sources]
    report = CompatReport()
    log = logging.getLogger('sphinx.' + flat_table.__name__)
    with our_flat_table():
        for source, kernel_tree in zip(sources, kernel_trees, strict=True):
            stream = io.StringIO()
            handler = logging.StreamHandler(stream)
            log.addHandler(handler)
            try:
                ours = _parse(source.text)
            finally:
                log.removeHandler(handler)
            report.results.append(TableResult(
                source, kernel_tree, ours, stream.getvalue().splitlines()))
    return report


def classify(result: TableResult) -> str:
    """Name the deliberate differences that explain ``result``.

    Each normaliser undoes one known kernel behaviour on the kernel's table;
    if the normalised kernel table then equals ours, the difference is
    explained by the normalisers that changed something.
    """
    kernel, ours = result.kernel, result.ours
    if isinstance(kernel, tuple):
        return f'the kernel crashes ({kernel[1]})'
    if len(kernel) != len(ours):
        return 'unexplained'
    reasons: list[str] = []
    for k_table, o_table in zip(kernel, ours, strict=True):
        for reason, normalise in NORMALISERS:
            if k_table == o_table:
                break
            changed = normalise(k_table, o_table)
            if changed != k_table:
                k_table = changed
                if reason not in reasons:
                    reasons.append(reason)
        if k_table != o_table:
            return 'unexplained'
    return ' + '.join(reasons) or 'unexplained'


def _map_entries(table: Any, change: Callable[[Any], Any]) -> Any:
    cols, colspecs, heads, rows = table
    return cols, colspecs, heads, [[change(e) for e in row] for row in rows]


def _one_target_per_row(k_table: Any, o_table: Any) -> Any:
    """The kernel inserts a row's target node into every cell of the row."""
    cols, colspecs, heads, rows = k_table
    fixed = []
    for row in rows:
        seen = False
        new_row = []
        for r, c, tags, text in row:
            if 'target' in tags:
                if seen:
                    tags = tuple(t for t in tags if t != 'target')
                seen = True
            new_row.append((r, c, tags, text))
        fixed.append(new_row)
    return cols, colspecs, heads, fixed


def _no_empty_span_paragraph(k_table: Any, o_table: Any) -> Any:
    """A cell holding only a span role keeps an empty paragraph."""
    return _map_entries(k_table, lambda e: (
        e[0], e[1], tuple(t for t in e[2] if t != 'empty-paragraph'), e[3]))


def _drop_phantom_columns(k_table: Any, o_table: Any) -> Any:
    """Columns in which no cell begins exist only because a span asked."""
    cols, colspecs, heads, rows = k_table
    grid = TableGrid.place([[SpanRequest(r, c) for r, c, *_ in row]
                            for row in rows])
    if grid.n_cols == cols:
        return k_table
    widths = [w for w, _ in colspecs]
    merged = grid.merge_columns(widths)
    if len(set(widths)) == 1:
        merged = [100 // grid.n_cols] * grid.n_cols
    stubs = [stub for _, stub in colspecs][:grid.n_cols]
    new_rows = []
    for y, row in enumerate(rows):
        cells = grid.row_cells(y)
        new_rows.append([(r, cell.colspan - 1, tags, text)
                         for (r, _, tags, text), cell
                         in zip(row, cells, strict=True)])
    return (grid.n_cols, list(zip(merged, stubs, strict=True)), heads,
            new_rows)


def _autospan_beside_row_span(k_table: Any, o_table: Any) -> Any:
    """Where a row span from above shortens a row, the kernel's placeholder
    list is misaligned: it appends an empty cell instead of widening the
    row's last cell as documented."""
    cols, colspecs, heads, rows = k_table
    fixed = []
    for row, our_row in zip(rows, o_table[3], strict=False):
        if (len(row) == len(our_row) + 1 and row[-1][2:] == ((), '')
                and len(row) > 1):
            r, c, tags, text = row[-2]
            row = [*row[:-2], (r, c + row[-1][1] + 1, tags, text)]
        fixed.append(row)
    return cols, colspecs, heads, fixed


NORMALISERS: list[tuple[str, Callable[[Any, Any], Any]]] = [
    ('row target copied into every cell by the kernel', _one_target_per_row),
    ('empty paragraph left by a lone span role', _no_empty_span_paragraph),
    ('columns in which no cell begins dropped (warning given)',
     _drop_phantom_columns),
    ('auto-span beside a row span from above', _autospan_beside_row_span),
]
