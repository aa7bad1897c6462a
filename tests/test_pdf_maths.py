# SPDX-License-Identifier: GPL-2.0-only
"""Maths in linuxpdf without matplotlib: LaTeX's maths source read into
a tree (:mod:`linuxdoc_builders.pdf.maths_source`), set as paragraph
markup inline and drawn as a formula in a block
(:mod:`linuxdoc_builders.pdf.maths`); random formulas build without a
traceback, every number of them in the PDF."""

from __future__ import annotations

from itertools import pairwise
from pathlib import Path

import pymupdf
import pytest
from hypothesis import HealthCheck, Phase, given, settings
from hypothesis import strategies as st
from tools import sphinx_build, typed

from linuxdoc_builders.pdf.maths import markup
from linuxdoc_builders.pdf.maths_source import (
    Atom,
    Fenced,
    Fraction,
    Root,
    Row,
    Scripts,
    parse,
)


def test_the_kernels_formula_is_read_into_its_parts() -> None:
    formula = parse(r"L = -\left( \frac{L' - 0.099}{-1.099} \right)"
                    r"^\frac{1}{0.45} \text{, for } L' \le -0.081")
    assert formula.problems == []
    items = formula.row.items
    assert items[:3] == [Atom('L', 'var'), Atom('=', 'rel'),
                         Atom('\u2212', 'bin')]
    power = items[3]
    assert isinstance(power, Scripts)
    assert isinstance(power.base, Fenced)
    assert (power.base.left, power.base.right) == ('(', ')')
    assert isinstance(power.sup, Fraction)
    assert Atom(', for ', 'text') in items
    assert Atom('\u2264', 'rel') in items


def test_roots_scripts_and_groups() -> None:
    formula = parse(r'\sqrt[3]{a_i^2} + x_{n+1}')
    root = formula.row.items[0]
    assert isinstance(root, Root)
    assert root.index == Row([Atom('3', 'num')])
    script = root.body.items[0] if isinstance(root.body, Row) else None
    assert isinstance(script, Scripts)
    assert script.sub == Atom('i', 'var') and script.sup == Atom('2', 'num')


@pytest.mark.parametrize(('source', 'problem'), [
    (r'a + \foo b', r'unknown command \foo, shown as its name'),
    (r'\frac{a}{b', 'a "{" without its "}"'),
    (r'a } b', 'a "}" without its opening'),
    (r'\left( a', r'a "\left" without its "\right"'),
    (r'x^', 'a command or script without its argument'),
])
def test_what_cannot_be_read_is_named(source: str, problem: str) -> None:
    assert parse(source).problems == [problem]


def test_inline_markup() -> None:
    assert markup(parse(r'a_1 + b^2').row).strip() == \
        '<i>a</i><sub>1</sub> + <i>b</i><super>2</super>'
    assert markup(parse(r'\frac{1}{x+1} \le \alpha').row).strip() == \
        '1/(<i>x</i> + 1) \u2264 <i>\u03b1</i>'
    assert markup(parse(r'a < b').row).strip() == '<i>a</i> &lt; <i>b</i>'


NUMBERS = st.integers(0, 999).map(str)


@st.composite
def formulas(draw: st.DrawFn, depth: int = 0) -> tuple[str, list[str]]:
    """LaTeX maths source and the numbers it holds."""
    parts: list[str] = []
    numbers: list[str] = []
    for _ in range(draw(st.integers(1, 4))):
        kind = draw(st.sampled_from(
            ['number', 'letter', 'op'] + (['frac', 'sup', 'sub', 'sqrt',
                                           'fence'] if depth < 2 else [])))
        if kind == 'number':
            number = draw(NUMBERS)
            parts.append(number)
            numbers.append(number)
        elif kind == 'letter':
            parts.append(draw(st.sampled_from(['x', r'\alpha', r'\Omega'])))
        elif kind == 'op':
            parts.append(draw(st.sampled_from(['+', '-', '=', r'\le',
                                               r'\cdot', ','])))
        else:
            inner, found = draw(formulas(depth + 1))
            numbers += found
            if kind == 'frac':
                other, more = draw(formulas(depth + 1))
                numbers += more
                parts.append(rf'\frac{{{inner}}}{{{other}}}')
            elif kind in ('sup', 'sub'):
                mark = '^' if kind == 'sup' else '_'
                parts.append(f'y{mark}{{{inner}}}')
            elif kind == 'sqrt':
                parts.append(rf'\sqrt{{{inner}}}')
            else:
                parts.append(rf'\left( {inner} \right)')
    return ' '.join(parts), numbers


@settings(max_examples=6, deadline=None,
          phases=[Phase.explicit, Phase.reuse, Phase.generate],
          suppress_health_check=[HealthCheck.function_scoped_fixture,
                                 HealthCheck.too_slow])
