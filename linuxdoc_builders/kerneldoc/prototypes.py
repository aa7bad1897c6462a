# SPDX-License-Identifier: GPL-2.0-only
"""From the C code after a kernel-doc comment to a :class:`Declaration`.

The kernel's script does not parse C: it rewrites the text that follows
a comment with a long series of regular expressions (macros unwrapped,
attributes dropped, nested structs flattened into ``outer.inner``
members) and splits what is left at commas and semicolons.  Its reST is
what the kernel's documents are written against, so these rules are
followed exactly, odd corners included (a parameter's "type" is its
whole declaration; an ``enum`` value described as ``0`` counts as
undescribed).  Each rule is a named pattern below; the comments say
what C it is for.

:class:`Prototypes` holds the state the script keeps per comment (and
the little it keeps across comments) and is the base of the comment
parser in :mod:`.parser`.
"""

from __future__ import annotations

import re
from collections.abc import Callable

from . import regex as rx
from .model import (
    UNDESCRIBED,
    Declaration,
    Event,
    Gate,
    Lineno,
    Message,
)

A = rx.ASCII
S = rx.ASCII | rx.DOTALL
I_ = rx.ASCII | rx.IGNORECASE

#: ``@name``, ``@a.b``, ``@a->b``, ``@name...``: a parameter reference
PARAM = re.compile(r'\@(\w*((\.\w+)|(->\w+))*(\.\.\.)?)', A)
ATTRIBUTE = r'(?i:__attribute__\s*\(\([a-z0-9,_\*\s\(\)]*\)\))'
_QUALIFIERS = (rf'(?:{ATTRIBUTE}|__packed|__aligned|'
               r'____cacheline_aligned_in_smp|____cacheline_aligned)')
_BODY = rf'\{{(.*)\}}\s*{_QUALIFIERS}*'
STRUCT = re.compile(rf'(struct|union)\s+(\w+)\s*{_BODY}', A)
TYPEDEF_STRUCT = re.compile(
    rf'typedef\s+(struct|union)\s*{_BODY}\s*(\w+)\s*;', A)
NESTED = re.compile(
    r'(struct|union)([^\{\};]+)\{([^\{\}]*)\}([^\{\}\;]*)\;', A)
_ARG = r'([^,)]+)'
#: Member-declaring macros, rewritten to the C they expand to.
MEMBER_MACROS: tuple[tuple[str, str, int], ...] = (
    (r'/\*\s*private:.*?/\*\s*public:.*?\*/', '', S | rx.IGNORECASE),
    (r'/\*\s*private:.*', '', S | rx.IGNORECASE),
    (r'/\*.*?\*/', '', S),
    (r'\s*' + ATTRIBUTE, ' ', A),
    (r'\s*__aligned\s*\([^;]*\)', ' ', S),
    (r'\s*__counted_by\s*\([^;]*\)', ' ', S),
    (r'\s*__counted_by_(le|be)\s*\([^;]*\)', ' ', S),
    (r'\s*__packed\s*', ' ', S),
    (r'\s*CRYPTO_MINALIGN_ATTR', ' ', S),
    (r'\s*____cacheline_aligned_in_smp', ' ', S),
    (r'\s*____cacheline_aligned', ' ', S),
    (r'\bstruct_group\s*\(([^,]*,)', 'STRUCT_GROUP(', S),
    (r'\bstruct_group_attr\s*\(([^,]*,){2}', 'STRUCT_GROUP(', S),
    (r'\bstruct_group_tagged\s*\(([^,]*),([^,]*),',
     r'struct \1 \2; STRUCT_GROUP(', S),
    (r'\b__struct_group\s*\(([^,]*,){3}', 'STRUCT_GROUP(', S),
)
BITMAP_MACROS: tuple[tuple[str, str], ...] = (
    (r'__ETHTOOL_DECLARE_LINK_MODE_MASK\s*\(([^\)]+)\)',
     r'DECLARE_BITMAP(\1, __ETHTOOL_LINK_MODE_MASK_NBITS)'),
    (r'DECLARE_PHY_INTERFACE_MASK\s*\(([^\)]+)\)',
     r'DECLARE_BITMAP(\1, PHY_INTERFACE_MODE_MAX)'),
    (rf'DECLARE_BITMAP\s*\({_ARG},\s*{_ARG}\)',
     r'unsigned long \1[BITS_TO_LONGS(\2)]'),
    (rf'DECLARE_HASHTABLE\s*\({_ARG},\s*{_ARG}\)',
     r'unsigned long \1[1 << ((\2) - 1)]'),
    (rf'DECLARE_KFIFO\s*\({_ARG},\s*{_ARG},\s*{_ARG}\)', r'\2 *\1'),
    (rf'DECLARE_KFIFO_PTR\s*\({_ARG},\s*{_ARG}\)', r'\2 *\1'),
    (rf'(?:__)?DECLARE_FLEX_ARRAY\s*\({_ARG},\s*{_ARG}\)', r'\1 \2[]'),
    (rf'DEFINE_DMA_UNMAP_ADDR\s*\({_ARG}\)', r'dma_addr_t \1'),
    (rf'DEFINE_DMA_UNMAP_LEN\s*\({_ARG}\)', r'__u32 \1'),
)
_MEMBER_REWRITES = [(re.compile(p, f), r) for p, r, f in MEMBER_MACROS]
_BITMAP_REWRITES = [(re.compile(p, S), r) for p, r in BITMAP_MACROS]

