# SPDX-License-Identifier: GPL-2.0-only
"""Parse reST with our flat-table under plain docutils, collecting messages.

Fast enough for property tests that parse thousands of tables.
"""

from __future__ import annotations

import contextlib
import logging
from typing import TYPE_CHECKING, Any

from docutils.core import publish_doctree
from docutils.parsers.rst import directives, roles
from linuxdoc_builders.directives import flat_table

if TYPE_CHECKING:
    from collections.abc import Callable, Iterator

    from docutils import nodes


class _Collect(logging.Handler):
    def __init__(self) -> None:
        super().__init__()
        self.records: list[logging.LogRecord] = []

    def emit(self, record: logging.LogRecord) -> None:
        self.records.append(record)


@contextlib.contextmanager
def registered(directive: type, cspan: Callable[..., Any],
               rspan: Callable[..., Any]) -> Iterator[None]:
    """Register a flat-table implementation with docutils for the duration,
    restoring whatever was registered before."""
    saved_directive = directives._directives.get('flat-table')
    saved_roles = {n: roles._roles.get(n) for n in ('cspan', 'rspan')}
    directives.register_directive('flat-table', directive)
    roles.register_local_role('cspan', cspan)
    roles.register_local_role('rspan', rspan)
    try:
        yield
    finally:
        directives._directives.pop('flat-table', None)
        if saved_directive:
            directives._directives['flat-table'] = saved_directive
        for name, saved in saved_roles.items():
            roles._roles.pop(name, None)
            if saved:
                roles._roles[name] = saved


def our_flat_table() -> contextlib.AbstractContextManager[None]:
    """Register our directive and roles with docutils for the duration."""
    return registered(flat_table.FlatTable, flat_table.span_role,
                      flat_table.span_role)


def parse(text: str) -> tuple[nodes.document, list[logging.LogRecord]]:
    """The doctree of ``text`` and every message our code logged."""
    handler = _Collect()
    log = logging.getLogger('sphinx.' + flat_table.__name__)
    log.addHandler(handler)
    log.propagate = False
    try:
        doctree = publish_doctree(text, source_path='table.rst',
                                  settings_overrides={
                                      'report_level': 5, 'halt_level': 5,
                                      'warning_stream': False})
    finally:
        log.removeHandler(handler)
        log.propagate = True
    return doctree, handler.records
