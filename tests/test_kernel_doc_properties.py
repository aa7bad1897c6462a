# SPDX-License-Identifier: GPL-2.0-only
"""Any C file, however garbled, parses and renders without raising.

Kernel trees hold half-written comments, stray ``/**``, non-UTF-8 bytes
and prototypes no regular expression expected; a build must go on and
say where.  Files are drawn from fragments of kernel-doc syntax mixed
with arbitrary bytes, so that the parser's states are all reached.
"""

from __future__ import annotations

from hypothesis import given, settings
from hypothesis import strategies as st

from linuxdoc_builders.kerneldoc.model import Message, Mode, Selection
from linuxdoc_builders.kerneldoc.parser import parse
from linuxdoc_builders.kerneldoc.rest import render

FRAGMENTS = [
    '/**', ' */', '*/', ' * ', ' *', ' * DOC: Title', ' * DOC:',
    ' * name() - purpose', ' * struct s - a struct', ' * enum e - an enum',
    ' * union u - ', ' * typedef t - ', ' * enum', ' * struct',
    ' * @a: param', ' * @b.c: member', ' * @...: more', ' * Return: x',
    ' * Context: any', ' * Example::', ' *\tcode', ' * %CONST &struct s',
    ' * &s->m @p() func() &enum e', 'int name(int a, char *b);',
    'void name(void)', '{', '}', '};', 'struct s {', 'union {', 'enum e {',
    'A, B = (1 << 2),', 'int a; /* private: */ int b;', '/* public: */',
    'typedef int (*t)(int a);', 'typedef unsigned long t;',
    '#define name(a, b) ((a) + (b))', '#define NAME 1', 'struct_group(x,',
    'DECLARE_BITMAP(bits, 8);', 'SYSCALL_DEFINE2(name, int, a, int, b)',
    'TRACE_EVENT(ev, TP_PROTO(int a),', '\t/** @m: inline */',
    '\t/**', '\t * @m: inline', '\t */', 'EXPORT_SYMBOL(name);',
    'int (*fp)(int, int);', 'char *arr[4];', 'x\\', '\\', '\x0c', 'é',
]

lines = st.one_of(st.sampled_from(FRAGMENTS),
                  st.text(max_size=40),
                  st.binary(max_size=20).map(lambda b: b.decode('latin-1')))
files = st.lists(lines, max_size=60).map(
    lambda ls: '\n'.join(ls).encode('utf-8', 'surrogateescape'))
selections = st.sampled_from([
    Selection(),
    Selection(Mode.INCLUDE, frozenset({'name', 's', 'Title'})),
    Selection(Mode.EXPORTED),
    Selection(Mode.INTERNAL, excluded=frozenset({'name'})),
    Selection(no_doc_sections=True),
])


@settings(max_examples=300, deadline=None)
@given(files, selections)
def test_garbled_files_never_raise(data: bytes, selection: Selection
                                   ) -> None:
    parsed = parse(data)
    rendered = render(parsed, selection, parsed.exports)
    assert isinstance(rendered.text, str)
    last = data.count(b'\n') + 1
    messages = [e for e in parsed.events if isinstance(e, Message)]
    for message in [*messages, *rendered.messages]:
        assert 1 <= message.line <= last
        assert message.text.strip()
        assert message.subtype


@settings(max_examples=100, deadline=None)
@given(st.binary(max_size=400))
def test_random_bytes_never_raise(data: bytes) -> None:
    parsed = parse(b'/**\n * f() - x\n' + data)
    render(parsed, Selection())
