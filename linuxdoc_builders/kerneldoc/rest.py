# SPDX-License-Identifier: GPL-2.0-only
"""The reST a directive gets: what the kernel's script prints with
``-rst -enable-lineno``.

:func:`render` walks a :class:`~.model.ParsedFile` with one directive's
:class:`~.model.Selection` and writes the C-domain directives
(``.. c:function::``, ``.. c:struct::``...), the ``**Parameters**`` /
``**Members**`` / ``**Constants**`` blocks, the highlighted text
(``%CONST``, ``@param``, ``&struct name``, ``func()``) and the ``..
LINENO N`` lines that map each block back to the C file, plus the
diagnostics the script would print for that selection.
"""

from __future__ import annotations

import re
from collections.abc import Iterable

from . import regex as rx
from .model import (
    UNDESCRIBED,
    Declaration,
    DocSection,
    Lineno,
    Message,
    Mode,
    ParsedFile,
    Record,
    Selection,
)
from .prototypes import perl_split, perl_true

A = rx.ASCII
_MEMBER = r'\&([_\w]+)(\.|->)([_\w]+)'
#: The script's highlights, applied in this order to text outside
#: literal blocks, each with the character its matches contain (text
#: without it is left alone, which spares most of the work).  The
#: script's ````x```` and ``f()`` rules rewrite a match to itself and
#: are left out.
HIGHLIGHTS = tuple((sigil, re.compile(p, A), r) for sigil, p, r in (
    ('%', r'\%([-_*\w]+)', r'``\1``'),
    ('&', _MEMBER + r'\(\)', r':c:type:`\1\2\3\\(\\) <\1>`'),
    ('&', _MEMBER, r':c:type:`\1\2\3 <\1>`'),
    ('@', r'\@(\w+)\(\)', r'**\1\\(\\)**'),
    ('@', r'\@(\w+->\S+)\(\)', r'**\1\\(\\)**'),
    ('&', r'\&(enum\s*([_\w]+))', r':c:type:`\1 <\2>`'),
    ('&', r'\&(struct\s*([_\w]+))', r':c:type:`\1 <\2>`'),
    ('&', r'\&(typedef\s*([_\w]+))', r':c:type:`\1 <\2>`'),
    ('&', r'\&(union\s*([_\w]+))', r':c:type:`\1 <\2>`'),
    ('&', r'\&([_\w]+)', r':c:type:`\1`'),
    ('@', r'([\!~\*]?)\@(\w*((\.\w+)|(->\w+))*(\.\.\.)?)', r'**\1\2**'),
))
LITERAL = re.compile(r'[^.].*::$', A)
CODE_BLOCK = re.compile(r'\.\.\ +code-block::', A)
FUNCTION_POINTER = re.compile(r'([^\(]*\(\*)\s*\)\s*\(([^\)]*)\)', A)


class Rendered(Record):
    """One directive's output: reST (script-encoded) and diagnostics."""

    __slots__ = ('messages', 'text', 'written')

    def __init__(self, text: str) -> None:
        self.text = text
        self.messages: list[Message] = []
        #: declarations and DOC sections written (the script's counter)
        self.written = 0


def highlight(text: str) -> str:
    for sigil, pattern, replacement in HIGHLIGHTS:
        if sigil in text:
            text = pattern.sub(replacement, text)
    return text


