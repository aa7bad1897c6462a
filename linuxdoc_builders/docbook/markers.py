# SPDX-License-Identifier: GPL-2.0-only
"""The kernel's DocBook template markers as ``kernel-doc`` directives.

The kernel's ``Documentation/DocBook/*.tmpl`` files held lines that its
``docproc`` tool replaced by kernel-doc's output before DocBook saw them:

* ``!E<file>``: the file's exported functions (``:export:``), the
  exports also looked up in the files ``!D`` named before;
* ``!I<file>``: its functions that are not exported (``:internal:``);
* ``!F<file> name...``: the named functions (``:functions:``);
* ``!P<file> title``: the ``DOC:`` section of that title (``:doc:``);
* ``!D<file>``: a further file whose ``EXPORT_SYMBOL``\\ s count for the
  ``!E`` markers after it;
* ``!C<file>``: nothing, only docproc's check that everything documented
  in the file was used; kept as a comment.

:func:`marker_lines` turns text that holds only such lines (and blank
ones) into the directives; any other ``!X`` line is reported with its
line number and kept as text.
"""

from __future__ import annotations

import re

_MARKER = re.compile(r'^!([A-Za-z])(\S+)[ \t]*(.*)$')


def marker_lines(text: str, first_line: int, exports: list[str]
                 ) -> tuple[list[str], list[tuple[int, str]]] | None:
    """The directives for ``text`` and the messages about it (line,
    text), if all its lines are markers (or blank), else None;
    ``exports`` collects the ``!D`` files."""
    lines = text.splitlines()
    if not any(_MARKER.match(line.strip()) for line in lines) or not all(
            _MARKER.match(line.strip()) or not line.strip()
            for line in lines):
        return None
    out: list[str] = []
    messages: list[tuple[int, str]] = []
    for number, raw in enumerate(lines):
        match = _MARKER.match(raw.strip())
        if match is None:
            continue
        kind, path, rest = match[1], match[2], ' '.join(match[3].split())
        where = first_line + number
        if kind == 'D':
            exports.append(path)
            continue
        if kind == 'C':
            out += [f'.. docproc !C{path}: nothing to print', '']
            continue
        option = {'E': ':export:', 'I': ':internal:'}.get(kind)
        if kind == 'F':
            option = f':functions: {rest}'
        elif kind == 'P':
            option = f':doc: {rest}'
        if option is None or (kind in 'FP' and not rest):
            messages.append((where, 'unknown or incomplete kernel template '
                             f'marker {raw.strip()!r}: kept as text'))
            out += [f'``{raw.strip()}``', '']
            continue
        if kind == 'E' and exports:
            option += ' ' + ' '.join(exports)
        out += [f'.. kernel-doc:: {path}', f'   {option}', '']
    return out, messages
