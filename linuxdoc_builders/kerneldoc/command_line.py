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

import os
import re
from collections.abc import Mapping

from .cache import parsed_file
from .model import (
    Mode,
    ParsedFile,
    Record,
    Selection,
    to_script,
    to_text,
)
from .rest import render


def _parsed(path: str) -> ParsedFile | None:
    """The file's parse, from this process's cache when unchanged."""
    try:
        return parsed_file(os.path.realpath(path))
    except OSError:
        return None


def sphinx_major(version: str) -> int:
    match = re.match(r'(\d+)', version)
    return int(match[1]) if match else 1


#: What the script prints when no ``sphinx-build`` is on ``PATH``.
NO_SPHINX = ('Warning: Sphinx version not found. Using default (Sphinx '
             'version 1.2.0)\n')

#: The version lines of ``sphinx-build --version`` the script reads
#: (Sphinx 1.2 printed the second form).
_VERSION_LINES = (re.compile(r'\s*sphinx-build\s+(\d+)\.[\d.]+'
                             r'(\+/[\da-f]+)?$'),
                  re.compile(r'\s*Sphinx.*\s+(\d+)\.[\d.]+$'))


def installed_sphinx_major() -> int | None:
    """The major version ``sphinx-build --version`` (or
    ``sphinx-build3``) prints, as the script asks it when given no
    ``-sphinx-version``; None when neither is on ``PATH``.  (Imported
    here: a command line with ``-sphinx-version``, as every directive's,
    starts without them.)"""
    import shutil
    import subprocess
    command = shutil.which('sphinx-build') or shutil.which('sphinx-build3')
    if command is None:
        return None
    try:
        answer = subprocess.run([command, '--version'], capture_output=True,
                                text=True, check=False, timeout=60)
    except (OSError, subprocess.SubprocessError):
        return 1
    for line in (answer.stdout + answer.stderr).splitlines():
        for pattern in _VERSION_LINES:
            match = pattern.match(line)
            if match:
                return int(match[1])
    # the script leaves its version unset: the oldest dialect
    return 1


def werror(environ: Mapping[str, str]) -> bool:
    """Whether the environment makes warnings errors, as the script
    reads it: ``-Werror`` in ``KCFLAGS``, then ``KDOC_WERROR`` (its
    Perl truth: set, not empty, not "0")."""
    on = bool(re.search(r'(\s|^)-Werror(\s|$)', environ.get('KCFLAGS', '')))
    if 'KDOC_WERROR' in environ:
        on = environ['KDOC_WERROR'] not in ('', '0')
    return on


class Arguments(Record):
    """The script's command line, read."""

    __slots__ = (
        'export_files',
        'files',
        'lineno',
        'major',
        'selection',
        'werror',
    )

    def __init__(self, selection: Selection, export_files: list[str],
                 files: list[str], lineno: bool, major: int | None,
                 werror: bool) -> None:
        self.selection = selection
        self.export_files = export_files
        self.files = files
        self.lineno = lineno
        #: None: not given (the script asks sphinx-build)
        self.major = major
        self.werror = werror


def read_arguments(argv: list[str],
                   environ: Mapping[str, str]) -> Arguments:
    """The options the harness passes, as the script reads them."""
    mode = Mode.ALL
    symbols: set[str] = set()
    excluded: set[str] = set()
    export_files: list[str] = []
    no_doc_sections = lineno = False
    major: int | None = None
    warnings_are_errors = werror(environ)
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
        elif option == 'Werror':
            warnings_are_errors = True
    return Arguments(Selection(mode, frozenset(symbols), frozenset(excluded),
                               no_doc_sections),
                     export_files, args, lineno, major, warnings_are_errors)


def run(argv: list[str], environ: Mapping[str, str] | None = None
        ) -> tuple[str, str, int]:
    """The script's (stdout, stderr, exit status) for these arguments,
    in ``environ`` (this process's environment by default)."""
    given = read_arguments(argv, os.environ if environ is None else environ)
    selection, args, lineno = given.selection, given.files, given.lineno
    mode, export_files, major = (selection.mode, given.export_files,
                                 given.major)
    stdout: list[str] = []
    stderr: list[str] = []
    if major is None:
        major = installed_sphinx_major()
        if major is None:
            stderr.append(NO_SPHINX)
            major = 1
    errors = warnings = 0
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
            warnings += not message.error
            stderr.append(f'{path}:{message.line}: {severity}: '
                          f'{message.text}')
    status = errors
    if given.werror and warnings:
        stderr.append(f'{warnings} warnings as Errors\n')
        status = warnings
    return (to_text(''.join(stdout)), to_text(''.join(stderr)),
            status % 256)
