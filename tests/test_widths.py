# SPDX-License-Identifier: GPL-2.0-only
"""Column widths that never round to zero, for any number of columns
(issue 16, item 2): HTML stopped with ``"0" is no proportional measure``
and LaTeX with ``Arithmetic overflow`` beyond 100 columns."""

from __future__ import annotations

import re
from typing import TYPE_CHECKING

import pytest
from lxml import html
from tools import make_latex_pdfs, sphinx_build

from linuxdoc_builders.widths import (
    MAX_TOTAL,
    equal_widths,
    proportional_widths,
)

if TYPE_CHECKING:
    from pathlib import Path

COLUMNS = 150


def _project(tmp_path: Path) -> Path:
    cells = '\n'.join(f'     - c{i}' for i in range(1, COLUMNS))
    source = tmp_path / 'source'
    source.mkdir()
    (source / 'conf.py').write_text("extensions = ['linuxdoc_builders']\n")
    (source / 'index.rst').write_text(f'''Wide
====

.. flat-table:: grid widths
   :widths: grid

   * - c0
{cells}

.. flat-table:: two widths for {COLUMNS} columns
   :widths: 1 2

   * - c0
{cells}

.. list-table:: widths beyond TeX's integers
   :widths: 999999999 999999999 999999999

   * - a
     - b
     - c
''')
    return source


@pytest.mark.parametrize('builder', ['linuxhtml', 'html'])
def test_html_widths_of_a_wide_table(tmp_path: Path, builder: str) -> None:
    result = sphinx_build('-q', '-b', builder, _project(tmp_path),
                          tmp_path / 'out', cwd=tmp_path)
    assert result.returncode == 0, result.stderr
    assert 'Traceback' not in result.stderr
    page = html.parse(str(tmp_path / 'out' / 'index.html'))
    tables = page.xpath('//table')
    assert len(tables) == 3
    for table in tables[:2]:
        widths = [float(re.sub(r'[^0-9.]', '', style)) for style in
                  table.xpath('.//col/@style')]
        assert len(widths) == COLUMNS
        assert min(widths) > 0


def test_latex_widths_of_a_wide_table(tmp_path: Path) -> None:
    result = sphinx_build('-q', '-b', 'linuxlatex', _project(tmp_path),
                          tmp_path / 'out', cwd=tmp_path)
    assert result.returncode == 0, result.stderr
    tex = next((tmp_path / 'out').glob('*.tex')).read_text()
    widths = [(int(a), int(b)) for a, b in
              re.findall(r'\\X\{(\d+)\}\{(\d+)\}', tex)]
    assert len(widths) == 2 * COLUMNS + 3
    assert all(0 < a <= b <= MAX_TOTAL for a, b in widths)
    assert make_latex_pdfs(tmp_path / 'out') == []


def test_equal_widths_are_never_zero() -> None:
    assert equal_widths(3) == [33, 33, 33]
    assert equal_widths(1000) == [1] * 1000


def test_proportional_widths() -> None:
    assert proportional_widths([2, 5]) is None
    assert proportional_widths([0, 1, 3]) == [2, 1, 3]
    assert proportional_widths([-1, 'x', None])  # type: ignore[list-item] == [1, 1, 1]
    huge = proportional_widths([10**12, 10**12, 10**10])
    assert huge is not None
    assert sum(huge) <= MAX_TOTAL
    assert huge[0] == huge[1]
    assert abs(huge[0] / huge[2] - 100) < 0.1