#: Function prefixes the script drops before matching the prototype;
#: each removes its first occurrence only.
FUNCTION_PREFIXES = tuple(re.compile(p, A) for p in (
    r'^static +', r'^extern +', r'^asmlinkage +', r'^inline +',
    r'^__inline__ +', r'^__inline +', r'^__always_inline +',
    r'^noinline +', r'^__FORTIFY_INLINE +', r'__init +',
    r'__init_or_module +', r'__deprecated +', r'__flatten +',
    r'__meminit +', r'__must_check +', r'__weak +', r'__sched +',
    r'_noprof', r'__printf\s*\(\s*\d*\s*,\s*\d*\s*\) +',
    r'__(?:re)?alloc_size\s*\(\s*\d+\s*(?:,\s*\d+\s*)?\) +',
    r'__diagnose_as\s*\(\s*\S+\s*(?:,\s*\d+\s*)*\) +'))
BUCKET_PARAMS = re.compile(r'DECL_BUCKET_PARAMS\s*\(\s*(\S+)\s*,\s*(\S+)\s*\)',
                           A)
DEFINE = re.compile(r'^#\s*define\s+', A)
ATTRIBUTE_CONST = re.compile(r'__attribute_const__ +', A)
FUNCTION_ATTRIBUTE = re.compile(
    r'__attribute__\s*\(\((?:[\w\s]++(?:\([^)]*+\))?\s*+,?)+\)\)\s+', A)
_NAME = r'[a-zA-Z0-9_~:]+'
_END = r'\(([^\(]*|[^\{]*)\)'
OBJECT_MACRO = re.compile(rf'^()({_NAME})\s+', A)
FUNCTION_FORMS = (
    re.compile(rf'^()({_NAME})\s*{_END}', A),
    re.compile(rf'^([\w\s]+)\s+({_NAME})\s*{_END}', A),
    re.compile(rf'^((?:[\w\s]+\*+)+)\s*({_NAME})\s*{_END}', A),
)
_TD_TYPE = r'((?:\s+[\w\*]+\b){1,8})\s*'
_TD_IDENT = r'\*?\s*(\w\S+)\s*'
_TD_ARGS = r'\s*\((.*)\);'
TYPEDEF_FUNCTIONS = (
    re.compile(rf'typedef{_TD_TYPE}\({_TD_IDENT}\){_TD_ARGS}', A),
    re.compile(rf'typedef{_TD_TYPE}{_TD_IDENT}{_TD_ARGS}', A),
)
#: The function typedefs of the kernel's newer kernel-doc (6.16 on),
#: whose return type may end in ``*`` before ``(name)``: 6.12's script
#: stops at ``typedef Object *(Resolve)(...);`` with "Cannot parse
#: typedef!", which drops the whole file in the kernel's directive.
_TD_NEWER_TYPE = r'((?:\s+[\w*]+\b){0,7}\s+(?:\w+\b|\*+))\s*'
NEWER_TYPEDEF_FUNCTIONS = (
    re.compile(rf'typedef{_TD_NEWER_TYPE}\({_TD_IDENT}\){_TD_ARGS}', A),
    re.compile(rf'typedef{_TD_NEWER_TYPE}{_TD_IDENT}{_TD_ARGS}', A),
)
COMMENT = re.compile(r'/\*.*?\*/', S)