class _Writer:
    def __init__(self, selection: Selection, table: frozenset[str],
                 sphinx_major: int, lineno: bool) -> None:
        self.selection = selection
        self.table = table
        self.sphinx_major = sphinx_major
        self.lineno = lineno
        self.out: list[str] = []
        self.prefix = ''

    def print_lineno(self, line: int | None) -> None:
        if self.lineno and line is not None:
            self.out.append(f'.. LINENO {line}\n')

    def highlighted(self, text: str | None) -> None:
        """The script's ``output_highlight_rst``: literal blocks kept."""
        output = []
        block: list[str] = []
        in_literal = False
        literal_prefix: str | None = None
        for line in perl_split('\n', text or ''):
            if in_literal:
                if line.strip(' \t\n\r\f\v'):
                    if literal_prefix is None:
                        literal_prefix = line[:len(line) - len(
                            line.lstrip(' \t\n\r\f\v'))]
                        output.append(line + '\n')
                    elif not line.startswith(literal_prefix):
                        in_literal = False
                    else:
                        output.append(line + '\n')
                else:
                    output.append(line + '\n')
            if not in_literal:
                block.append(line + '\n')
                if LITERAL.match(line) or CODE_BLOCK.match(line):
                    in_literal = True
                    literal_prefix = None
                    output.append(highlight(''.join(block)))
                    block = []
        if block:
            output.append(highlight(''.join(block)))
        for line in perl_split('\n', ''.join(output)):
            self.out.append(self.prefix + line + '\n')

    def shows(self, name: str, kind: str) -> bool:
        """The script's ``output_declaration`` test."""
        mode = self.selection.mode
        if name in self.selection.excluded:
            return False
        if mode is Mode.ALL:
            return True
        if mode in (Mode.INCLUDE, Mode.EXPORTED):
            return name in self.table
        return not (kind == 'function' and name in self.table)

    def doc_section(self, doc: DocSection) -> bool:
        sel = self.selection
        if sel.no_doc_sections or doc.title in sel.excluded:
            return False
        if not (sel.mode is Mode.ALL or (sel.mode is Mode.INCLUDE
                                         and doc.title in self.table)):
            return False
        if doc.hidden:
            return True
        if sel.mode is not Mode.INCLUDE:
            self.out.append(f'.. _{doc.title}:\n\n**{doc.title}**\n\n')
        self.print_lineno(doc.line)
        self.highlighted(doc.text)
        self.out.append('\n')
        return True

    def sections(self, decl: Declaration) -> None:
        for section in decl.sections:
            self.out.append(f'{self.prefix}**{section}**\n\n')
            self.print_lineno(decl.section_lines.get(section))
            self.highlighted(decl.section_text.get(section))
            self.out.append('\n')
        self.out.append('\n')

    def function(self, decl: Declaration) -> None:
        old = self.prefix
        signature = '' if decl.is_macro else (
            (decl.return_type + ' ' if perl_true(decl.return_type) else '')
            + decl.name + ' (')
        if decl.is_macro:
            signature = decl.name
        parts = []
        for param in decl.parameters:
            kind = decl.types.get(param, '')
            pointer = FUNCTION_POINTER.search(kind)
            parts.append(f'{pointer[1]}{param}) ({pointer[2]})' if pointer
                         else kind)
        signature += ', '.join(parts)
        if not decl.is_macro:
            signature += ')'
        if self.sphinx_major < 3:
            if decl.is_typedef:
                self.out.append(f'.. c:type:: {decl.name}\n\n')
                self._typedef_syntax(decl, signature)
            else:
                self.out.append(f'.. c:function:: {signature}\n\n')
        elif decl.is_typedef or decl.return_type == '':
            self.out.append(f'.. c:macro:: {decl.name}\n\n')
            if decl.is_typedef:
                self._typedef_syntax(decl, signature)
            else:
                self.out.append(f'``{signature}``\n\n')
        else:
            self.out.append(f'.. c:function:: {signature}\n\n')
        if not decl.is_typedef:
            self.print_lineno(decl.start_line)
            self.prefix = '   '
            self.highlighted(decl.purpose)
            self.out.append('\n')
        self.prefix = '  '
        if decl.parameters:
            self.out.append('.. container:: kernelindent\n\n')
            self.out.append(self.prefix + '**Parameters**\n\n')
        for param in decl.parameters:
            name = rx.sub(r'\[.*', '', param, count=1, flags=A)
            kind = decl.types.get(param, '')
            self.out.append(f'{self.prefix}``{kind or param}``\n')
            self.print_lineno(decl.parameter_lines.get(name))
            self.prefix = '    '
            description = decl.descriptions.get(name)
            if description is not None and description != UNDESCRIBED:
                self.highlighted(description)
            else:
                self.out.append(self.prefix + '*undescribed*\n')
            self.prefix = '  '
            self.out.append('\n')
        self.sections(decl)
        self.prefix = old

    def _typedef_syntax(self, decl: Declaration, signature: str) -> None:
        self.print_lineno(decl.start_line)
        self.out.append('   **Typedef**: ')
        self.prefix = ''
        self.highlighted(decl.purpose)
        self.out.append(f'\n\n**Syntax**\n\n  ``{signature}``\n\n')

    def enum(self, decl: Declaration) -> None:
        old = self.prefix
        name = ('enum ' if self.sphinx_major < 3 else '') + decl.name
        directive = 'c:type' if self.sphinx_major < 3 else 'c:enum'
        self.out.append(f'\n\n.. {directive}:: {name}\n\n')
        self.print_lineno(decl.start_line)
        self.prefix = '  '
        self.highlighted(decl.purpose)
        self.out.append('\n.. container:: kernelindent\n\n')
        outer = self.prefix + '  '
        self.prefix = outer + '  '
        self.out.append(outer + '**Constants**\n\n')
        for param in decl.parameters:
            self.out.append(f'{outer}``{param}``\n')
            description = decl.descriptions.get(param)
            if description != UNDESCRIBED:
                self.highlighted(description)
            else:
                self.out.append(self.prefix + '*undescribed*\n')
            self.out.append('\n')
        self.out.append('\n')
        self.prefix = old
        self.sections(decl)

    def typedef(self, decl: Declaration) -> None:
        old = self.prefix
        name = ('typedef ' if self.sphinx_major < 3 else '') + decl.name
        self.out.append(f'\n\n.. c:type:: {name}\n\n')
        self.print_lineno(decl.start_line)
        self.prefix = '   '
        self.highlighted(decl.purpose)
        self.out.append('\n')
        self.prefix = old
        self.sections(decl)

    def struct(self, decl: Declaration) -> None:
        old = self.prefix
        if self.sphinx_major < 3:
            self.out.append(
                f'\n\n.. c:type:: {decl.compound} {decl.name}\n\n')
        else:
            directive = 'c:union' if decl.compound == 'union' else 'c:struct'
            self.out.append(f'\n\n.. {directive}:: {decl.name}\n\n')
        self.print_lineno(decl.start_line)
        self.prefix = '  '
        self.highlighted(decl.purpose)
        self.out.append('\n.. container:: kernelindent\n\n')
        self.out.append(self.prefix + '**Definition**::\n\n')
        self.prefix += '  '
        definition = decl.definition.replace('\t', self.prefix)
        self.out.append(f'{self.prefix}{decl.compound} {decl.name} '
                        f'{{\n{definition}{self.prefix}}};\n\n')
        self.prefix = '  '
        self.out.append(self.prefix + '**Members**\n\n')
        for param in decl.parameters:
            if param.startswith('#'):
                continue
            name = rx.sub(r'\[.*', '', param, count=1, flags=A)
            description = decl.descriptions.get(name)
            if description == UNDESCRIBED:
                continue
            self.print_lineno(decl.parameter_lines.get(name))
            self.out.append(f'{self.prefix}``{param}``\n')
            self.prefix = '    '
            self.highlighted(description)
            self.prefix = '  '
            self.out.append('\n')
        self.out.append('\n')
        self.prefix = old
        self.sections(decl)


