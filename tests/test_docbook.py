# SPDX-License-Identifier: GPL-2.0-only
"""``linuxdoc-docbook``: DocBook to reST that keeps every table span
(issue 35, first part).

The samples in ``tests/docbook/``: a DocBook 4.5 article whose DTD is
not installed (CALS spans in every direction, a ``spanspec``, a skipped
column, a nested ``entrytbl``, lists, footnote, figure, links, an entity
no one declares, an element with no mapping), a DocBook 5 book with an
HTML table and an XIncluded ``refentry``, and a kernel ``.tmpl`` with
every docproc marker.  Each table is read back into the table grid and
compared with where DocBook placed its entries; the result builds with
``-W`` in linuxhtml, linuxlatex and linuxpdf.
"""

from __future__ import annotations

import shutil
import subprocess
import sys
from pathlib import Path

import pytest
from docutils import nodes
from flat_table_docutils import our_flat_table, parse
from lxml import etree
from tools import sphinx_build

from linuxdoc_builders.docbook.rest import local, text_of
from linuxdoc_builders.docbook.tables import place
from linuxdoc_builders.table_nodes import PlacedTGroup

SAMPLES = Path(__file__).parent / 'docbook'
TREE = Path(__file__).parent / 'roots' / 'test-kernel-doc' / 'tree'


@pytest.fixture(scope='module')
def converted(tmp_path_factory: pytest.TempPathFactory
              ) -> tuple[Path, subprocess.CompletedProcess[str]]:
    out = tmp_path_factory.mktemp('docbook') / 'out'
    result = subprocess.run(
        [sys.executable, '-m', 'linuxdoc_builders.docbook.cli',
         *(str(SAMPLES / name) for name in ('article.xml', 'kernel.tmpl',
                                             'book5.xml')),
         '-o', str(out)], capture_output=True, text=True, check=False)
    assert result.returncode == 0, result.stderr
    assert 'Traceback' not in result.stderr
    return out, result


def _grid(rst: str) -> set[tuple[int, int, int, int, str]]:
    """The outer flat-table of ``rst`` as (row, column, rows, columns,
    text) of each cell."""
    start = rst.index('.. flat-table::')
    with our_flat_table():
        doctree, _ = parse(rst[start:])
    tgroup = next(doctree.findall(nodes.tgroup))
    placed = PlacedTGroup.read(tgroup)
    return {(cell.row, cell.col, cell.rowspan, cell.colspan,
             ' '.join(entry.astext().split()))
            for entry, cell in placed.placed_entries()
            if entry.parent.parent.parent is tgroup}


def _source_grid(path: Path, tag: str) -> set[tuple[int, int, int, int,
                                                    str]]:
    tree = etree.parse(str(path), etree.XMLParser(load_dtd=False,
                                                  resolve_entities=False,
                                                  no_network=True))
    tgroup = next(e for e in tree.iter() if local(e) == tag)
    return {(entry.row, entry.col, entry.rowspan, entry.colspan,
             ' '.join(text_of(entry.element).split())
             if entry.element is not None else '')
            for row in place(tgroup).rows for entry in row}


def test_cals_spans_are_kept(converted: tuple[Path, object]) -> None:
    out, _ = converted
    grid = _grid((out / 'article' / 'regs.rst').read_text())
    source = _source_grid(SAMPLES / 'article.xml', 'tgroup')
    # the nested table's cell is a table, read as its text
    nested = {cell for cell in source if cell[4].startswith('inner')}
    assert {cell[:4] for cell in grid} == {cell[:4] for cell in source}
    assert grid - {c for c in grid if c[:4] in {n[:4] for n in nested}} == \
        source - nested
    assert (0, 1, 1, 2, 'Fields') in grid
    assert (0, 0, 2, 1, 'Offset') in grid
    # the row after a row span: RST under Name, not under Offset
    assert (3, 1, 1, 1, 'RST') in grid
    assert (4, 1, 1, 3, 'Reserved, all of it') in grid
    assert (5, 2, 1, 1, 'gap before') in grid
    assert (5, 1, 1, 1, '') in grid


def test_html_table_spans_are_kept(converted: tuple[Path, object]) -> None:
    out, _ = converted
    tools = (out / 'book5' / 'tools.rst').read_text()
    # DocBook 5 marks the stub column
    assert ':stub-columns: 1' in tools
    grid = _grid(tools)
    assert grid == {(0, 0, 1, 2, 'Pair'), (0, 2, 1, 1, 'Single'),
                    (1, 0, 2, 1, 'tall'), (1, 1, 1, 1, 'a'),
                    (1, 2, 1, 1, 'b'), (2, 1, 1, 1, 'c'),
                    (2, 2, 1, 1, 'd')}


