# SPDX-License-Identifier: GPL-2.0-only
"""Our parser behind the kernel script's command line.

``run(['-rst', '-enable-lineno', '-export', 'FILE'])`` gives what
``scripts/kernel-doc`` with those arguments would print: its standard
output, its standard error and its exit status.  The comparison harness
(tests/kernel/kerneldoc_compare.py) and the benchmarks call it so the
same arguments reach both implementations; the directive itself uses
:mod:`.source` and :mod:`.rest` directly.
"""

from __future__ import annotations

import re
from pathlib import Path

from .cache import parsed_file
from .model import Mode, ParsedFile, Selection
from .options import to_script
from .rest import render


def _parsed(path: str) -> ParsedFile | None:
    """The file's parse, from this process's cache when unchanged."""
    try:
        return parsed_file(Path(path).resolve())
    except OSError:
        return None


def to_text(script_text: str) -> str:
    """Script-encoded (one char a byte) text back to Unicode."""
    return script_text.encode('latin-1').decode('utf-8', 'replace')


def sphinx_major(version: str) -> int:
    match = re.match(r'(\d+)', version)
    return int(match[1]) if match else 1


def run(argv: list[str]) -> tuple[str, str, int]:
    """The script's (stdout, stderr, exit status) for these arguments."""
    mode = Mode.ALL
    symbols: set[str] = set()
    excluded: set[str] = set()
    export_files: list[str] = []
    no_doc_sections = lineno = False
    major = 1
    args = list(argv)
    while args and args[0].startswith('-'):
        option = args.pop(0).lstrip('-')
        if option == 'function':
            mode = Mode.INCLUDE
            symbols.add(to_script(args.pop(0)))
        elif option == 'nosymbol':
            excluded.add(to_script(args.pop(0)))
        elif option in ('export', 'internal'):
            mode = Mode.EXPORTED if option == 'export' else Mode.INTERNAL
            symbols.clear()
        elif option == 'export-file':
            export_files.append(args.pop(0))
        elif option == 'no-doc-sections':
            no_doc_sections = True
        elif option == 'enable-lineno':
            lineno = True
        elif option == 'sphinx-version':
            major = sphinx_major(args.pop(0))
    selection = Selection(mode, frozenset(symbols), frozenset(excluded),
                          no_doc_sections)
    stdout: list[str] = []
    stderr: list[str] = []
    errors = 0
    exports: list[str] = []
    if mode in (Mode.EXPORTED, Mode.INTERNAL):
        for path in [*export_files, *args]:
            parsed = _parsed(path)
            if parsed is None:
                stderr.append(f'Error: Cannot open file {path}\n')
                errors += 1
            else:
                exports += parsed.exports
    for path in args:
        parsed = _parsed(path)
        if parsed is None:
            stderr.append(f'Error: Cannot open file {path}\n')
            errors += 1
            continue
        result = render(parsed, selection, exports, major, lineno)
        stdout.append(result.text)
        for message in result.messages:
            severity = 'error' if message.error else 'warning'
            errors += message.error
            stderr.append(f'{path}:{message.line}: {severity}: '
                          f'{message.text}')
    return (to_text(''.join(stdout)), to_text(''.join(stderr)),
            errors % 256)