def perl_split(pattern: str, text: str) -> list[str]:
    """Perl's ``split /pattern/, text``: trailing empty fields dropped."""
    if not text:
        return []
    fields = rx.split(pattern, text, flags=rx.ASCII)
    while fields and fields[-1] == '':
        fields.pop()
    return fields


def perl_true(value: str | None) -> bool:
    """Perl's truth of a string: not undefined, not empty, not "0"."""
    return value is not None and value not in ('', '0')


def unwrap_struct_group(text: str) -> str:
    """``STRUCT_GROUP(members) ... ;`` -> ``members``.

    The script matches the balanced parentheses with a recursive
    pattern, which Python's ``re`` lacks; this walks them instead.
    """
    out = []
    pos = 0
    for match in re.finditer(r'\bSTRUCT_GROUP\(', text, re.ASCII):
        if match.start() < pos:
            continue
        depth = 0
        index = match.end() - 1
        while index < len(text):
            if text[index] == '(':
                depth += 1
            elif text[index] == ')':
                depth -= 1
                if depth == 0:
                    break
            index += 1
        semicolon = text.find(';', index)
        if depth or semicolon < 0:
            continue
        out.append(text[pos:match.start()])
        out.append(text[match.end():index])
        pos = semicolon + 1
    out.append(text[pos:])
    return ''.join(out)


