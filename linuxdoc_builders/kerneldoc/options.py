# SPDX-License-Identifier: GPL-2.0-only
"""A directive's options to a :class:`~.model.Selection`, and its paths.

The precedence is the kernel's (Documentation/sphinx/kerneldoc.py):
``:functions:`` is an old name of ``:identifiers:`` and wins over it;
then the first of ``:export:``, ``:internal:``, ``:doc:``,
``:identifiers:`` present decides; ``:identifiers:`` with no names
means every declaration but no ``DOC:`` section; ``:no-identifiers:``
applies on top of any of them.

Paths are the kernel's too, ``kerneldoc_srctree + '/' + argument``, but
must stay inside the source tree: a directive is not a way to read (or
make the build depend on) any file of the machine.
"""

from __future__ import annotations

import glob
from collections.abc import Mapping
from pathlib import Path

from .model import Mode, Record, Selection, to_script


class Request(Record):
    """What one directive asks for, options resolved."""

    __slots__ = ('export_patterns', 'selection')

    def __init__(self, selection: Selection,
                 export_patterns: tuple[str, ...] = ()) -> None:
        self.selection = selection
        #: ``:export:`` / ``:internal:`` file patterns
        self.export_patterns = export_patterns


def request(options: Mapping[str, str | None]) -> Request:
    """The kernel's reading of a kernel-doc directive's options (names
    and titles as the script reads them, :func:`to_script`; file names
    as they are)."""
    opts = {k: v or '' for k, v in options.items()}
    for name in ('doc', 'functions', 'identifiers', 'no-identifiers'):
        if name in opts:
            opts[name] = to_script(opts[name])
    if 'functions' in opts:
        opts['identifiers'] = opts['functions']
    excluded = frozenset(opts.get('no-identifiers', '').split())
    if 'export' in opts or 'internal' in opts:
        name = 'export' if 'export' in opts else 'internal'
        mode = Mode.EXPORTED if name == 'export' else Mode.INTERNAL
        return Request(Selection(mode, excluded=excluded),
                       tuple(opts[name].split()))
    if 'doc' in opts:
        return Request(Selection(Mode.INCLUDE, frozenset([opts['doc']]),
                                 excluded))
    if 'identifiers' in opts:
        names = frozenset(opts['identifiers'].split())
        if names:
            return Request(Selection(Mode.INCLUDE, names, excluded))
        return Request(Selection(excluded=excluded, no_doc_sections=True))
    return Request(Selection(excluded=excluded))


class OutsideTree(ValueError):
    """A path that would leave the source tree."""


def inside(srctree: Path, relative: str) -> Path:
    """``srctree/relative``, resolved, or :class:`OutsideTree`.

    Absolute paths, ``..`` that climb out and symlinks that point out
    are all refused; the check is on the resolved path, so a symlink
    within the tree is fine.
    """
    if not relative or Path(relative).is_absolute():
        raise OutsideTree(relative)
    root = srctree.resolve()
    path = (root / relative).resolve()
    if not path.is_relative_to(root):
        raise OutsideTree(relative)
    return path


def export_files(srctree: Path,
                 patterns: tuple[str, ...]) -> tuple[list[Path], list[str]]:
    """Files the patterns match inside the tree, and refused ones.

    A pattern that is absolute or climbs out is refused whole; a match
    that resolves outside (a symlink) is refused alone.
    """
    found: list[Path] = []
    refused: list[str] = []
    root = srctree.resolve()
    for pattern in patterns:
        if Path(pattern).is_absolute() or '..' in Path(pattern).parts:
            refused.append(pattern)
            continue
        for match in sorted(glob.glob(glob.escape(str(root)) + '/'
                                      + pattern)):
            try:
                found.append(inside(root, str(Path(match).relative_to(
                    root))))
            except OutsideTree:
                refused.append(match)
    return found, refused
