# SPDX-License-Identifier: GPL-2.0-only
"""Kernel-doc comments read from C source, line by line.

The kernel's script is a state machine over the lines of a file: outside
comments (:attr:`State.NORMAL`), the ``name - purpose`` line after
``/**`` (``NAME``), the comment body (``BODY...``), a ``DOC:`` block
(``DOCBLOCK``), the C code after the comment up to its ``;`` or ``{``
(``PROTO``), and ``/** @member: ... */`` comments inside a struct
(``INLINE``).  This module keeps that machine, state for state, because
where a section starts and ends (and so which line a ``.. LINENO``
names) depends on it.  What to do with the C code is
:mod:`.prototypes`' business.

:func:`parse` turns the bytes of a file into a selection-independent
:class:`~.model.ParsedFile`.
"""

from __future__ import annotations

import re
from enum import Enum

from . import regex as rx
from .model import DocSection, ParsedFile
from .prototypes import PARAM, Prototypes, perl_split

A = rx.ASCII

DOC_START = re.compile(r'/\*\*\s*$', A)
DOC_BLOCK = re.compile(r'\s*\*\s*DOC:\s*(.*)?', A)
DOC_DECL = re.compile(r'\s*\*\s*(\w+)', A)
DOC_SECT = re.compile(
    r'\s*\*\s*\s*(\@[.\w]+|\@\.\.\.|description|context|returns?|notes?|'
    r'examples?)\s*:([^:].*)?$', A | rx.IGNORECASE)
DOC_CONTENT = re.compile(r'\s*\* ?(.*)', A)
DOC_TEXT = re.compile(r'\s*\*\s?\S', A)
INLINE_SECT = re.compile(r'\s*\*\s*(@\s*[\w][\w\.]*\s*):(.*)', A)
INLINE_END = re.compile(r'\s*\*/\s*$', A)
INLINE_ONELINE = re.compile(r'\s*/\*\*\s*(@[\w\s]+):\s*(.*)\s*\*/\s*$', A)
INLINE_START = re.compile(r'\s*/\*\*\s*$', A)
#: the ``name - purpose`` line, for a struct/union/enum/typedef
NAME_PLAIN = re.compile(r'\s*\*\s*([\w\s]+?)(?:\(\w*\))?\s*(?:[-:].*)?$', A)
NAME_TYPE = re.compile(r'(struct|union|enum|typedef)\b\s*(\S*)', A)
#: ... and for a function or macro, possibly ``type * name()``
NAME_FUNCTIONS = (
    re.compile(r'\s*\*\s*(?:\w+\s*\*\s*)?(\w+)\s*(?:\(\w*\))?\s*'
               r'(?:[-:].*)?$', A),
    re.compile(r'\s*\*\s*(?:\w+\s*\*\s*)?(\w+.*)(?:\(\w*\))?\s*(?:[-:].*)$',
               A),
)
EXPORT_SYMBOL = (
    re.compile(r'\s*EXPORT_SYMBOL(_GPL)?\s*\(\s*(\w+)\s*\)\s*;', A),
    re.compile(r'\s*EXPORT_SYMBOL_NS(_GPL)?\s*\(\s*(\w+)\s*,\s*\w+\)\s*;',
               A),
)
CONTINUED = re.compile(r'\\\s*$', A)
TABS = re.compile(r'\t+')


class State(Enum):
    NORMAL = 0
    NAME = 1
    BODY_MAYBE = 2
    BODY = 3
    BODY_WITH_BLANK_LINE = 4
    PROTO = 5
    DOCBLOCK = 6
    INLINE = 7


_NORMAL = State.NORMAL


class Inline(Enum):
    """Where in a ``/** @member: ... */`` comment inside a struct."""

    NA = 0
    NAME = 1
    TEXT = 2
    ERROR = 4


def source_lines(text: str) -> list[str]:
    """The file as Perl's ``<FILE>`` reads it: split at ``\\n`` only."""
    lines = [line + '\n' for line in text.split('\n')]
    if lines[-1] == '\n':
        lines.pop()
    else:
        lines[-1] = lines[-1][:-1]
    return lines


def expand_tabs(line: str) -> str:
    """Tabs to spaces, stops every 8 columns (counted in bytes)."""
    while '\t' in line:
        match = TABS.search(line)
        assert match is not None
        width = len(match[0]) * 8 - match.start() % 8
        line = line[:match.start()] + ' ' * width + line[match.end():]
    return line


