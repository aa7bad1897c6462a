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

from enum import Enum

#: Bumped whenever the pickled form changes, so a stale disk cache is
#: ignored rather than misread.
MODEL_VERSION = 2

UNDESCRIBED = '-- undescribed --'


def to_script(text: str) -> str:
    """Unicode as the script reads it: one character a byte of UTF-8.

    The parser works on a C file's bytes as Latin-1 characters, as the
    Perl script does, so the names and titles it is asked for must be
    given the same way: ``:doc: Théorie`` is then found, and a ``—`` in
    a title survives the way back to Unicode.
    """
    return text.encode('utf-8', 'surrogateescape').decode('latin-1')


def to_text(script_text: str) -> str:
    """Script-encoded (one char a byte) text back to Unicode."""
    return script_text.encode('latin-1').decode('utf-8', 'replace')


class Record:
    """Plain data, compared and shown by the fields its ``__slots__`` name.

    Not dataclasses: run as a command (a fresh process per file, as the
    kernel's build calls its script), importing :mod:`dataclasses` (and
    the :mod:`inspect` it pulls in) and generating the classes cost more
    than parsing a typical file does.  Records are not changed after
    they are made, except those the parser fills (:class:`Declaration`,
    :class:`ParsedFile`).
    """

    __slots__: tuple[str, ...] = ()

    def _values(self) -> tuple[object, ...]:
        return tuple(getattr(self, name) for name in self.__slots__)

    def __eq__(self, other: object) -> bool:
        return (isinstance(other, Record) and type(other) is type(self)
                and self._values() == other._values())

    def __hash__(self) -> int:
        return hash(self._values())

    def __repr__(self) -> str:
        fields = ', '.join(f'{name}={getattr(self, name)!r}'
                           for name in self.__slots__)
        return f'{type(self).__name__}({fields})'


class Mode(Enum):
    """Which declarations a directive asks for (the script's -export...)."""

    ALL = 'all'
    INCLUDE = 'include'
    EXPORTED = 'exported'
    INTERNAL = 'internal'


class Selection(Record):
    """The script's output-selection options of one directive."""

    __slots__ = ('excluded', 'mode', 'no_doc_sections', 'symbols')

    def __init__(self, mode: Mode = Mode.ALL,
                 symbols: frozenset[str] = frozenset(),
                 excluded: frozenset[str] = frozenset(),
                 no_doc_sections: bool = False) -> None:
        self.mode = mode
        #: -function names (``:identifiers:``, ``:doc:``)
        self.symbols = symbols
        #: -nosymbol names (``:no-identifiers:``)
        self.excluded = excluded
        self.no_doc_sections = no_doc_sections


class Gate(Record):
    """The script shows some warnings only for selected symbols."""

    __slots__ = ('kind', 'name')

    def __init__(self, kind: str, name: str) -> None:
        self.kind = kind
        self.name = name


class Message(Record):
    """A diagnostic at a line of the source.

    ``text`` is the script's message with its trailing newline(s), so
    that the command-line emulation prints exactly what it printed.
    """

    __slots__ = ('error', 'gate', 'line', 'subtype', 'text')

    def __init__(self, line: int, text: str, subtype: str,
                 error: bool = False, gate: Gate | None = None) -> None:
        self.line = line
        self.text = text
        self.subtype = subtype
        self.error = error
        self.gate = gate


class Lineno(Record):
    """A stray ``.. LINENO`` the script prints before every function."""

    __slots__ = ('line',)

    def __init__(self, line: int) -> None:
        self.line = line


class Declaration(Record):
    """A documented function, macro, struct, union, enum or typedef.

    ``kind`` is how the script dispatches output: ``function`` (also
    function typedefs and macros), ``struct`` (and unions), ``enum``,
    ``typedef``.  Line numbers are those the script would print, taken
    when the declaration ended (it keeps some of them across comments).
    """

    __slots__ = (
        'compound',
        'definition',
        'descriptions',
        'is_macro',
        'is_typedef',
        'kind',
        'name',
        'parameter_lines',
        'parameters',
        'purpose',
        'return_type',
        'section_lines',
        'section_text',
        'sections',
        'start_line',
        'types',
    )

    def __init__(self, kind: str, name: str, purpose: str,
                 start_line: int | None, *,
                 parameters: list[str] | None = None,
                 descriptions: dict[str, str] | None = None,
                 types: dict[str, str] | None = None,
                 parameter_lines: dict[str, int | None] | None = None,
                 sections: list[str] | None = None,
                 section_text: dict[str, str] | None = None,
                 section_lines: dict[str, int | None] | None = None
                 ) -> None:
        self.kind = kind
        self.name = name
        self.purpose = purpose
        self.start_line = start_line
        self.parameters = parameters or []
        self.descriptions = descriptions or {}
        self.types = types or {}
        self.parameter_lines = parameter_lines or {}
        self.sections = sections or []
        self.section_text = section_text or {}
        self.section_lines = section_lines or {}
        self.return_type = ''
        self.is_typedef = False
        self.is_macro = False
        #: struct or union
        self.compound = ''
        self.definition = ''


class DocSection(Record):
    """A ``DOC:`` block; ``title`` is what ``:doc:`` names."""

    __slots__ = ('hidden', 'line', 'text', 'title')

    def __init__(self, title: str, text: str, line: int,
                 hidden: bool = False) -> None:
        self.title = title
        self.text = text
        self.line = line
        #: the script files a title that looks like ``@name`` as a
        #: parameter, and then prints nothing for the block
        self.hidden = hidden


Event = Lineno | Declaration | DocSection | Message


class ParsedFile(Record):
    """Everything kernel-doc needs from one source file."""

    __slots__ = ('events', 'exports')

    def __init__(self, events: list[Event], exports: list[str]) -> None:
        self.events = events
        self.exports = exports
