# SPDX-License-Identifier: GPL-2.0-only
"""One table repair for every builder.

Tables reach the writers from many directives, and from extensions that
build table nodes by hand: some hold impossible geometry (overlapping,
negative or junk spans, spans past the table, rows too long).  Each writer
reacts in its own way: the text, epub and texinfo writers stop with a
traceback, LaTeX asserts, HTML writes invalid tables, XML says nothing.

:class:`RepairTables` is a post-transform with no builder filter, so it
runs on every doctree any builder writes (Sphinx applies post-transforms
in ``get_and_resolve_doctree`` and in the builders that assemble one
doctree from several, such as LaTeX, texinfo, man, singlehtml and
rst2pdf).  It reads each ``tgroup`` into the table grid, warns once per
problem at the table's file and line (type ``linuxdoc``, subtype
``table``, quoting the text of any cell it has to leave out), and writes
the repaired geometry back.  The translators then only render.

Some builders resolve one document more than once (epub, for its table
of contents; LaTeX, for a document two books list): a problem is
reported once per build all the same.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from docutils import nodes
from sphinx.locale import __
from sphinx.transforms.post_transforms import SphinxPostTransform
from sphinx.util import logging

from linuxdoc_builders import __version__
from linuxdoc_builders.table_messages import REPAIR_MESSAGES
from linuxdoc_builders.table_nodes import PlacedTGroup
from linuxdoc_builders.tablegrid import Repair

if TYPE_CHECKING:
    from sphinx.application import Sphinx
    from sphinx.environment import BuildEnvironment

logger = logging.getLogger(__name__)

#: What this build has reported: (source, line, message).  Post-transforms
#: run in the main process, also with ``-j``.
_reported: set[tuple[str, int, str]] = set()


class RepairTables(SphinxPostTransform):
    """Repair and report the geometry of every table, for every builder."""

    # before Sphinx's own post-transforms, which may look into tables
    default_priority = 5

    def run(self, **kwargs: Any) -> None:
        for tgroup in self.document.findall(nodes.tgroup):
            repair(tgroup)


def repair(tgroup: nodes.Element) -> PlacedTGroup:
    """Read ``tgroup`` into the grid, warn about what had to be repaired,
    and write the repair back.

    The post-transform has done this for every table by the time a
    translator runs, so there the call finds nothing to report; it is
    what a translator calls to ask the grid, and it keeps a table added
    after the post-transforms (by a ``doctree-resolved`` handler) from
    reaching a writer unrepaired.
    """
    placed = PlacedTGroup.read(tgroup)
    _report(placed)
    placed.write_back()
    return placed


def _report(placed: PlacedTGroup) -> None:
    """Warn about geometry the grid had to repair, at the table's source.

    Flat-tables never get here with problems (the directive repairs its
    own spans, in its own words); these come from hand-made doctrees and
    other directives.
    """
    grid = placed.grid
    tgroup = placed.tgroup
    table = tgroup.parent if tgroup.parent is not None else tgroup
    for problem in grid.problems:
        where = __('table row %d, entry %d: ') % (problem.source_row + 1,
                                                  problem.source_index + 1)
        if problem.repair is Repair.NO_ROOM:
            content = ' '.join(placed.source_entry(problem).astext().split())
            text = where + __('no column is left for it in %d columns; '
                              'its content %r is left out') % (
                grid.n_cols, content)
        else:
            name = 'morerows' if problem.axis == 'rows' else 'morecols'
            text = where + (REPAIR_MESSAGES[problem.repair] % (
                name, problem.requested)) + __('; reduced to %d') % (
                problem.granted)
        key = (str(table.source), table.line or 0, text)
        if key in _reported:
            continue
        _reported.add(key)
        logger.warning(text, location=table, type='linuxdoc',
                       subtype='table')


def _new_build(app: Sphinx, env: BuildEnvironment) -> None:
    """Forget what earlier builds in this process reported."""
    _reported.clear()


def setup(app: Sphinx) -> dict[str, Any]:
    """Register the table repair for every builder."""
    app.add_post_transform(RepairTables)
    app.connect('env-updated', _new_build)
    return {'version': __version__, 'parallel_read_safe': True,
            'parallel_write_safe': True}
