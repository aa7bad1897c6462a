# SPDX-License-Identifier: GPL-2.0-only
"""Parse reST with our flat-table under plain docutils, collecting messages.

Fast enough for property tests that parse thousands of tables.
"""

from __future__ import annotations

import contextlib
import logging
from typing import TYPE_CHECKING

from docutils.core import publish_doctree
from docutils.parsers.rst import directives, roles
from linuxdoc_builders.directives import flat_table

if TYPE_CHECKING:
    from collections.abc import Iterator

    from docutils import nodes


class _Collect(logging.Handler):
    def __init__(self) -> None:
        super().__init__()
        self.records: list[logging.LogRecord] = []

    def emit(self, record: logging.LogRecord) -> None:
        self.records.append(record)


@contextlib.contextmanager
def our_flat_table() -> Iterator[None]:
    """Register our directive and roles with docutils for the duration."""
    directives.register_directive('flat-table', flat_table.FlatTable)
    for name in ('cspan', 'rspan'):
        roles.register_local_role(name, flat_table.span_role)
    try:
        yield
    finally:
        directives._directives.pop('flat-table', None)
        for name in ('cspan', 'rspan'):
            roles._roles.pop(name, None)


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