def function_table(selection: Selection,
                   exports: Iterable[str]) -> frozenset[str]:
    """The names the script's ``%function_table`` holds."""
    if selection.mode in (Mode.EXPORTED, Mode.INTERNAL):
        return frozenset(exports) - selection.excluded
    if selection.mode is Mode.INCLUDE:
        return selection.symbols
    return frozenset()


def shows_warning(selection: Selection, table: frozenset[str],
                  message: Message) -> bool:
    """The script's ``show_warnings``: some only for selected symbols."""
    gate = message.gate
    if gate is None:
        return True
    if gate.name in selection.excluded:
        return False
    if selection.mode is Mode.ALL:
        return True
    if selection.mode is Mode.INTERNAL:
        return not (gate.kind == 'function' and gate.name in table)
    return gate.name in table


def render(parsed: ParsedFile, selection: Selection,
           exports: Iterable[str] = (), sphinx_major: int = 3,
           lineno: bool = True) -> Rendered:
    """What the script prints for one file and one selection.

    ``exports`` are the symbols of ``EXPORT_SYMBOL*()`` lines in the file
    itself and in the directive's other export files.
    """
    table = function_table(selection, exports)
    writer = _Writer(selection, table, sphinx_major, lineno)
    result = Rendered('')
    for event in parsed.events:
        if isinstance(event, Message):
            if shows_warning(selection, table, event):
                result.messages.append(event)
        elif isinstance(event, Lineno):
            writer.print_lineno(event.line)
        elif isinstance(event, DocSection):
            result.written += writer.doc_section(event)
        elif writer.shows(event.name, event.kind):
            getattr(writer, event.kind)(event)
            result.written += 1
    if not result.written:
        if selection.mode is Mode.INCLUDE:
            result.messages += [Message(1, f"'{name}' not found\n",
                                        'not-found')
                                for name in sorted(table)]
        else:
            result.messages.append(
                Message(1, 'no structured comments found\n', 'not-found'))
    result.text = ''.join(writer.out)
    return result
