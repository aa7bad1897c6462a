# SPDX-License-Identifier: GPL-2.0-only
"""Sphinx's messages about kernel-doc declarations name their C file.

The reST a ``kernel-doc`` directive generates carries the C file's line
numbers, as the kernel's directive does, so a message at a generated
node reads ``index.rst:24: drivers/demo/core.c:120: WARNING: ...``.  But
the C domain's "Duplicate C declaration, also defined at %s:%s" names
the other declaration by its document and that line: ``also defined at
driver-api/core:120``, the C line with the ``.rst`` name.  Here each
directive records which C lines of which file its document holds
(:func:`note_origin`, kept in the environment, merged from ``-j``
workers), and a filter on Sphinx's warning handlers rewrites that
location as ``drivers/demo/core.c:120 (in driver-api/core)``, and the
message's own location too where Sphinx gives it as such a pair (when
it merges the declarations of ``-j`` workers).
"""

from __future__ import annotations

import logging
import re
from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    from sphinx.application import Sphinx
    from sphinx.environment import BuildEnvironment

#: What a document's directives rendered: (C file, first line, last line)
#: by document name, in the environment under this name.
ORIGINS = 'linuxdoc_kerneldoc_origins'

_ALSO_DEFINED = re.compile(r'(also defined at )(?P<doc>[^\s:]+):(?P<line>\d+)'
                           r'(?=\.)')


def note_origin(env: BuildEnvironment, path: str, first: int,
                last: int) -> None:
    """Record that the current document holds lines ``first`` to
    ``last`` of C file ``path`` (as the directive names it)."""
    if not hasattr(env, ORIGINS):
        setattr(env, ORIGINS, {})
    getattr(env, ORIGINS).setdefault(env.docname, []).append(
        (path, first, last))


def origin(env: BuildEnvironment, docname: str, line: int) -> str | None:
    """The C file whose ``line`` document ``docname`` rendered, if one
    of its directives did."""
    origins = getattr(env, ORIGINS, {})
    return next((path for path, first, last in origins.get(docname, [])
                 if first <= line <= last), None)


class _NamedOrigins(logging.Filter):
    """Rewrites "also defined at DOC:LINE" where DOC's LINE came from a
    C file."""

    def __init__(self, app: Sphinx) -> None:
        super().__init__()
        self.app = app

    def filter(self, record: logging.LogRecord) -> bool:
        env = getattr(self.app, 'env', None)
        if env is None or 'also defined at' not in str(record.msg):
            return True
        # merging -j workers' declarations, Sphinx locates the message at
        # (document, line) too
        location = getattr(record, 'location', None)
        if isinstance(location, tuple) and len(location) == 2 and \
                isinstance(location[1], int):
            path = origin(env, str(location[0]), location[1])
            if path is not None:
                record.location = f'{path}:{location[1]} (in {location[0]})'

        message = str(record.msg) % record.args if record.args \
            else str(record.msg)

        def named(match: re.Match[str]) -> str:
            path = origin(env, match['doc'], int(match['line']))
            if path is None:
                return match[0]
            return f'{match[1]}{path}:{match["line"]} (in {match["doc"]})'

        rewritten = _ALSO_DEFINED.sub(named, message)
        if rewritten != message:
            record.msg, record.args = rewritten, ()
        return True


def _install(app: Sphinx) -> None:
    """The filter on every handler of Sphinx's logger, first: Sphinx's
    own filters put the location into the message."""
    named = _NamedOrigins(app)
    for handler in logging.getLogger('sphinx').handlers:
        handler.filters.insert(0, named)


def _purge(app: Sphinx, env: BuildEnvironment, docname: str) -> None:
    getattr(env, ORIGINS, {}).pop(docname, None)


def _merge(app: Sphinx, env: BuildEnvironment, docnames: Any,
           other: BuildEnvironment) -> None:
    theirs = getattr(other, ORIGINS, {})
    if not hasattr(env, ORIGINS):
        setattr(env, ORIGINS, {})
    ours = getattr(env, ORIGINS)
    for docname in docnames:
        if docname in theirs:
            ours[docname] = theirs[docname]


def setup_origins(app: Sphinx) -> None:
    """Connect the record and the filter (from the directive's setup)."""
    app.connect('builder-inited', _install)
    app.connect('env-purge-doc', _purge)
    app.connect('env-merge-info', _merge)
