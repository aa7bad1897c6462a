# SPDX-License-Identifier: GPL-2.0-only
"""Tables with impossible geometry, as other directives can hand them over.

``hand-made-table`` builds docutils table nodes straight from its content,
with no checks: one line per row, cells separated by ``|``, each cell
``text`` or ``text@MOREROWS,MORECOLS`` (the values are stored as written,
junk included).
"""

from typing import ClassVar

from docutils import nodes
from docutils.parsers.rst import Directive, directives

extensions = ['linuxdoc_builders']
project = 'impossible geometry'


class HandMadeTable(Directive):
    has_content = True
    option_spec: ClassVar[dict] = {
        'cols': directives.positive_int,
        'header-rows': directives.nonnegative_int,
        'stub-columns': directives.nonnegative_int}

    def run(self):
        cols = self.options['cols']
        stubs = self.options.get('stub-columns', 0)
        table = nodes.table()
        table.source, table.line = \
            self.state_machine.get_source_and_line(self.lineno)
        tgroup = nodes.tgroup(cols=cols)
        table += tgroup
        for x in range(cols):
            colspec = nodes.colspec(colwidth=1)
            if x < stubs:
                colspec['stub'] = 1
            tgroup += colspec
        head = nodes.thead()
        body = nodes.tbody()
        for y, line in enumerate(self.content):
            row = nodes.row()
            for text in line.split('|'):
                text, _, spans = text.strip().partition('@')
                entry = nodes.entry()
                if spans:
                    entry['morerows'], entry['morecols'] = spans.split(',')
                entry += nodes.paragraph(text=text)
                row += entry
            part = head if y < self.options.get('header-rows', 0) else body
            part += row
        if len(head):
            tgroup += head
        tgroup += body
        return [table]


def setup(app):
    app.add_directive('hand-made-table', HandMadeTable)