def exported_symbols(text: str) -> list[str]:
    """Names of ``EXPORT_SYMBOL*()`` lines, in file order."""
    found: list[str] = []
    if 'EXPORT_SYMBOL' not in text:
        return found
    for line in source_lines(text):
        if 'EXPORT_SYMBOL' not in line:
            continue
        for pattern in EXPORT_SYMBOL:
            match = pattern.match(line)
            if match:
                found.append(match[2])
    return found


def parse(data: bytes) -> ParsedFile:
    """The kernel-doc content of a source file's bytes."""
    text = data.decode('latin-1')
    parser = _Parser()
    parser.run(source_lines(text))
    return ParsedFile(parser.events, exported_symbols(text))


class _Parser(Prototypes):
    _contents: list[str]

    def __init__(self) -> None:
        super().__init__()
        self.state = State.NORMAL
        self.inline = Inline.NA
        self.section = 'Description'
        self.contents = ''
        self.leading_space: str | None = None
        self.brcount = 0

    @property
    def contents(self) -> str:
        """The text of the section being read.  It is kept in pieces and
        joined when read (rarely: at a section's end), so a paragraph of
        thousands of lines is not copied at each line."""
        if len(self._contents) != 1:
            self._contents = [''.join(self._contents)]
        return self._contents[0]

    @contents.setter
    def contents(self, text: str) -> None:
        self._contents = [text]

    def reset(self) -> None:
        super().reset()
        self.state = State.NORMAL
        self.inline = Inline.NA

    def run(self, lines: list[str]) -> None:
        index = 0
        count = len(lines)
        while index < count:
            line = lines[index]
            index += 1
            while '\\' in line and not line.startswith(' *'):
                match = CONTINUED.search(line)
                if not match:
                    break
                line = line[:match.start()]
                if index < count:
                    line += lines[index]
                    index += 1
            self.line = index
            if self.state is _NORMAL:
                # most lines are code: no tab expansion needed to see
                # that they do not open a comment
                if line.startswith('/**') and DOC_START.match(line):
                    self.state = State.NAME
                    self.declaration_start_line = index + 1
                continue
            self.step(expand_tabs(line) if '\t' in line else line)

    def step(self, line: str) -> None:
        if self.state is State.NORMAL:
            if DOC_START.match(line):
                self.state = State.NAME
                self.declaration_start_line = self.line + 1
        elif self.state is State.NAME:
            self.process_name(line)
        elif self.state in (State.BODY, State.BODY_MAYBE,
                            State.BODY_WITH_BLANK_LINE):
            self.process_body(line)
        elif self.state is State.INLINE:
            self.process_inline(line)
        elif self.state is State.PROTO:
            self.process_proto(line)
        else:
            self.process_docblock(line)

    def process_name(self, line: str) -> None:
        """The line after ``/**``: ``DOC: title`` or ``name - purpose``."""
        block = DOC_BLOCK.search(line)
        if block:
            self.state = State.DOCBLOCK
            self.contents = ''
            self.new_start_line = self.line
            self.section = block[1] or 'Introduction'
            return
        decl = DOC_DECL.search(line)
        if not decl:
            self.warn(f'Cannot understand {line} on line {self.line} - '
                      'I thought it was a doc line\n', 'bad-comment')
            self.state = State.NORMAL
            return
        self.identifier = decl[1]
        is_kernel_comment = False
        plain = NAME_PLAIN.match(line)
        if plain:
            self.identifier = plain[1]
        typed = NAME_TYPE.match(self.identifier)
        if typed:
            self.decl_type = typed[1]
            self.identifier = typed[2]
            is_kernel_comment = True
        else:
            function = (NAME_FUNCTIONS[0].match(line)
                        or NAME_FUNCTIONS[1].match(line))
            if function:
                self.identifier = rx.sub(r'^define\s+', '', function[1],
                                         count=1, flags=A)
                self.decl_type = 'function'
                is_kernel_comment = True
        self.identifier = rx.sub(r'\s+$', '', self.identifier, count=1,
                                 flags=A)
        self.state = State.BODY
        self.contents = ''
        self.section = 'Description'
        self.new_start_line = self.line + 1
        purpose = rx.search(r'[-:](.*)', line, A)
        if purpose:
            text = rx.sub(r'^\s*', '', purpose[1], count=1, flags=A)
            text = rx.sub(r'\s*$', '', text, count=1, flags=A)
            self.purpose = rx.sub(r'\s+', ' ', text, flags=A)
            self.state = State.BODY_MAYBE
        else:
            self.purpose = ''
        if not is_kernel_comment:
            self.warn("This comment starts with '/**', but isn't a "
                      'kernel-doc comment. Refer '
                      f'Documentation/doc-guide/kernel-doc.rst\n{line}',
                      'not-kernel-doc')
            self.state = State.NORMAL
        if self.identifier == '' and self.decl_type != 'enum':
            self.warn(f'wrong kernel-doc identifier on line:\n{line}',
                      'bad-identifier')
            self.state = State.NORMAL

    def process_body(self, line: str) -> None:
        """The comment's description, ``@param:`` and named sections."""
        if (self.state is State.BODY_WITH_BLANK_LINE
                and DOC_TEXT.match(line)):
            self.dump_section(self.section, self.contents)
            self.section = 'Description'
            self.new_start_line = self.line
            self.contents = ''
        # the cheap tests first: most lines of a comment are neither
        sect = DOC_SECT.search(line) if ':' in line else None
        if sect:
            self._section_start(sect)
        elif '*/' in line:
            self._comment_end(line)
        else:
            self._body_line(line)

    def _section_start(self, sect: re.Match[str]) -> None:
        """``@param:``, ``Return:``, ``Context:``... starts a section."""
        name = sect[1]
        lowered = name.lower()
        if lowered == 'description':
            name = 'Description'
        elif lowered == 'context':
            name = 'Context'
        elif lowered in ('return', 'returns') or name == '@return':
            name = 'Return'
        if self.contents not in ('', '\n'):
            self.dump_section(self.section, self.contents)
            self.section = 'Description'
        self.state = State.BODY
        self.contents = (sect[2] or '').lstrip(' ')
        self.new_start_line = self.line
        if self.contents:
            self.contents += '\n'
        self.section = name
        self.leading_space = None

    def _comment_end(self, line: str) -> None:
        """``*/``: what follows is the C code the comment documents."""
        if self.contents not in ('', '\n'):
            self.dump_section(self.section, self.contents)
            self.section = 'Description'
            self.contents = ''
        if rx.search(r'\s*\*\s*[a-zA-Z_0-9:\.]+\*/', line, A):
            self.warn(f'suspicious ending line: {line}',
                      'suspicious-end')
        self.prototype = ''
        self.state = State.PROTO
        self.brcount = 0
        self.new_start_line = self.line + 1

    def _body_line(self, line: str) -> None:
        content = DOC_CONTENT.search(line)
        if not content:
            self.warn(f'bad line: {line}', 'bad-line')
        elif content[1] == '':
            self._blank_line()
        elif self.state is State.BODY_MAYBE:
            self.purpose = rx.sub(r'\s+', ' ',
                                  self.purpose.removesuffix('\n')
                                  + ' ' + content[1], flags=A)
        else:
            self._text_line(content[1])

    def _blank_line(self) -> None:
        """A blank line ends a Context section, and may end others."""
        if self.section == 'Context':
            self.dump_section(self.section, self.contents)
            self.section = 'Description'
            self.contents = ''
            self.new_start_line = self.line
            self.state = State.BODY
        else:
            self.state = (State.BODY if self.section == 'Description'
                          else State.BODY_WITH_BLANK_LINE)
            self._contents.append('\n')

    def _text_line(self, text: str) -> None:
        """Body text; a parameter's keeps its indent less the first's."""
        if self.section.startswith('@') or self.section == 'Context':
            if self.leading_space is None:
                space = rx.match(r'(\s+)', text, A)
                self.leading_space = space[1] if space else ''
            if text.startswith(self.leading_space):
                text = text[len(self.leading_space):]
        self._contents.append(text + '\n')

    def process_proto(self, line: str) -> None:
        """The C code after a comment, up to where it ends."""
        oneline = INLINE_ONELINE.match(line)
        if oneline:
            self.section = oneline[1]
            self.contents = oneline[2]
            if self.contents:
                self.contents += '\n'
                self.dump_section(self.section, self.contents)
                self.section = 'Description'
                self.contents = ''
        elif INLINE_START.match(line):
            self.state = State.INLINE
            self.inline = Inline.NAME
        elif self.decl_type == 'function':
            self.proto_function(line)
        else:
            self.proto_type(line)

    def proto_function(self, line: str) -> None:
        line = rx.sub(r'//.*$', '', line, flags=A | rx.DOTALL)
        if not (line.startswith('#') and not rx.match(r'#\s*define', line,
                                                      A)):
            self.prototype += rx.match(r'[^\{]*', line)[0]  # type: ignore[index]
        if '{' in line or ';' in line or rx.search(r'\#\s*define', line, A):
            proto = rx.sub(r'/\*.*?\*/', '', self.prototype,
                           flags=A | rx.DOTALL)
            proto = rx.sub(r'[\r\n]+', ' ', proto)
            proto = rx.sub(r'^\s+', '', proto, flags=A)
            proto = rx.sub(r'^(\S+\s+)\(\s*\*(\S+)\)', r'\1\2', proto,
                           flags=A)
            if 'SYSCALL_DEFINE' in proto:
                proto = _syscall(proto)
            if ('TRACE_EVENT' in proto or 'DEFINE_EVENT' in proto
                    or 'DEFINE_SINGLE_EVENT' in proto):
                proto = self._tracepoint(proto)
            self.dump_function(proto)
            self.reset()

    def _tracepoint(self, proto: str) -> str:
        name = args = None
        for pattern, group in ((r'TRACE_EVENT\((.*?),', 1),
                               (r'DEFINE_SINGLE_EVENT\((.*?),', 1),
                               (r'DEFINE_EVENT\((.*?),(.*?),', 2)):
            match = rx.search(pattern, proto, A)
            if match:
                name = match[group]
        if name is not None:
            name = rx.sub(r'^\s+', '', name, count=1, flags=A)
        match = rx.search(r'TP_PROTO\((.*?)\)', proto, A)
        if match:
            args = match[1]
        if name in (None, '0') or args in (None, '0'):
            self.warn(f'Unrecognized tracepoint format: \n{proto}\n',
                      'tracepoint')
            return proto
        self.identifier = 'trace_' + self.identifier
        return f'static inline void trace_{name}({args})'

    def proto_type(self, line: str) -> None:
        line = rx.sub(r'[\r\n]+', ' ', line)
        line = rx.sub(r'^\s+', '', line, flags=A)
        line = rx.sub(r'\s+$', '', line, flags=A)
        line = rx.sub(r'//.*$', '', line, flags=A | rx.DOTALL)
        if line.startswith('#'):
            line += ';'
        while True:
            match = rx.match(r'([^\{\};]*)([\{\};])(.*)', line, A)
            if not match:
                self.prototype += line
                return
            if self.prototype:
                self.prototype += ' '
            self.prototype += match[1] + match[2]
            if match[2] == '{':
                self.brcount += 1
            elif match[2] == '}':
                self.brcount -= 1
            elif self.brcount == 0:
                self.dump_declaration()
                self.reset()
                return
            line = match[3]

    def process_docblock(self, line: str) -> None:
        if '*/' in line:
            self.events.append(DocSection(
                self.section, self.contents, self.new_start_line,
                PARAM.search(self.section) is not None))
            self.section = 'Description'
            self.contents = ''
            self.reset()
            return
        content = DOC_CONTENT.search(line)
        if content:
            self._contents.append((content[1] or '') + '\n')

    def process_inline(self, line: str) -> None:
        """``/** @member: text */`` comments inside a struct body."""
        sect = INLINE_SECT.search(line)
        if self.inline is Inline.NAME and sect:
            self.section = sect[1]
            self.contents = sect[2]
            self.new_start_line = self.line
            if self.contents:
                self.contents = self.contents.lstrip(' ') + '\n'
            self.inline = Inline.TEXT
        elif INLINE_END.match(line):
            if self.contents not in ('', '\n'):
                self.dump_section(self.section, self.contents)
                self.section = 'Description'
                self.contents = ''
            self.state = State.PROTO
            self.inline = Inline.NA
        else:
            content = DOC_CONTENT.search(line)
            if not content:
                return
            if self.inline is Inline.TEXT:
                self.contents += content[1] + '\n'
                if rx.match(r'\s*$', self.contents, A):
                    self.contents = ''
            elif self.inline is Inline.NAME:
                self.inline = Inline.ERROR
                self.warn(f'Incorrect use of kernel-doc format: {line}',
                          'bad-inline')


def _syscall(proto: str) -> str:
    """``SYSCALL_DEFINEn(name, type, arg, ...)`` -> ``long sys_name()``."""
    proto = rx.sub(r'[\r\n]+', ' ', proto)
    void = 'SYSCALL_DEFINE0' in proto
    proto = rx.sub(r'SYSCALL_DEFINE.*\(', 'long sys_', proto, count=1,
                   flags=A)
    if rx.search(r'long (sys_.*?),', proto, A):
        proto = proto.replace(',', '(', 1)
    elif void:
        proto = proto.replace(')', '(void)', 1)
    if void:
        return proto
    parts = proto.split(',')
    out = [parts[0]]
    for index, part in enumerate(parts[1:], 1):
        out.append((' ' if index % 2 else ',') + part)
    return ''.join(out)


__all__ = ['exported_symbols', 'parse', 'perl_split']