@given(blocks=st.lists(formulas(), min_size=1, max_size=4),
       inline=formulas())
def test_random_formulas_are_drawn(
        tmp_path_factory: pytest.TempPathFactory,
        blocks: list[tuple[str, list[str]]],
        inline: tuple[str, list[str]]) -> None:
    """Exit 0, no warning, every number of every formula in the PDF
    (as many times as written), none of the source's commands."""
    tmp = tmp_path_factory.mktemp('maths')
    src = tmp / 'src'
    src.mkdir()
    (src / 'conf.py').write_text("extensions = ['linuxdoc_builders']\n"
                                 "project = 'maths'\n")
    body = ['Maths', '=====', '', f'Inline :math:`{inline[0]}` here.', '']
    for source, _ in blocks:
        body += ['.. math::', '', f'   {source}', '']
    (src / 'index.rst').write_text('\n'.join(body), encoding='utf-8')
    result = sphinx_build('-q', '-b', 'linuxpdf', src, tmp / 'out', cwd=tmp)
    assert result.returncode == 0, result.stderr
    assert 'WARNING' not in result.stderr, result.stderr
    with pymupdf.open(Path(tmp / 'out' / 'maths.pdf')) as document:
        words = [w[4] for page in document for w in page.get_text('words')]
    text = ' '.join(words)
    for command in ('frac', 'sqrt', 'left', 'alpha', '\\'):
        assert command not in text, command
    expected = sorted(n for _, found in [*blocks, inline] for n in found)
    drawn = ''.join(words)
    for number in set(expected):
        assert drawn.count(number) >= expected.count(number), number


def test_a_long_formula_breaks_and_an_unknown_command_is_named(
        tmp_path: Path) -> None:
    """A formula three times the line's width breaks after its
    operators, every line inside the page; ``\\foo`` is drawn as
    ``foo`` with a warning at the formula's line."""
    src = tmp_path / 'src'
    src.mkdir()
    (src / 'conf.py').write_text("extensions = ['linuxdoc_builders']\n"
                                 "project = 'maths'\n")
    terms = ' + '.join(f'{n}x_{{{n}}}' for n in range(100, 160))
    (src / 'index.rst').write_text(
        f'Maths\n=====\n\n.. math::\n\n   y = {terms}\n\n'
        '.. math::\n\n   a = \\foo b\n', encoding='utf-8')
    result = sphinx_build('-q', '-b', 'linuxpdf', src, tmp_path / 'out',
                          cwd=tmp_path)
    assert result.returncode == 0, result.stderr
    assert result.stderr.strip().splitlines() == [typed(
        f'{src}/index.rst:8: WARNING: maths drawn as well as it can be '
        'read: unknown command \\foo, shown as its name', 'linuxdoc.pdf')]
    with pymupdf.open(tmp_path / 'out' / 'maths.pdf') as document:
        page = document[-1]
        words = page.get_text('words')
        width = page.rect.width
    assert max(w[2] for w in words) < width
    drawn = ''.join(w[4] for w in words)
    for n in range(100, 160):
        assert str(n) in drawn, n
    assert len({round(w[3]) for w in words if w[4].startswith('1')}) >= 3
    assert 'foo' in drawn


def test_each_equation_of_a_block_has_a_line_of_its_own(
        tmp_path: Path) -> None:
    """Equations separated by a blank line (Sphinx's several equations
    of one block) and the rows of ``align*`` are lines of their own,
    centred; ``&`` and the environment's name are not drawn."""
    src = tmp_path / 'src'
    src.mkdir()
    (src / 'conf.py').write_text("extensions = ['linuxdoc_builders']\n"
                                 "project = 'maths'\n")
    (src / 'index.rst').write_text(
        'Maths\n=====\n\n.. math::\n\n   a = 101\n\n   b = 202\n\n'
        '.. math::\n\n   \\begin{align*}\n   c &= 303 \\\\\n'
        '   d &= 404\n   \\end{align*}\n', encoding='utf-8')
    result = sphinx_build('-q', '-b', 'linuxpdf', src, tmp_path / 'out',
                          cwd=tmp_path)
    assert result.returncode == 0, result.stderr
    assert 'WARNING' not in result.stderr, result.stderr
    with pymupdf.open(tmp_path / 'out' / 'maths.pdf') as document:
        words = document[-1].get_text('words')
    numbers = {w[4]: (w[1] + w[3]) / 2 for w in words
               if w[4] in ('101', '202', '303', '404')}
    assert len(numbers) == 4
    heights = sorted(numbers.values())
    assert all(b - a > 8 for a, b in pairwise(heights))
    text = ' '.join(w[4] for w in words)
    for source in ('&', 'begin', 'align', 'end'):
        assert source not in text, source
