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

from linuxdoc_builders.kerneldoc import options
from linuxdoc_builders.kerneldoc.model import Message, Mode, Selection, to_text
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


#: Titles of letters, digits and spaces of any script (kernel-doc's own
#: mark-up characters, & % @ ` * _ and the like, are highlighting).
TITLES = st.text(st.characters(whitelist_categories=['L', 'N', 'Zs']),
                 min_size=1, max_size=20).map(
                     lambda t: ' '.join(t.split())).filter(bool)


@settings(max_examples=200, deadline=None)
@given(titles=st.lists(TITLES, min_size=1, max_size=4, unique=True),
       lines=st.integers(1, 400), pick=st.integers(0, 3))
def test_any_unicode_title_is_found_in_a_long_comment(
        titles: list[str], lines: int, pick: int) -> None:
    """DOC: sections titled in any script, each with a paragraph of up to
    400 lines: selecting one title (as ``:doc:`` does, through the
    script's reading of option values) renders that section's text and
    no other's; never an exception."""
    body = ''.join(
        f'/**\n * DOC: {title}\n *\n'
        + ''.join(f' * {number} line {n} of “{title}”\n'
                  for n in range(lines)) + ' */\n\n'
        for number, title in enumerate(titles))
    parsed = parse(body.encode('utf-8'))
    chosen = titles[pick % len(titles)]
    request = options.request({'doc': chosen})
    text = to_text(render(parsed, request.selection, []).text)
    number = titles.index(chosen)
    assert f'{number} line {lines - 1} of “{chosen}”' in text
    assert all(f'{other} line 0 of' not in text
               for other in range(len(titles)) if other != number)
