# SPDX-License-Identifier: GPL-2.0-only
"""Random tables with widths given, through linuxlatex and xelatex.

The kernel's tables give their widths with ``.. tabularcolumns::`` and
``:widths:``, often narrower than their text, and with raw LaTeX that
sets them in ``\\tiny``.  For any such table the build exits 0, every
message names the file and a line, every cell's text is in the PDF
exactly once, and none of it is hidden, unless a warning says that a
column's text runs into the next one.
"""

from __future__ import annotations

import re
import tempfile
from dataclasses import dataclass
from pathlib import Path

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from pdf_visible import hidden_text, page_text
from tools import latexmk, make_latex_pdfs, sphinx_build

#: Pieces of the kernel's identifiers.
_PARTS = ('v4l2', 'pix', 'fmt', 'buf', 'cap', 'drm', 'plane', 'zpos',
          'entity', 'desc', 'MEDIA', 'BUS', 'SBGGR16', 'ALAW8', 'X16')


@dataclass
class Table:
    """A table's source, and each of its cells' token."""

    source: str
    tokens: list[str]


@st.composite
def tables(draw: st.DrawFn, number: int) -> Table:
    """A flat-table with widths given in one of the kernel's ways, its
    cells holding a token, an identifier, a subscript or a value."""
    n_rows = draw(st.integers(1, 4))
    n_cols = draw(st.integers(1, 6))
    lines = []
    size = draw(st.sampled_from(['', '\\tiny', '\\scriptsize',
                                 '\\footnotesize']))
    colsep = draw(st.sampled_from(['', '\\setlength{\\tabcolsep}{2pt}']))
    if size or colsep:
        lines += ['.. raw:: latex', '', f'   \\begingroup{size}{colsep}', '']
    how = draw(st.sampled_from(['spec', 'widths', 'none']))
    if how == 'spec':
        extra = draw(st.integers(0, 1))
        widths = draw(st.lists(st.integers(1, 80), min_size=n_cols + extra,
                               max_size=n_cols + extra))
        spec = ''.join(f'p{{{w / 10:.1f}cm}}|' for w in widths)
        lines += [f'.. tabularcolumns:: |{spec}', '']
    lines += [f'.. flat-table:: Table {number}']
    if how == 'widths':
        shares = draw(st.lists(st.integers(1, 9), min_size=n_cols,
                               max_size=n_cols))
        lines += [f'   :widths: {" ".join(map(str, shares))}']
    lines += ['']
    tokens = []
    for y in range(n_rows):
        for x in range(n_cols):
            token = f'Q{number}x{y}y{x}Q'
            tokens.append(token)
            extra_text = draw(st.sampled_from([
                '',
                '``' + '_'.join(draw(st.lists(st.sampled_from(_PARTS),
                                              min_size=1, max_size=6)))
                + '``',
                'b\\ :sub:`' + str(draw(st.integers(0, 31))) + '`',
                f'0x{draw(st.integers(0, 2**32 - 1)):08x}',
                'the driver clears the flag and returns the next entity',
            ]))
            bullet = '* -' if x == 0 else '  -'
            lines.append(f'   {bullet} {token} {extra_text}'.rstrip())
        lines.append('')
    if size or colsep:
        lines += ['.. raw:: latex', '', '   \\endgroup', '']
    return Table('\n'.join(lines) + '\n', tokens)


@settings(max_examples=8, deadline=None,
          suppress_health_check=[HealthCheck.too_slow])
@given(st.lists(st.integers(0, 0), min_size=1, max_size=3).flatmap(
    lambda numbers: st.tuples(*(tables(n) for n in range(len(numbers))))))
def test_random_given_widths_lose_nothing(drawn: tuple[Table, ...]) -> None:
    latexmk()
    with tempfile.TemporaryDirectory() as tmp:
        src = Path(tmp) / 'src'
        src.mkdir()
        (src / 'conf.py').write_text(
            "extensions = ['linuxdoc_builders']\nproject = 'random'\n"
            "latex_elements = {'papersize': 'a4paper', 'pointsize': "
            "'11pt', 'sphinxsetup': 'hmargin=0.5in'}\n")
        (src / 'index.rst').write_text(
            'Random\n======\n\n' + '\n'.join(t.source for t in drawn))
        out = Path(tmp) / 'out'
        result = sphinx_build('-b', 'linuxlatex', src, out, cwd=Path(tmp))
        assert result.returncode == 0, result.stderr
        assert 'Traceback' not in result.stderr
        warnings = [line for line in result.stderr.splitlines()
                    if 'WARNING' in line]
        assert all(re.match(r'\S*index.rst:\d+: WARNING: ', line)
                   for line in warnings), warnings
        assert make_latex_pdfs(out) == []
        pdf = out / 'random.pdf'
        text = page_text(pdf)
        tokens = [token for table in drawn for token in table.tokens]
        assert [t for t in tokens if text.count(t) != 1] == []
        if not any('run into the next column' in line for line in warnings):
            assert hidden_text(pdf) == [], '\n'.join(
                t.source for t in drawn)

