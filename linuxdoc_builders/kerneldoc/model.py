# SPDX-License-Identifier: GPL-2.0-only
"""What one C source holds, independent of what a directive selects.

A source file is parsed once per build (see :mod:`.cache`) into a
:class:`ParsedFile`: the kernel-doc comments in file order as
:class:`Declaration` and :class:`DocSection` events, the diagnostics met
on the way as :class:`Message` events, and the symbols the file exports.
Which of them a directive shows (``:export:``, ``:identifiers:``...) is
decided only when rendering (:mod:`.rest`), so every directive on the
same file shares one parse.

Text is kept as the kernel's script sees it: each byte of the file one
character (latin-1), tabs expanded, so that column arithmetic and
``\\w`` behave as in the Perl script; :mod:`.rest` turns it back into
UTF-8 text at the very end.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from enum import Enum

#: Bumped whenever the pickled form changes, so a stale disk cache is
#: ignored rather than misread.
MODEL_VERSION = 1

UNDESCRIBED = '-- undescribed --'


class Mode(Enum):
    """Which declarations a directive asks for (the script's -export...)."""

    ALL = 'all'
    INCLUDE = 'include'
    EXPORTED = 'exported'
    INTERNAL = 'internal'


@dataclass(frozen=True)
class Selection:
    """The script's output-selection options of one directive."""

    mode: Mode = Mode.ALL
    #: -function names (``:identifiers:``, ``:doc:``)
    symbols: frozenset[str] = frozenset()
    #: -nosymbol names (``:no-identifiers:``)
    excluded: frozenset[str] = frozenset()
    no_doc_sections: bool = False


@dataclass(frozen=True)
class Gate:
    """The script shows some warnings only for selected symbols."""

    kind: str
    name: str


@dataclass(frozen=True)
class Message:
    """A diagnostic at a line of the source.

    ``text`` is the script's message with its trailing newline(s), so
    that the command-line emulation prints exactly what it printed.
    """

    line: int
    text: str
    subtype: str
    error: bool = False
    gate: Gate | None = None


@dataclass(frozen=True)
class Lineno:
    """A stray ``.. LINENO`` the script prints before every function."""

    line: int


@dataclass
class Declaration:
    """A documented function, macro, struct, union, enum or typedef.

    ``kind`` is how the script dispatches output: ``function`` (also
    function typedefs and macros), ``struct`` (and unions), ``enum``,
    ``typedef``.  Line numbers are those the script would print, taken
    when the declaration ended (it keeps some of them across comments).
    """

    kind: str
    name: str
    purpose: str
    start_line: int | None
    parameters: list[str] = field(default_factory=list)
    descriptions: dict[str, str] = field(default_factory=dict)
    types: dict[str, str] = field(default_factory=dict)
    parameter_lines: dict[str, int | None] = field(default_factory=dict)
    sections: list[str] = field(default_factory=list)
    section_text: dict[str, str] = field(default_factory=dict)
    section_lines: dict[str, int | None] = field(default_factory=dict)
    return_type: str = ''
    is_typedef: bool = False
    is_macro: bool = False
    #: struct or union
    compound: str = ''
    definition: str = ''


@dataclass(frozen=True)
class DocSection:
    """A ``DOC:`` block; ``title`` is what ``:doc:`` names."""

    title: str
    text: str
    line: int
    #: the script files a title that looks like ``@name`` as a
    #: parameter, and then prints nothing for the block
    hidden: bool = False


Event = Lineno | Declaration | DocSection | Message


@dataclass
class ParsedFile:
    """Everything kernel-doc needs from one source file."""

    events: list[Event] = field(default_factory=list)
    exports: list[str] = field(default_factory=list)
