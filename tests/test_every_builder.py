# SPDX-License-Identifier: GPL-2.0-only
"""One table repair for every builder Sphinx ships, and ours.

A table with impossible geometry, as another directive may hand it over,
is repaired and reported once by a post-transform, before any writer sees
it: every builder exits 0, with the same warnings at the table's file and
line (serial and with ``-j 2``), and every cell's text is in the output or
quoted in a warning.  The control shows the same table stopping stock
Sphinx's text, epub and texinfo builders with a traceback.
"""

from __future__ import annotations

import re
from pathlib import Path

import pytest
from conftest import ROOTS
from tools import sphinx_build

BUILDERS = ['html', 'dirhtml', 'singlehtml', 'epub', 'text', 'man',
            'texinfo', 'xml', 'pseudoxml', 'latex', 'linuxhtml',
            'linuxlatex']

#: The geometry of tests/roots/test-html-geometry, with cell texts no
#: writer's own words contain.
SOURCE = '''\
Impossible geometry
===================

.. hand-made-table::
   :cols: 3
   :header-rows: 1
   :stub-columns: 1

   HeadOne | HeadTwo@1,0 | HeadThree
   CellAlpha@5,0 | CellBravo@x,0 | CellCharlie
   CellWide@0,100000000 | CellNoRoom
   CellPapa@0,-2 | CellQuebec@1,0
   CellRomeo@0,1
   CellLonely

After the table.
'''

CELLS = re.findall(r'\b(Head\w+|Cell\w+)', SOURCE)

#: What the repair says, in every builder.
WARNINGS = [
    'table row 1, entry 2: morerows 1 runs from the header rows into the '
    'body; reduced to 0',
    'table row 2, entry 1: morerows 5 runs past the last row; reduced to 4',
    'table row 3, entry 1: morecols 100000000 runs past the last column; '
    'reduced to 1',
    "table row 3, entry 2: no column is left for it in 3 columns; its "
    "content 'CellNoRoom' is left out",
    'table row 4, entry 1: morecols -2 is negative; reduced to 0',
    'table row 5, entry 1: morecols 1 overlaps another cell; reduced to 0']


def _project(tmp_path: Path, extensions: str = "['linuxdoc_builders']"
             ) -> Path:
    source = tmp_path / 'source'
    source.mkdir()
    conf = (ROOTS / 'test-html-geometry' / 'conf.py').read_text()
    # columns wide enough for the text builder to print a word on a line
    (source / 'conf.py').write_text(conf.replace(
        "extensions = ['linuxdoc_builders']", f'extensions = {extensions}'
    ).replace('colwidth=1', 'colwidth=14'))
    (source / 'index.rst').write_text(SOURCE)
    return source


def _warnings(stderr: str) -> list[str]:
    """The repair's warnings at the table's line, without the type suffix
    that Sphinx 8 and later append.  (The man writer adds its own notes
    that it cannot span cells.)"""
    return [message.removesuffix(' [linuxdoc.table]')
            for line in stderr.splitlines()
            if 'index.rst:4: WARNING: ' in line
            and (message := line.split('WARNING: ', 1)[1]).startswith(
                'table row ')]


def _output_text(outdir: Path) -> str:
    """Everything the builder wrote as text, but the search index."""
    texts = []
    for path in sorted(outdir.rglob('*')):
        if path.is_file() and path.suffix in {
                '.html', '.xhtml', '.txt', '.1', '.texi', '.xml', '.tex',
                '.pseudoxml'} and 'search' not in path.name:
            texts.append(path.read_text(encoding='utf-8', errors='replace'))
    return '\n'.join(texts)


@pytest.mark.parametrize('jobs', ['1', '2'])
@pytest.mark.parametrize('builder', BUILDERS)
def test_impossible_geometry_in_every_builder(tmp_path: Path, builder: str,
                                              jobs: str) -> None:
    source = _project(tmp_path)
    out = tmp_path / 'out'
    result = sphinx_build('-b', builder, '-j', jobs, source, out,
                          cwd=tmp_path)
    assert result.returncode == 0, result.stderr
    assert 'Traceback' not in result.stderr + result.stdout
    assert _warnings(result.stderr) == WARNINGS
    text = _output_text(out)
    for cell in CELLS:
        assert cell in text or cell == 'CellNoRoom', (builder, cell)
    assert 'After the table.' in text or 'After the table' in text


def test_impossible_geometry_in_linuxpdf(tmp_path: Path) -> None:
    import pymupdf

    source = _project(tmp_path)
    result = sphinx_build('-b', 'linuxpdf', source, tmp_path / 'out',
                          cwd=tmp_path)
    assert result.returncode == 0, result.stderr
    assert 'Traceback' not in result.stderr
    assert _warnings(result.stderr) == WARNINGS
    pdf, = (tmp_path / 'out').glob('*.pdf')
    with pymupdf.open(pdf) as document:
        text = ''.join(page.get_text() for page in document)
    for cell in CELLS:
        assert cell in text or cell == 'CellNoRoom', cell


@pytest.mark.parametrize('builder', ['text', 'epub', 'texinfo'])
def test_stock_sphinx_stops_on_the_same_table(tmp_path: Path,
                                              builder: str) -> None:
    """The control: without our extension the same table stops these
    builders with a traceback, and names no file or line."""
    source = _project(tmp_path, extensions='[]')
    result = sphinx_build('-b', builder, source, tmp_path / 'out',
                          cwd=tmp_path)
    assert result.returncode != 0
    assert 'index.rst:4' not in result.stderr
