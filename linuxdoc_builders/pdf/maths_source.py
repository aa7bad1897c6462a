# SPDX-License-Identifier: GPL-2.0-only
"""LaTeX maths source, read into a tree that linuxpdf can draw.

rst2pdf draws maths with matplotlib, a dependency of some 60 MB that
linuxpdf does without.  What the kernel's documents write (its colour
space formulas, a power of two) and what such documents usually hold is
a small part of LaTeX: letters, numbers, operators and relations,
sub- and superscripts, ``\\frac``, ``\\sqrt``, ``\\left( ... \\right)``,
``\\text{...}``, Greek letters and the common symbols.  :func:`parse`
reads that part into :class:`Atom`, :class:`Scripts`, :class:`Fraction`,
:class:`Root` and :class:`Fenced` nodes; anything else (an unknown
command, a brace without its pair) is kept as well as it can be and
named in :attr:`Formula.problems`, for a warning.
"""

from __future__ import annotations

import re
from dataclasses import dataclass, field
from typing import Union

#: Commands that stand for one character, and the kind of atom each is
#: (``rel``: relation, ``bin``: binary operator, ``ord``: ordinary,
#: ``big``: large operator, ``open``/``close``: delimiters).
SYMBOLS: dict[str, tuple[str, str]] = {
    **{name: (char, 'var') for name, char in zip(
        [
            'alpha', 'beta', 'gamma', 'delta', 'epsilon',
            'varepsilon', 'zeta', 'eta', 'theta', 'vartheta',
            'iota', 'kappa', 'lambda', 'mu', 'nu', 'xi', 'pi',
            'varpi', 'rho', 'varrho', 'sigma', 'varsigma', 'tau',
            'upsilon', 'phi', 'varphi', 'chi', 'psi', 'omega'
        ],
        'αβγδϵεζηθϑικλμνξπϖρϱσςτυϕφχψω', strict=True)},
    **{name: (char, 'ord') for name, char in zip(
        [
            'Gamma', 'Delta', 'Theta', 'Lambda', 'Xi', 'Pi',
            'Sigma', 'Upsilon', 'Phi', 'Psi', 'Omega'
        ],
        'ΓΔΘΛΞΠΣΥΦΨΩ', strict=True)},
    'le': ('≤', 'rel'), 'leq': ('≤', 'rel'), 'ge': ('≥', 'rel'),
    'geq': ('≥', 'rel'), 'ne': ('≠', 'rel'), 'neq': ('≠', 'rel'),
    'approx': ('≈', 'rel'), 'equiv': ('≡', 'rel'), 'sim': ('∼', 'rel'),
    'simeq': ('≃', 'rel'), 'propto': ('∝', 'rel'), 'll': ('≪', 'rel'),
    'gg': ('≫', 'rel'), 'in': ('∈', 'rel'), 'notin': ('∉', 'rel'),
    'subset': ('⊂', 'rel'), 'subseteq': ('⊆', 'rel'),
    'supset': ('⊃', 'rel'), 'to': ('→', 'rel'), 'rightarrow': ('→', 'rel'),
    'leftarrow': ('←', 'rel'), 'Rightarrow': ('⇒', 'rel'),
    'Leftarrow': ('⇐', 'rel'), 'leftrightarrow': ('↔', 'rel'),
    'Leftrightarrow': ('⇔', 'rel'), 'mapsto': ('↦', 'rel'),
    'pm': ('±', 'bin'), 'mp': ('∓', 'bin'), 'times': ('×', 'bin'),
    'div': ('÷', 'bin'), 'cdot': ('·', 'bin'), 'ast': ('∗', 'bin'),
    'circ': ('∘', 'bin'), 'cup': ('∪', 'bin'), 'cap': ('∩', 'bin'),
    'wedge': ('∧', 'bin'), 'land': ('∧', 'bin'), 'vee': ('∨', 'bin'),
    'lor': ('∨', 'bin'), 'oplus': ('⊕', 'bin'), 'otimes': ('⊗', 'bin'),
    'infty': ('∞', 'ord'), 'partial': ('∂', 'ord'), 'nabla': ('∇', 'ord'),
    'forall': ('∀', 'ord'), 'exists': ('∃', 'ord'), 'neg': ('¬', 'ord'),
    'lnot': ('¬', 'ord'), 'emptyset': ('∅', 'ord'), 'prime': ('′', 'ord'),
    'ldots': ('…', 'ord'), 'dots': ('…', 'ord'), 'cdots': ('⋯', 'ord'),
    'hbar': ('ℏ', 'var'), 'ell': ('ℓ', 'var'), 'deg': ('°', 'ord'),
    'sum': ('∑', 'big'), 'prod': ('∏', 'big'), 'int': ('∫', 'big'),
    'lfloor': ('⌊', 'open'), 'rfloor': ('⌋', 'close'),
    'lceil': ('⌈', 'open'), 'rceil': ('⌉', 'close'),
    'langle': ('⟨', 'open'), 'rangle': ('⟩', 'close'),
    '{': ('{', 'open'), '}': ('}', 'close'), '|': ('‖', 'ord'),
    '_': ('_', 'ord'), '%': ('%', 'ord'), '#': ('#', 'ord'),
    '&': ('&', 'ord'), '$': ('$', 'ord'),
}

