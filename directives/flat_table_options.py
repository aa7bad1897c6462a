# SPDX-License-Identifier: GPL-2.0-only
"""The options of ``flat-table``, read leniently.

docutils validates a directive's options before the directive runs, and
rejects the whole directive for any problem: a typo'd option name
(``:header-row: 1``), a bad value (``:widths: 0 1``, ``:align: middle``)
or rows that follow the options without a blank line remove the table
from every output, with one log line.  ``flat-table`` therefore takes its
directive block (title and options) as one argument, and this module
splits it into the title, the options and any rows written right after
them, and checks each option on its own: a problem is a message naming
the option (and, for an unknown one, the closest valid name), and the
option falls back to its default; the table is always built.

Values are checked before any conversion: no user text reaches ``int()``
unless it is a short string of digits.
"""

from __future__ import annotations

import difflib
import re
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any

from docutils.parsers.rst import directives
from docutils.parsers.rst.directives.tables import Table
from sphinx.locale import __

if TYPE_CHECKING:
    from collections.abc import Callable

#: A number of rows, columns or a width: at most this many digits, so
#: ``int()`` never sees arbitrarily long strings, and TeX's integers (up
#: to 2**31) hold any sum of widths the writers compute.
MAX_DIGITS = 6

#: docutils' field marker (``:name:`` then a space or the end of line):
#: the first line of the block that has one starts the options.
_FIELD = re.compile(r':(?![: ])((?:[^:\\]|\\.|:(?!([ `]|$)))*)(?<! ):'
                    r'( +|$)')


#: The first line of a row: a bullet list item.
_ROW = re.compile(r'[-*+]( |$)')


def _count(value: str | None) -> int:
    """``:header-rows:`` and ``:stub-columns:``: a whole number, 0 or
    more."""
    text = (value or '').strip()
    if not (text.isascii() and text.isdigit()):
        raise ValueError(__('expected a whole number (0 or more)'))
    if len(text) > MAX_DIGITS:
        raise ValueError(__('expected at most %d digits') % MAX_DIGITS)
    return int(text)


def _widths(value: str | None) -> str | list[int]:
    """``auto``, ``grid``, or one positive whole number per column."""
    text = (value or '').strip()
    if text in ('auto', 'grid'):
        return text
    words = text.replace(',', ' ').split()
    if not words:
        raise ValueError(__('expected "auto", "grid" or one whole number '
                            'per column'))
    widths = []
    for word in words:
        if not (word.isascii() and word.isdigit()):
            raise ValueError(__('%r is not a positive whole number') % word)
        if len(word) > MAX_DIGITS:
            raise ValueError(__('%r has more than %d digits')
                             % (word, MAX_DIGITS))
        if int(word) == 0:
            raise ValueError(__('%r is not a positive whole number') % word)
        widths.append(int(word))
    return widths


def _width(value: str | None) -> str:
    """A length, a percentage of the line, or a number of pixels."""
    text = (value or '').strip()
    try:
        if not text:
            raise ValueError
        width: str = directives.length_or_percentage_or_unitless(text)
    except ValueError:
        raise ValueError(__('expected a length (30em, 12cm, 4in), a '
                            'percentage of the line (80%) or a number of '
                            'pixels')) from None
    return width


def _flag(value: str | None) -> bool:
    if value and value.strip():
        raise ValueError(__('takes no value'))
    return True


def _name(value: str | None) -> str:
    if not (value and value.strip()):
        raise ValueError(__('expected a name'))
    return value.strip()


#: Every option and how its value is checked.  Each raises ValueError
#: with the reason for a bad value.
CHECKS: dict[str, Callable[..., Any]] = {
    'header-rows': _count,
    'stub-columns': _count,
    'widths': _widths,
    'width': _width,
    'align': Table.option_spec['align'],
    'class': directives.class_option,
    'name': _name,
    'fill-cells': _flag,
}


@dataclass
class OptionProblem:
    """An option that is ignored, and why, at ``offset`` lines into the
    directive block (the directive's own line is 0)."""

    offset: int
    text: str


@dataclass
class DirectiveBlock:
    """What the title-and-options block of one flat-table held."""

    title: str | None = None
    options: dict[str, Any] = field(default_factory=dict)
    problems: list[OptionProblem] = field(default_factory=list)
    #: Where each option was given, as ``offset`` in OptionProblem.
    offsets: dict[str, int] = field(default_factory=dict)
    #: Lines after the options that are not options: rows written
    #: without the blank line before them (indices into the block).
    rows_from: int | None = None


def read_block(lines: list[str]) -> DirectiveBlock:
    """Split the directive block into title, options and rows.

    ``lines[0]`` is the text after ``::`` on the directive's line, the
    others the lines that follow it up to the first blank line, with the
    block's indentation removed.
    """
    block = DirectiveBlock()
    first_option = next((i for i, line in enumerate(lines)
                         if _FIELD.match(line)), None)
    first_row = next((i for i, line in enumerate(lines)
                      if i and _ROW.match(line)), None)
    if first_row is not None and (first_option is None
                                  or first_row < first_option):
        # the rows run on from the title: no blank line, no option
        block.title = '\n'.join(lines[:first_row]).strip() or None
        block.rows_from = first_row
        block.problems.append(OptionProblem(first_row, __(
            'the rows follow the title without a blank line; read as '
            'rows, not as part of the title')))
        return block
    title_lines = lines[:first_option] if first_option is not None \
        else lines
    title = '\n'.join(title_lines).strip()
    block.title = title or None
    if first_option is None:
        return block
    fields: list[tuple[int, str, list[str]]] = []
    for i in range(first_option, len(lines)):
        line = lines[i]
        match = _FIELD.match(line)
        if match:
            fields.append((i, match.group(1), [line[match.end():]]))
        elif line[:1].isspace():
            fields[-1][2].append(line.strip())
        else:
            block.rows_from = i
            break
    for offset, name, value_lines in fields:
        _check(block, offset, name.strip().lower(),
               '\n'.join(value_lines).strip() or None)
    return block


def _check(block: DirectiveBlock, offset: int, name: str,
           value: str | None) -> None:
    check = CHECKS.get(name)
    if check is None:
        close = difflib.get_close_matches(name, CHECKS, n=1)
        hint = (__('; did you mean :%s:?') % close[0]) if close else (
            __('; the options are %s') % ', '.join(
                ':%s:' % n for n in CHECKS))
        block.problems.append(OptionProblem(
            offset, __('unknown option :%s:, ignored') % name + hint))
        return
    if name in block.options:
        block.problems.append(OptionProblem(
            offset, __(':%s: given twice; the first one is used') % name))
        return
    block.offsets[name] = offset
    try:
        block.options[name] = check(value)
    except (ValueError, TypeError) as error:
        block.problems.append(OptionProblem(
            offset, __(':%s: %r: %s; using the default') % (
                name, value or '', ' '.join(map(str, error.args)))))