class Prototypes:
    """The state the script keeps while it reads one comment's C code."""

    def __init__(self) -> None:
        self.events: list[Event] = []
        self.line = 0
        self.identifier = ''
        self.decl_type = ''
        self.purpose = ''
        self.declaration_start_line: int | None = None
        self.new_start_line = 0
        #: kept across comments, as the script does
        self.parameter_lines: dict[str, int] = {}
        self.section_lines: dict[str, int] = {}
        self.anon_struct_union = False
        self.reset()

    def reset(self) -> None:
        """What the script's ``reset_state`` clears."""
        self.descriptions: dict[str, str] = {}
        self.types: dict[str, str] = {}
        self.parameters: list[str] = []
        # each section's text in the pieces filed, joined when the
        # declaration is made: a paragraph filed line by line (a blank
        # line after a parameter makes every later line a section of its
        # own) would otherwise copy the growing text at every line
        self.section_parts: dict[str, list[str]] = {}
        self.sections: list[str] = []
        self.sectcheck = ''
        self.struct_actual = ''
        self.prototype = ''

    # -- messages -------------------------------------------------------

    def warn(self, text: str, subtype: str,
             gate: Gate | None = None) -> None:
        self.events.append(Message(self.line, text, subtype, gate=gate))

    def error(self, text: str, subtype: str) -> None:
        self.events.append(Message(self.line, text, subtype, error=True))

    # -- sections -------------------------------------------------------

    def dump_section(self, name: str, contents: str) -> None:
        """File a finished ``@param:`` description or named section."""
        match = PARAM.search(name)
        if match:
            name = match[1]
            self.descriptions[name] = contents
            self.sectcheck += name + ' '
            self.parameter_lines[name] = self.new_start_line
            self.new_start_line = 0
        elif self._section_filled(name):
            if name != 'Description':
                self.warn(f"duplicate section name '{name}'\n",
                          'duplicate-section')
            self.section_parts[name].append(contents)
        else:
            self.section_parts[name] = [contents]
            self.sections.append(name)
            self.section_lines[name] = self.new_start_line
            self.new_start_line = 0

    def _section_filled(self, name: str) -> bool:
        """Whether section ``name`` holds text (Perl's truth of it: not
        empty, not "0"), without joining a long one."""
        parts = self.section_parts.get(name)
        if parts is None:
            return False
        short = ''
        for part in parts:
            short += part
            if len(short) > 1:
                return True
        return perl_true(short)

    def declaration(self, kind: str, name: str, **extra: object) -> None:
        """Snapshot the current comment as a :class:`Declaration`."""
        lookup = [rx.sub(r'\[.*', '', p, count=1) for p in self.parameters]
        decl = Declaration(
            kind=kind, name=name, purpose=self.purpose,
            start_line=self.declaration_start_line,
            parameters=list(self.parameters),
            descriptions=dict(self.descriptions),
            types=dict(self.types),
            parameter_lines={p: self.parameter_lines.get(p) for p in lookup},
            sections=list(self.sections),
            section_text={section: ''.join(parts) for section, parts
                          in self.section_parts.items()},
            section_lines={s: self.section_lines.get(s)
                           for s in self.sections})
        for key, value in extra.items():
            setattr(decl, key, value)
        self.events.append(decl)

    # -- parameters -----------------------------------------------------

    def create_parameterlist(self, args: str, splitter: str,
                             name: str) -> None:
        """Split a parameter or member list into names and types."""
        while rx.search(r'\([^\),]+,', args, A):
            args = rx.sub(r'(\([^\),]+),', r'\1#', args, flags=A)
        for arg in perl_split(splitter, args):
            arg = rx.sub(r'/\*.*\*/', '', arg, count=1, flags=A)
            arg = rx.sub(r'\sPOS0?\s', ' ', arg, count=1, flags=A)
            arg = rx.sub(r'^\s*', '', arg, count=1, flags=A)
            arg = rx.sub(r'\s*$', '', arg, count=1, flags=A)
            arg = rx.sub(r'\s+', ' ', arg, count=1, flags=A)
            if arg.startswith('#'):
                self.push_parameter(arg, '', '', '')
            elif rx.search(r'\(.+\)\s*\(', arg, A):
                self._pointer_parameter(
                    arg, r'[^\(]+\(\*?\s*([\w\[\]\.]*)\s*\)', name)
            elif rx.search(r'\(.+\)\s*\[', arg, A):
                self._pointer_parameter(
                    arg, r'[^\(]+\(\s*\*\s*([\w\[\]\.]*?)\s*'
                    r'(\s*\[\s*[\w]+\s*\]\s*)*\)', name)
            elif perl_true(arg):
                self._plain_parameters(arg, name)

    def _pointer_parameter(self, arg: str, pattern: str, name: str) -> None:
        """A pointer to function, or an array of pointers."""
        arg = arg.replace('#', ',')
        match = rx.search(pattern, arg, A)
        param = match[1] if match else ''
        try:
            kind = rx.sub(r'([^\(]+\(\*?)\s*' + param, r'\1', arg, count=1,
                          flags=A)
        except re.error:
            kind = arg
        self.save_struct_actual(param)
        self.push_parameter(param, kind, arg, name)

    def _plain_parameters(self, arg: str, name: str) -> None:
        """``type a, *b, c[4], d:3`` and the like."""
        arg = rx.sub(r'\s*:\s*', ':', arg, flags=A)
        arg = rx.sub(r'\s*\[', '[', arg, flags=A)
        names = perl_split(r'\s*,\s*', arg)
        if names and '*' in names[0]:
            names[0] = rx.sub(r'(\*+)\s*', r' \1', names[0], count=1,
                              flags=A)
        first = names.pop(0) if names else ''
        match = rx.match(r'(.*\s+)(.*?\[.*\].*)$', first, A)
        if match:
            words = [*perl_split(r'\s+', match[1]), match[2]]
        else:
            words = perl_split(r'\s+', first)
        names.insert(0, words.pop() if words else '')
        kind = ' '.join(words)
        for param in names:
            pointer = rx.match(r'(\*+)\s*(.*)', param, A)
            bits = rx.search(r'(.*?):(\w+)', param, A)
            if pointer:
                self.save_struct_actual(pointer[2])
                self.push_parameter(pointer[2], f'{kind} {pointer[1]}', arg,
                                    name)
            elif bits:
                if kind:
                    self.save_struct_actual(bits[1])
                    self.push_parameter(bits[1], f'{kind}:{bits[2]}', arg,
                                        name)
            else:
                self.save_struct_actual(param)
                self.push_parameter(param, kind, arg, name)

    def save_struct_actual(self, actual: str) -> None:
        self.struct_actual += rx.sub(r'\s*', '', actual, flags=A) + ' '

    def push_parameter(self, param: str, kind: str, declaration: str,
                       name: str) -> None:
        """Record one parameter; warn when the comment misses it."""
        if self.anon_struct_union and not kind and param == '}':
            return
        self.anon_struct_union = False
        param = rx.sub(r'[\[\)].*', '', param, count=1, flags=A)
        if not kind and param.endswith('...'):
            if rx.search(r'\w\.\.\.$', param, A):
                param = param[:-3]
            if not self.descriptions.get(param):
                self.descriptions[param] = 'variable arguments'
        elif not kind and param in ('', 'void'):
            param = 'void'
            self.descriptions['void'] = 'no arguments'
        elif not kind and param in ('struct', 'union'):
            kind = param
            param = '{unnamed_' + param + '}'
            self.descriptions[param] = 'anonymous\n'
            self.anon_struct_union = True
        elif '__cacheline_group' in param:
            return
        if param not in self.descriptions and not param.startswith('#'):
            self.descriptions[param] = UNDESCRIBED
            if '.' not in param:
                self.warn(f"Function parameter or struct member '{param}' "
                          f"not described in '{name}'\n", 'undescribed',
                          Gate(kind, name))
        self.parameters.append(param)
        self.types[param] = rx.sub(r'\s\s+', ' ', declaration, flags=A)

    def check_sections(self, name: str, kind: str, described: str,
                       actual: str) -> None:
        """Warn about descriptions of parameters that do not exist."""
        present = set()
        for param in actual.split():
            param = rx.sub(r'\[.*\]', '', param, count=1, flags=A)
            param = rx.sub(ATTRIBUTE, '', param, count=1, flags=I_)
            present.add(rx.sub(r'\[.*', '', param, count=1, flags=A))
        for section in described.split():
            if section in present:
                continue
            if kind == 'function':
                self.warn(f"Excess function parameter '{section}' "
                          f"description in '{name}'\n", 'excess')
            elif kind in ('struct', 'union'):
                self.warn(f"Excess {kind} member '{section}' "
                          f"description in '{name}'\n", 'excess')

    # -- declarations ---------------------------------------------------

    def dump_declaration(self) -> None:
        dump: Callable[[str], None] = {
            'struct': self.dump_struct, 'union': self.dump_struct,
            'enum': self.dump_enum, 'typedef': self.dump_typedef,
        }.get(self.decl_type, self._unknown)
        dump(self.prototype)

    def _unknown(self, prototype: str) -> None:
        """Unreachable in the script; kept total for odd state."""

    def dump_struct(self, text: str) -> None:
        compound = name = members = ''
        match = STRUCT.search(text)
        if match:
            compound, name, members = match[1], match[2], match[3]
        else:
            match = TYPEDEF_STRUCT.search(text)
            if match:
                compound, name, members = match[1], match[3], match[2]
        if not perl_true(members):
            self.error('Cannot parse struct or union!\n', 'unparsable')
            return
        if self.identifier != name:
            self.warn(f'expecting prototype for {compound} '
                      f'{self.identifier}. Prototype was for {compound} '
                      f'{name} instead\n', 'mismatch')
            return
        for pattern, replacement in _MEMBER_REWRITES:
            members = pattern.sub(replacement, members)
        members = unwrap_struct_group(members)
        for pattern, replacement in _BITMAP_REWRITES:
            members = pattern.sub(replacement, members)
        definition = members
        while True:
            nested = NESTED.search(members)
            if not nested:
                break
            members = (members[:nested.start()] + _flatten(nested)
                       + members[nested.end():])
        members = rx.sub(r'(\{[^\{\}]*\})', '', members, flags=A)
        self.create_parameterlist(members, ';', name)
        self.check_sections(name, compound, self.sectcheck,
                            self.struct_actual)
        self.declaration('struct', name, compound=compound,
                         definition=_layout(definition))

    def dump_enum(self, text: str) -> None:
        text = rx.sub(r'/\*\s*private:.*?/\*\s*public:.*?\*/', '', text,
                      flags=S | rx.IGNORECASE)
        text = rx.sub(r'/\*\s*private:.*}', '}', text, flags=S | rx.IGNORECASE)
        text = COMMENT.sub('', text)
        text = rx.sub(r'#\s*((define|ifdef|if)\s+|endif)[^;]*;', '', text,
                      flags=S)
        name = members = ''
        match = rx.search(r'typedef\s+enum\s*\{(.*)\}\s*(\w*)\s*;', text, A)
        if match:
            name, members = match[2], match[1]
        else:
            match = rx.search(r'enum\s+(\w*)\s*\{(.*)\}', text, A)
            if match:
                name, members = match[1], match[2]
        if not perl_true(members):
            self.error('Cannot parse enum!\n', 'unparsable')
            return
        if self.identifier != name:
            if self.identifier == '':
                self.warn('wrong kernel-doc identifier on line:\n',
                          'mismatch')
            else:
                self.warn(f'expecting prototype for enum {self.identifier}.'
                          f' Prototype was for enum {name} instead\n',
                          'mismatch')
            return
        name = name or '(anonymous)'
        members = rx.sub(r'\s+$', '', members, count=1, flags=A)
        members = rx.sub(r'\([^;]*?[\)]', '', members, flags=A)
        seen = set()
        for arg in perl_split(',', members):
            arg = rx.sub(r'^\s*(\w+).*', r'\1', arg, count=1, flags=A)
            self.parameters.append(arg)
            if not perl_true(self.descriptions.get(arg)):
                self.descriptions[arg] = UNDESCRIBED
                self.warn(f"Enum value '{arg}' not described in enum "
                          f"'{name}'\n", 'undescribed', Gate('enum', name))
            seen.add(arg)
        for key in self.descriptions:
            if key not in seen:
                self.warn(f"Excess enum value '{key}' description in "
                          f"'{name}'\n", 'excess', Gate('enum', name))
        self.declaration('enum', name)

    def dump_typedef(self, text: str) -> None:
        text = COMMENT.sub('', text)
        for form in TYPEDEF_FUNCTIONS:
            match = form.search(text)
            if match:
                break
        if match:
            return_type = rx.sub(r'^\s+', '', match[1], count=1, flags=A)
            name = match[2]
            if self.identifier != name:
                self._typedef_mismatch(name)
                return
            self.create_parameterlist(match[3], ',', name)
            self.declaration('function', name, is_typedef=True,
                             return_type=return_type)
            return
        whole = text
        while (rx.search(r'\(*.\)\s*;$', text, A)
               or rx.search(r'\[*.\]\s*;$', text, A)):
            text = rx.sub(r'\(*.\)\s*;$', ';', text, count=1, flags=A)
            text = rx.sub(r'\[*.\]\s*;$', ';', text, count=1, flags=A)
        match = rx.search(r'typedef.*\s+(\w+)\s*;', text, A)
        if not match:
            self._newer_typedef(whole)
            return
        if self.identifier != match[1]:
            self._typedef_mismatch(match[1])
            return
        self.declaration('typedef', match[1])

    def _newer_typedef(self, text: str) -> None:
        """A function typedef only the kernel's newer kernel-doc reads:
        rendered as it renders it, with a warning naming the construct;
        anything else is the script's error."""
        match = next((m for form in NEWER_TYPEDEF_FUNCTIONS
                      if (m := form.search(text))), None)
        if match is None:
            self.error('Cannot parse typedef!\n', 'unparsable')
            return
        name = match[2]
        if self.identifier != name:
            self._typedef_mismatch(name)
            return
        self.warn(f'typedef {name}: a function returning a pointer, which '
                  "kernel 6.12's kernel-doc cannot parse (\"Cannot parse "
                  'typedef!\", and the kernel drops the whole file); '
                  "rendered as the kernel's newer kernel-doc renders it\n",
                  'unparsable')
        self.create_parameterlist(match[3], ',', name)
        self.declaration('function', name, is_typedef=True,
                         return_type=match[1].strip())

    def _typedef_mismatch(self, name: str) -> None:
        self.warn(f'expecting prototype for typedef {self.identifier}. '
                  f'Prototype was for typedef {name} instead\n', 'mismatch')

    def dump_function(self, prototype: str) -> None:
        self.events.append(Lineno(self.new_start_line))
        for prefix in FUNCTION_PREFIXES:
            prototype = prefix.sub('', prototype, count=1)
        prototype = BUCKET_PARAMS.sub(r'\1, \2', prototype, count=1)
        prototype, defines = DEFINE.subn('', prototype, count=1)
        prototype = ATTRIBUTE_CONST.sub('', prototype, count=1)
        prototype = FUNCTION_ATTRIBUTE.sub('', prototype, count=1)
        is_macro = False
        match = OBJECT_MACRO.search(prototype) if defines else None
        if match:
            return_type, name = match[1], match[2]
            is_macro = True
        else:
            for form in FUNCTION_FORMS:
                match = form.search(prototype)
                if match:
                    break
            if not match:
                self.warn('cannot understand function prototype: '
                          f"'{prototype}'\n", 'unparsable')
                return
            return_type, name = match[1], match[2]
            self.create_parameterlist(match[3], ',', name)
        if self.identifier != name:
            self.warn(f'expecting prototype for {self.identifier}(). '
                      f'Prototype was for {name}() instead\n', 'mismatch')
            return
        self.check_sections(name, 'function', self.sectcheck,
                            ' '.join(self.parameters))
        self.declaration('function', name, return_type=return_type,
                         is_typedef='typedef' in return_type,
                         is_macro=is_macro)