#: Operator names set upright, as LaTeX does.
FUNCTIONS = frozenset([
    'log', 'ln', 'lg', 'exp', 'sin', 'cos', 'tan', 'cot', 'sec', 'csc',
    'arcsin', 'arccos', 'arctan', 'sinh', 'cosh', 'tanh', 'min', 'max',
    'sup', 'inf', 'lim', 'gcd', 'det', 'dim', 'ker', 'mod', 'bmod', 'arg'
])

#: Spaces, in fractions of the font size (LaTeX's in mu / 18).
SPACES = {',': 3 / 18, ':': 4 / 18, ';': 5 / 18, '!': -3 / 18,
          ' ': 5 / 18, 'quad': 1.0, 'qquad': 2.0}

#: Commands whose argument is text, set upright.
TEXT_COMMANDS = frozenset({'text', 'textrm', 'mathrm', 'mbox', 'textit',
                           'operatorname', 'mathbf', 'textbf', 'mathit'})

#: Commands that change nothing linuxpdf draws.
IGNORED = frozenset({'displaystyle', 'textstyle', 'limits', 'nolimits',
                     'big', 'Big', 'bigg', 'Bigg', 'bigl', 'bigr',
                     'Bigl', 'Bigr'})

_TOKEN = re.compile(r'\\([A-Za-z]+|.)|(\s+)|(.)', re.DOTALL)


@dataclass
class Atom:
    """One character or word, of a kind: ``var`` (an italic letter),
    ``num``, ``ord``, ``bin``, ``rel``, ``punct``, ``open``, ``close``,
    ``big``, ``text`` (upright words), ``func`` (an operator name),
    ``space`` (``text`` holds its width in ems) or ``break`` (``\\\\``:
    a new line)."""

    text: str
    kind: str
    bold: bool = False


@dataclass
class Scripts:
    base: Node
    sup: Node | None = None
    sub: Node | None = None


@dataclass
class Fraction:
    numerator: Node
    denominator: Node


@dataclass
class Root:
    body: Node
    index: Node | None = None


@dataclass
class Fenced:
    """``\\left( ... \\right)``: delimiters as tall as the body."""

    left: str
    body: Node
    right: str


@dataclass
class Row:
    """Nodes side by side."""

    items: list[Node] = field(default_factory=list)


Node = Union[Atom, Scripts, Fraction, Root, Fenced, Row]  # noqa: UP007


@dataclass
class Formula:
    """A formula read: its row, and what could not be read as written."""

    row: Row
    problems: list[str] = field(default_factory=list)


def parse(source: str) -> Formula:
    """Read LaTeX maths source (see the module's docstring).  Equations
    separated by a blank line, as Sphinx writes a ``math`` block of
    several, are lines, as ``\\\\`` makes them."""
    source = re.sub(r'\n[ \t]*\n\s*', r' \\\\ ', source.strip())
    tokens = [(m[1], m[2], m[3]) for m in _TOKEN.finditer(source)]
    reader = _Reader(tokens)
    row = reader.row(stop=None)
    while reader.position < len(tokens):
        # a closing brace or \right without its opening
        command, _, char = tokens[reader.position]
        reader.problems.append(f'a "{char or chr(92) + command}" without '
                               'its opening')
        reader.position += 1
        row.items.extend(reader.row(stop=None).items)
    return Formula(row, reader.problems)