def test_kernel_markers_become_directives(
        converted: tuple[Path, subprocess.CompletedProcess[str]]) -> None:
    out, result = converted
    api = (out / 'kernel' / 'api.rst').read_text()
    for directive in [
            '.. kernel-doc:: drivers/demo/core.c\n'
            '   :export: drivers/demo/exports.c',
            '.. kernel-doc:: drivers/demo/long.c\n   :internal:',
            '.. kernel-doc:: drivers/demo/tiny.c\n   :functions: demo_tiny']:
        assert directive in api
    intro = (out / 'kernel' / 'intro.rst').read_text()
    assert '.. kernel-doc:: include/demo.h\n   :doc: Overview' in intro
    # its DTD (DocBook 4.1.2) comes from the system catalog
    assert not any('kernel.tmpl' in line and 'without its DTD' in line
                   for line in result.stderr.splitlines())
    assert ('kernel.tmpl:27: unknown or incomplete kernel template marker '
            "'!Xdrivers/demo/core.c': kept as text") in result.stderr


def test_nothing_is_lost_silently(
        converted: tuple[Path, subprocess.CompletedProcess[str]]) -> None:
    out, result = converted
    assert ('elements with no mapping (their text is kept): <wackyblock> '
            'x1 (first at line 75), <wackyelement> x2 (first at line 73)'
            ) in result.stdout
    assert '3 tables, 7 merged cells kept' in result.stdout
    regs = (out / 'article' / 'regs.rst').read_text()
    assert '.. index:: registers; map\n\n.. _intro-para:' not in regs
    assert '.. index:: registers; map\n\nCall :c:func:`demo_probe`' in regs
    usage = (out / 'article' / 'usage.rst').read_text()
    assert 'A thing and another, of ``long double``.' in usage
    assert 'A paragraph in a block of no known kind.\n\nAnd its second.' \
        in usage
    assert '**Why?**\n\n   Because.' in usage
    index = (out / 'article' / 'index.rst').read_text()
    assert 'The demo device \N{EM DASH} a sample with &unknownentity; in' \
        in index
    assert 'article.xml:7: entity &unknownentity; is declared nowhere' in \
        result.stderr
    assert (out / 'article' / 'square.png').is_file()


@pytest.mark.parametrize('builder', ['linuxhtml', 'linuxlatex', 'linuxpdf'])
def test_builds_without_a_warning(converted: tuple[Path, object],
                                  builder: str, tmp_path: Path) -> None:
    out, _ = converted
    result = sphinx_build('-W', '--keep-going', '-b', builder, '-D',
                          f'kerneldoc_srctree={TREE}', out,
                          tmp_path / builder, cwd=tmp_path)
    assert result.returncode == 0, result.stderr
    assert result.stderr == ''


def test_an_unreadable_source_fails(tmp_path: Path) -> None:
    broken = tmp_path / 'broken.xml'
    broken.write_text('<article><para>never closed</article>')
    missing = tmp_path / 'missing.xml'
    shutil.copyfile(SAMPLES / 'article.xml', tmp_path / 'article.xml')
    result = subprocess.run(
        [sys.executable, '-m', 'linuxdoc_builders.docbook.cli',
         str(missing), str(broken), str(tmp_path / 'article.xml'), '-o',
         str(tmp_path / 'out')], capture_output=True, text=True,
        check=False)
    assert result.returncode == 1
    assert 'missing.xml: cannot be read' in result.stderr
    assert 'broken.xml: cannot be read' in result.stderr
    assert (tmp_path / 'out' / 'article' / 'regs.rst').is_file()


def test_check_compares_with_the_docbook_xsl_rendering(
        tmp_path: Path) -> None:
    """``--check``: the register map has the same cells in the build as
    in DocBook XSL's HTML; what differs by design (the footnote's place)
    is named, with the figures."""
    result = subprocess.run(
        [sys.executable, '-m', 'linuxdoc_builders.docbook.cli',
         str(SAMPLES / 'article.xml'), '-o', str(tmp_path / 'out'),
         '--check'], capture_output=True, text=True, check=False,
        cwd=tmp_path)
    assert result.returncode == 0, result.stdout + result.stderr
    report = result.stdout.splitlines()
    assert not any(line.startswith("table 'Register map'")
                   for line in report), report
    figures = report[-1]
    assert figures.startswith('sections: 3 in DocBook'), figures
    # DocBook XSL sets the questions and answers as a table
    assert 'tables: 2 in DocBook, 1 the same; cells: 22, 22 the same' in \
        figures
    assert 'table #2 (no caption): not in the build' in report
