# SPDX-License-Identifier: GPL-2.0-only
"""Graphviz figures in ``linuxpdf``.

The kernel's kfigure extension draws a DOT figure (``.. kernel-figure::
foo.dot``, and ``.. kernel-render:: DOT`` with the graph inline) for the
builders it knows, by running Graphviz's ``dot``: SVG for HTML, PDF for
LaTeX.  For ``linuxpdf`` it does nothing.  rst2pdf then draws its
"image missing" picture for a ``.dot`` file and drops a
``kernel_render`` node with a message about an unknown node: the whole
kernel tree lost 24 figures so (18 ``.dot`` files, 6 inline graphs).

Here, before rst2pdf lays a book out, each image of a ``.dot`` file and
each ``kernel_render`` node of DOT or SVG source becomes an image of an
SVG file in the output directory, drawn with the same ``dot``; svglib,
which rst2pdf draws SVG with, reads it.  A graph ``dot`` cannot draw,
or no ``dot`` at all, is a warning at the figure, which then shows the
graph's source as code (kfigure does the same without ``dot``).
"""

from __future__ import annotations

import hashlib
import os
import shutil
import subprocess
import tempfile
from pathlib import Path

from docutils import nodes
from sphinx.locale import __
from sphinx.util import logging

logger = logging.getLogger(__name__)

#: Where the drawn graphs go, in the output directory.
GRAPHS_DIR = '_graphs'

#: Seconds ``dot`` may take for one graph: the kernel's take well
#: under one.
_DOT_TIMEOUT = 60


def draw_graphs(tree: nodes.document, srcdir: Path, outdir: Path) -> None:
    """Replace the DOT figures of ``tree`` by SVG images rst2pdf can
    draw; one that cannot be drawn by its source, as code."""
    for render in list(tree.findall(nodes.Element)):
        if _is_render(render):
            render.replace_self(_rendered(render, outdir))
    for image in list(tree.findall(nodes.image)):
        uri = image.get('uri', '')
        if not uri.endswith('.dot'):
            continue
        try:
            graph = (srcdir / uri).read_text(encoding='utf-8')
        except (OSError, UnicodeError) as error:
            logger.warning(__('DOT figure %s cannot be read: %s'), uri,
                           error, location=image, type='linuxdoc',
                           subtype='pdf')
            continue
        svg = _drawn(graph, outdir, image)
        if svg is None:
            image.replace_self(_source(graph, image))
        else:
            image['uri'] = str(svg)
            image['candidates'] = {'*': str(svg)}


def _is_render(node: nodes.Node) -> bool:
    """A kfigure ``kernel_render`` node (matched by name: the kernel's
    extension is not ours to import)."""
    return type(node).__name__ == 'kernel_render'


def _rendered(render: nodes.Element, outdir: Path) -> nodes.Element:
    """The image of a ``kernel_render`` node's DOT or SVG source, or the
    source itself."""
    language = render.get('srclang', '')
    source = render.astext()
    svg: Path | None = None
    if language == 'SVG':
        svg = _stored(source.encode('utf-8'), outdir)
    elif language == 'DOT':
        svg = _drawn(source, outdir, render)
    if svg is None:
        return _source(source, render)
    return nodes.image(source, uri=str(svg), candidates={'*': str(svg)},
                       alt=render.get('alt', ''))


def _source(graph: str, node: nodes.Element) -> nodes.literal_block:
    """A graph that cannot be drawn, shown as its source."""
    block = nodes.literal_block(graph, graph)
    block.source, block.line = node.source, node.line
    return block


def _drawn(graph: str, outdir: Path, node: nodes.Element) -> Path | None:
    """``graph`` drawn as SVG by ``dot``, once per distinct graph."""
    target = _target(graph.encode('utf-8'), outdir)
    if target.exists():
        return target
    dot = shutil.which('dot')
    if dot is None:
        logger.warning(__("DOT figure shown as its source: Graphviz's dot "
                          'is not installed'), location=node,
                       type='linuxdoc', subtype='pdf')
        return None
    try:
        drawn = subprocess.run([dot, '-Tsvg'], input=graph.encode('utf-8'),
                               capture_output=True, timeout=_DOT_TIMEOUT,
                               check=False)
    except subprocess.TimeoutExpired:
        logger.warning(__('DOT figure shown as its source: dot took more '
                          'than %d s'),
                       _DOT_TIMEOUT, location=node, type='linuxdoc',
                       subtype='pdf')
        return None
    if drawn.returncode or not drawn.stdout:
        said = drawn.stderr.decode('utf-8', 'replace').strip()
        logger.warning(__('DOT figure shown as its source: dot says %s'),
                       said.splitlines()[0] if said else
                       f'exit {drawn.returncode}', location=node,
                       type='linuxdoc', subtype='pdf')
        return None
    return _stored(drawn.stdout, outdir, target)


def _target(content: bytes, outdir: Path) -> Path:
    return outdir / GRAPHS_DIR / (hashlib.sha1(content).hexdigest() + '.svg')


def _stored(svg: bytes, outdir: Path, target: Path | None = None) -> Path:
    """``svg`` written to ``target`` (by its content's hash if none):
    whole or not at all, as books written in parallel may store the
    same graph."""
    target = target or _target(svg, outdir)
    if target.exists():
        return target
    target.parent.mkdir(parents=True, exist_ok=True)
    with tempfile.NamedTemporaryFile(dir=target.parent, delete=False,
                                     suffix='.part') as part:
        part.write(svg)
    os.replace(part.name, target)
    return target
