# SPDX-License-Identifier: GPL-2.0-only
"""An image a PDF route cannot draw is a placeholder, never a lost book.

``tests/roots/test-images`` holds a PNG that is no PNG, an SVG that is
no XML, a file that does not exist and a URL that cannot be fetched
(``example.invalid`` never resolves).  Stock rst2pdf and xelatex lose
the whole PDF over the first; both our routes write the book, show a
placeholder naming each image, and warn at each image's line.
"""

from __future__ import annotations

import re
import shutil
from pathlib import Path

import pymupdf
import pytest
from docutils import nodes
from docutils.utils import new_document
from tools import make_latex_pdfs, sphinx_build

from linuxdoc_builders.images import replace_unreadable

ROOT = Path(__file__).parent / 'roots' / 'test-images'

PLACEHOLDERS = [
    '[image broken.png not shown: not an image Pillow can read]',
    '[image broken.svg not shown: not readable SVG:',
    '[image absent.png not shown: no such file]',
    '[a remote figure: image https://example.invalid/remote.png not '
    'shown: not downloaded]',
]
#: Each image's lines: docutils 0.19 (Debian 12) gives an image the line
#: after its directive, a figure the line after its caption.
WARNED_AT = {'broken.png': range(6, 8), 'broken.svg': range(10, 12),
             'remote.png': range(18, 22)}


def _text(pdf: Path) -> str:
    with pymupdf.open(pdf) as document:
        return ' '.join(' '.join(page.get_text().split())
                        for page in document)


@pytest.mark.parametrize('builder', ['linuxpdf', 'linuxlatex'])
def test_unreadable_images_are_placeholders(tmp_path: Path,
                                            builder: str) -> None:
    src = tmp_path / 'src'
    shutil.copytree(ROOT, src)
    out = tmp_path / 'out'
    result = sphinx_build('-b', builder, src, out, cwd=tmp_path)
    assert result.returncode == 0, result.stderr
    assert 'Traceback' not in result.stderr
    for name, lines in WARNED_AT.items():
        located = [re.match(rf'{re.escape(str(src / "index.rst"))}:(\d+): '
                            'WARNING:', message)
                   for message in result.stderr.splitlines()
                   if name in message and 'placeholder' in message]
        assert [int(m[1]) for m in located if m and int(m[1]) in lines], (
            name, result.stderr)
    # a missing file: Sphinx's warning, not a second one of ours
    assert 'absent.png cannot be drawn' not in result.stderr
    if builder == 'linuxlatex':
        assert make_latex_pdfs(out) == []
    text = _text(out / 'images.pdf')
    for placeholder in PLACEHOLDERS:
        assert text.count(placeholder) == 1, (placeholder, text)
    for after in ('After the broken PNG.', 'After the broken SVG.',
                  'After the missing file.', 'Caption of the remote figure.',
                  'The end.'):
        assert after in text


class _ForeignFigure(nodes.General, nodes.Element):
    """Another extension's node (like the kernel's ``kernel_figure``)."""


def test_images_of_other_types_and_extensions_are_left_alone(
        tmp_path: Path) -> None:
    """A DOT graph, a PDF figure, an image in another extension's node:
    the route or that extension draws them (the kernel's kfigure turns
    ``pipeline.dot`` into a picture when LaTeX is written, and expects
    its image there); only PNG, JPEG, GIF and SVG files are checked."""
    (tmp_path / 'broken.png').write_text('not a png\n')
    tree = new_document('index.rst')
    foreign = _ForeignFigure()
    foreign += nodes.image(uri='broken.png')
    tree += [nodes.image(uri='graph.dot'), nodes.image(uri='figure.pdf'),
             foreign, nodes.image(uri='broken.png')]
    replace_unreadable(tree, tmp_path)
    assert [node['uri'] for node in tree.findall(nodes.image)] == [
        'graph.dot', 'figure.pdf', 'broken.png']
    assert [p.astext() for p in tree.findall(nodes.paragraph)] == [
        '[image broken.png not shown: not an image Pillow can read]']