def _flatten(nested: re.Match[str]) -> str:
    """A nested struct/union as ``outer.member`` members of its parent."""
    compound, ids, content = nested[1], nested[4], nested[3]
    out = []
    for ident in perl_split(',', ids):
        out.append(f'{compound} {ident}; ')
        ident = rx.sub(r'[:\[].*', '', ident, count=1, flags=A)
        ident = rx.sub(r'^\s*\**(\S+)\s*', r'\1', ident, count=1, flags=A)
        anonymous = rx.match(r'\s*$', ident, A) is not None
        prefix = '' if anonymous else ident + '.'
        for arg in perl_split(';', content):
            if rx.match(r'\s*$', arg, A):
                continue
            pointer = rx.match(r'([^\(]+\(\*?\s*)([\w\.]*)(\s*\).*)', arg, A)
            if pointer:
                if perl_true(pointer[2]):
                    out.append(f'{pointer[1]}{prefix}{pointer[2]}'
                               f'{pointer[3]}; ')
                continue
            arg = rx.sub(r'^\s+', '', arg, count=1, flags=A)
            arg = rx.sub(r'\s+$', '', arg, count=1, flags=A)
            arg = rx.sub(r':\s*\d+\s*', '', arg, flags=A)
            arg = rx.sub(r'\[.*\]', '', arg, flags=A)
            arg = rx.sub(r'\s*,\s*', ',', arg, flags=A)
            typed = rx.search(r'(.*)\s+([\S+,]+)', arg, A)
            if not typed:
                out.append(f'{arg}; ')
                continue
            for name in perl_split(',', typed[2]):
                name = rx.sub(r'^\s*\**(\S+)\s*', r'\1', name, count=1,
                              flags=A)
                if rx.match(r'\s*$', name, A):
                    continue
                out.append(f'{typed[1]} {prefix}{name}; ')
    return ''.join(out)


def _layout(declaration: str) -> str:
    """The struct body as the script prints it: one member a line."""
    declaration = rx.sub(r'([\{;])', r'\1\n', declaration, flags=A)
    declaration = rx.sub(r'\}\s+;', '};', declaration, flags=A)
    changed = 1
    while changed:
        declaration, changed = rx.subn(r'(enum\s+\{[^\}]+),([^\n])',
                                       r'\1,\n\2', declaration, count=1,
                                       flags=A)
    level = 1
    out = []
    for clause in perl_split('\n', declaration):
        clause = rx.sub(r'^\s+', '', clause, count=1, flags=A)
        clause = rx.sub(r'\s+$', '', clause, count=1, flags=A)
        clause = rx.sub(r'\s+', ' ', clause, count=1, flags=A)
        if not perl_true(clause):
            continue
        if '}' in clause and level > 1:
            level -= 1
        if not rx.match(r'\s*#', clause, A):
            out.append('\t' * level)
        out.append('\t' + clause + '\n')
        if '{' in clause and '}' not in clause:
            level += 1
    return ''.join(out)
