# SPDX-License-Identifier: GPL-2.0-only
"""Literal blocks in linuxlatex: a long one compiles, a captioned one
compiles.

The long block is like the kernel's kernel-parameters.txt, which
admin-guide includes literally: thousands of lines indented with many
spaces, each a point where a line may wrap.  Stock Sphinx before 9.1
gathers the block in one box and xelatex stops with "TeX capacity
exceeded"; the control build shows it (9.1 cuts the block itself).
"""

from __future__ import annotations

import re
from pathlib import Path

import pytest
import sphinx
from tools import make_latex_pdfs, sphinx_build

from linuxdoc_builders.latex.literals import PIECE_LINES, in_pieces

LINES = 3000

#: Line numbers highlighted: in the first piece, in a later one, the last.
EMPHASIZED = (2, 1401, LINES)


def _write_root(src: Path, extensions: list[str]) -> None:
    src.mkdir()
    (src / 'conf.py').write_text(f'extensions = {extensions!r}\n'
                                 "latex_engine = 'xelatex'\n"
                                 'numfig = True\n')
    code = '\n'.join(f'      {" " * 24}[FTRACE] parameter {n} do not trace '
                     f'the functions in the {{list}} \\x' for n in
                     range(1, LINES + 1))
    (src / 'index.rst').write_text(f"""\
Literal blocks
==============

See :numref:`long` and :ref:`the short one <short>`.

.. code-block:: text
   :caption: A short block
   :name: short

   one two

.. code-block:: text
   :caption: A long block
   :name: long
   :linenos:
   :emphasize-lines: {','.join(map(str, EMPHASIZED))}

{code}

After the long block.
""")


def _compile(tmp_path: Path, builder: str, extensions: list[str]
             ) -> tuple[Path, list[str]]:
    _write_root(tmp_path / 'src', extensions)
    out = tmp_path / 'out'
    result = sphinx_build('-q', '-b', builder, tmp_path / 'src', out,
                          cwd=tmp_path)
    assert result.returncode == 0, result.stderr
    return out, make_latex_pdfs(out)


def test_long_and_captioned_blocks_compile(tmp_path: Path) -> None:
    out, errors = _compile(tmp_path, 'linuxlatex', ['linuxdoc_builders'])
    assert errors == []
    import pymupdf
    with pymupdf.open(next(out.glob('*.pdf'))) as document:
        text = ' '.join(page.get_text() for page in document)
        names = document.resolve_names()
    numbers = [int(n) for n in re.findall(r'parameter (\d+) do', text)]
    assert sorted(numbers) == list(range(1, LINES + 1))
    # the line numbers run on across the pieces
    assert re.search(rf'\b{LINES}\s+\[FTRACE\] parameter {LINES} do', text)
    assert 'After the long block.' in text
    assert {'index:long', 'index:short'} <= set(names)


def test_stock_sphinx_before_9_1_cannot_compile_the_long_block(
        tmp_path: Path) -> None:
    """Sphinx 9.1 cuts a long block in pieces itself."""
    _, errors = _compile(tmp_path, 'latex', [])
    if sphinx.version_info >= (9, 1):
        assert errors == []
    else:
        assert any('TeX capacity exceeded' in error for error in errors), \
            errors


def _hlcode(lines: int, options: str = '') -> str:
    code = ''.join(f'line {n}\n' for n in range(1, lines + 1))
    return '\\begin{sphinxVerbatim}%s\n%s\\end{sphinxVerbatim}' % (options,
                                                                 code)


def test_a_short_block_is_left_whole() -> None:
    hlcode = _hlcode(PIECE_LINES)
    assert in_pieces(hlcode, [3]) == hlcode


@pytest.mark.parametrize('lines', [PIECE_LINES + 1, 3 * PIECE_LINES])
def test_pieces_keep_numbers_and_highlighted_lines(lines: int) -> None:
    options = '[commandchars=\\\\\\{\\},numbers=left,firstnumber=5]'
    written = in_pieces(_hlcode(lines, options), [1, PIECE_LINES + 1])
    begins = re.findall(r'\\begin\{sphinxVerbatim\}\[.*firstnumber=(\d+)\]',
                        written)
    assert begins == [str(5 + n) for n in range(0, lines, PIECE_LINES)]
    assert written.count('\\end{sphinxVerbatim}') == len(begins)
    # the first piece keeps Sphinx's own setting; the second highlights
    # its first line
    assert re.findall(r'\\fvset\{hllines=\{, ([\d, ]*),\}\}', written) == \
        ['1'] + [''] * (len(begins) - 2)
    assert re.findall(r'line (\d+)\n', written) == \
        [str(n) for n in range(1, lines + 1)]


def test_wrapped_lines_count_as_printed() -> None:
    """A line of 200 characters takes three printed lines: a piece holds
    a third as many."""
    code = ''.join(f'{n:<199}\n' for n in range(PIECE_LINES // 3 * 3))
    written = in_pieces('\\begin{sphinxVerbatim}\n%s\\end{sphinxVerbatim}'
                        % code, [])
    assert written.count('\\begin{sphinxVerbatim}') == 3