class _Reader:
    def __init__(self, tokens: list[tuple[str | None, str | None,
                                          str | None]]) -> None:
        self.tokens = tokens
        self.position = 0
        self.problems: list[str] = []

    def _peek(self) -> tuple[str | None, str | None, str | None] | None:
        while self.position < len(self.tokens) and \
                self.tokens[self.position][1]:
            self.position += 1          # white space means nothing here
        if self.position < len(self.tokens):
            return self.tokens[self.position]
        return None

    def row(self, stop: str | None) -> Row:
        """Nodes up to ``stop`` (``}`` or ``right``), which is left
        unread, or the end."""
        row = Row()
        while (token := self._peek()) is not None:
            command, _, char = token
            if char == '}' or command == 'right':
                if stop in ('}', 'right'):
                    return row
                break
            if char is not None and char in '^_':
                self.position += 1
                base = row.items.pop() if row.items else Atom('', 'ord')
                row.items.append(self._script(base, char))
                continue
            row.items.append(self.atom())
        if stop is not None:
            self.problems.append(
                'a "{" without its "}"' if stop == '}' else
                'a "\\left" without its "\\right"')
        return row

    def _script(self, base: Node, mark: str) -> Scripts:
        if not isinstance(base, Scripts):
            base = Scripts(base)
        argument = self.argument()
        if mark == '^':
            base.sup = argument if base.sup is None else \
                Row([base.sup, argument])
        else:
            base.sub = argument if base.sub is None else \
                Row([base.sub, argument])
        return base

    def argument(self) -> Node:
        """A braced group or the next single atom."""
        token = self._peek()
        if token is None:
            self.problems.append('a command or script without its argument')
            return Row()
        if token[2] == '{':
            self.position += 1
            row = self.row(stop='}')
            self._close('}')
            return row
        return self.atom()

    def _close(self, char: str) -> None:
        token = self._peek()
        if token is not None and (token[2] == char or token[0] == char):
            self.position += 1

    def _text_argument(self) -> str:
        """The raw text of a braced argument (``\\text{, for }``)."""
        token = self._peek()
        if token is None or token[2] != '{':
            return self.atom_text()
        self.position += 1
        depth = 0
        out: list[str] = []
        while self.position < len(self.tokens):
            command, space, char = self.tokens[self.position]
            self.position += 1
            if char == '{':
                depth += 1
            elif char == '}':
                if depth == 0:
                    return ''.join(out)
                depth -= 1
            out.append(space or char or (SYMBOLS.get(command or '', ('',))[0]
                                         if len(command or '') > 1
                                         else command or ''))
        self.problems.append('a "{" without its "}"')
        return ''.join(out)

    def atom_text(self) -> str:
        node = self.atom()
        return node.text if isinstance(node, Atom) else ''

    def atom(self) -> Node:
        command, _, char = self.tokens[self.position]
        self.position += 1
        if char is not None:
            return _char_atom(char, self)
        assert command is not None
        return self._command(command)

    def _command(self, command: str) -> Node:
        atom = _command_atom(command)
        if atom is not None:
            return atom
        if command in TEXT_COMMANDS:
            return Atom(self._text_argument(), 'text',
                        bold=command in ('mathbf', 'textbf'))
        structure = {'frac': self._fraction, 'dfrac': self._fraction,
                     'tfrac': self._fraction, 'cfrac': self._fraction,
                     'sqrt': self._root, 'left': self._fenced}.get(command)
        if structure is not None:
            return structure()
        if command in IGNORED:
            return Row()
        if command in ('begin', 'end'):
            # an environment of lines (align*, gathered, split...): its
            # rows are lines, its & nothing
            self._text_argument()
            return Row()
        self.problems.append(f'unknown command \\{command}, shown as its '
                             'name')
        return Atom(command, 'text')

    def _fraction(self) -> Node:
        return Fraction(self.argument(), self.argument())

    def _root(self) -> Node:
        index = None
        token = self._peek()
        if token is not None and token[2] == '[':
            self.position += 1
            index = Row()
            while (token := self._peek()) is not None and token[2] != ']':
                index.items.append(self.atom())
            self._close(']')
        return Root(self.argument(), index)

    def _fenced(self) -> Node:
        left = self._delimiter()
        body = self.row(stop='right')
        right = ''
        if self._peek() is not None:
            self.position += 1       # \right
            right = self._delimiter()
        return Fenced(left, body, right)

    def _delimiter(self) -> str:
        token = self._peek()
        if token is None:
            return ''
        self.position += 1
        command, _, char = token
        if char is not None:
            return '' if char == '.' else char
        return SYMBOLS.get(command or '', ('',))[0]


def _command_atom(command: str) -> Atom | None:
    """The atom a command without arguments stands for, if it is one."""
    if command in SYMBOLS:
        return Atom(*SYMBOLS[command])
    if command in FUNCTIONS:
        return Atom(command, 'func')
    if command in SPACES:
        return Atom(str(SPACES[command]), 'space')
    if command == '\\':
        return Atom('', 'break')
    return None


#: Characters other than letters and digits: what each is drawn as, and
#: its kind.
CHARACTERS = {
    "'": ('\u2032', 'ord'), '+': ('+', 'bin'), '-': ('\u2212', 'bin'),
    '*': ('\u2217', 'bin'), '=': ('=', 'rel'), '<': ('<', 'rel'),
    '>': ('>', 'rel'), ',': (',', 'punct'), ';': (';', 'punct'),
    '(': ('(', 'open'), '[': ('[', 'open'), ')': (')', 'close'),
    ']': (']', 'close'), '~': (str(SPACES[' ']), 'space'),
    '&': ('0', 'space'),
}


def _char_atom(char: str, reader: _Reader) -> Node:
    if char == '{':
        row = reader.row(stop='}')
        reader._close('}')
        return row
    if char.isdigit() or char == '.':
        return Atom(char, 'num')
    if char.isalpha():
        return Atom(char, 'var')
    return Atom(*CHARACTERS.get(char, (char, 'ord')))
