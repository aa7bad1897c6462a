# SPDX-License-Identifier: GPL-2.0-only
"""Images a PDF route cannot draw become a placeholder, not a lost book.

rst2pdf stops the whole PDF ("Error generating document elements")
for one image it cannot open: a URL Sphinx could not download (no
network) is fetched again with ``urlretrieve`` and raises; a PNG that
is no PNG ends in a division by zero.  xelatex stops the book at such
a PNG ("Unable to load picture"), and Sphinx's LaTeX writer leaves a
URL out without a word.  Before ``linuxpdf`` or ``linuxlatex`` writes
a book, each image is checked the way it will be read (Pillow for
raster images, an XML parser for SVG); one that would fail is replaced
by a paragraph naming it and why it is not shown, with a warning at its
line.  A file that does not exist gets the placeholder too, without a
second warning: Sphinx has said so at the line ("image file not
readable"), and rst2pdf's own picture for it says nothing of which.
"""

from __future__ import annotations

from pathlib import Path

from docutils import nodes
from sphinx.locale import __
from sphinx.util import logging

logger = logging.getLogger(__name__)

_REMOTE = ('http://', 'https://', 'ftp://')
#: The pictures checked with Pillow: those both routes read as they are.
_RASTER = ('.png', '.jpg', '.jpeg', '.gif')
#: The modules of the nodes an image may be in and still be checked:
#: docutils' and Sphinx's own.
_OURS = ('docutils.nodes', 'sphinx.addnodes')


def replace_unreadable(tree: nodes.document, srcdir: Path) -> None:
    """Put a placeholder where an image of ``tree`` cannot be drawn."""
    for image in list(tree.findall(nodes.image)):
        if _foreign(image):
            continue
        uri = str(image.get('uri', ''))
        if not uri.lower().startswith(_REMOTE) and '*' not in uri \
                and Path(uri).suffix.lower() in (*_RASTER, '.svg', '.svgz') \
                and not (srcdir / uri).is_file():
            image.replace_self(_placeholder(image, uri, __('no such file')))
            continue
        problem = _problem(uri, srcdir)
        if problem is None:
            continue
        logger.warning(__('image %s cannot be drawn (%s): the PDF shows a '
                          'placeholder'), uri, problem, location=image,
                       type='linuxdoc', subtype='image')
        image.replace_self(_placeholder(image, uri, problem))


def _foreign(image: nodes.image) -> bool:
    """Whether ``image`` is, or is inside, another extension's node (the
    kernel's ``kernel_figure`` of a DOT graph, which its extension turns
    into a picture when it writes): that extension draws it."""
    node: nodes.Node | None = image
    while node is not None:
        if type(node).__module__ not in _OURS:
            return True
        node = node.parent
    return False


def _problem(uri: str, srcdir: Path) -> str | None:
    """Why the route would fail on ``uri``, or None (a type it does not
    read itself, such as a PDF figure for LaTeX, is left to it)."""
    if uri.lower().startswith(_REMOTE):
        return __('not downloaded')
    if '*' in uri:
        return None
    path = srcdir / uri
    suffix = path.suffix.lower()
    if suffix in ('.svg', '.svgz'):
        return _svg_problem(path)
    if suffix in _RASTER:
        return _raster_problem(path)
    return None


def _svg_problem(path: Path) -> str | None:
    from lxml import etree

    try:
        etree.parse(str(path), etree.XMLParser(resolve_entities=False,
                                               no_network=True))
    except etree.XMLSyntaxError as error:
        return __('not readable SVG: %s') % error.msg
    except OSError as error:
        return __('not readable: %s') % error.strerror
    return None


def _raster_problem(path: Path) -> str | None:
    from PIL import Image, UnidentifiedImageError

    try:
        with Image.open(path) as picture:
            picture.verify()
    except (OSError, UnidentifiedImageError, SyntaxError, ValueError):
        return __('not an image Pillow can read')
    return None


def _placeholder(image: nodes.image, uri: str,
                 problem: str) -> nodes.paragraph:
    """A paragraph in the image's place: its alternative text (what the
    reader is missing), then which image and why."""
    alt = str(image.get('alt', ''))
    text = (f'[{alt}: ' if alt else '[') + \
        __('image %s not shown: %s') % (uri, problem) + ']'
    placeholder = nodes.paragraph(text, '', nodes.emphasis(text, text))
    placeholder.source, placeholder.line = image.source, image.line
    return placeholder
