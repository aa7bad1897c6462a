# SPDX-License-Identifier: GPL-2.0-only
"""Internal links in linuxpdf's PDFs that land where they point.

rst2pdf 0.105 puts the documents of one PDF into one doctree, draws every
id as a named destination (``<a name>``) and every internal reference as a
link to one (``<a href="#id">``).  Three things go wrong there:

* its builder gives every document of the PDF the URI ``''``, so a
  ``:doc:`` reference has no target at all and is printed as plain text
  (rst2pdf issue #1065);
* a destination is drawn with the next paragraph, which for a figure is
  the one after it, so a link to a figure lands below the figure;
* ids are unique per source document only: two documents' ``details``
  sections make one destination, and a link to the second lands on the
  first.

Here linuxpdf gives each document of the PDF a URI of its own
(:func:`local_uri`), and :func:`resolve_links` rewrites the assembled
doctree before rst2pdf draws it: every id becomes ``docname:id``, as
Sphinx's LaTeX builder does, every internal reference a ``refid`` to one
of those, and each linked figure, image, code block, formula or block
target gets its destination drawn right above it by :class:`PDFAnchor`.
A reference that still leads nowhere in the PDF is reported with its
location and printed as plain text: ReportLab would otherwise give up on
the whole PDF over one undefined destination.

Each document's start is a destination too, ``docname::doc``
(:func:`linuxdoc_builders.books.destination`), for ``:doc:`` references
from other books; a reference into another book
(:mod:`linuxdoc_builders.pdf.layout`) becomes a link to that book's PDF at
the destination of the same name there.

:func:`number_captions` prints the numbers of numbered figures, tables
and code blocks in their captions, as Sphinx's HTML and LaTeX do and
rst2pdf does not: a ``:numref:`` link's text, "Fig. 2", is then found
where it leads.
"""

from __future__ import annotations

from collections import defaultdict
from dataclasses import dataclass, field
from functools import cached_property
from typing import TYPE_CHECKING, Any, cast

from docutils import nodes
from reportlab.platypus.flowables import AnchorFlowable, Spacer
from rst2pdf.basenodehandler import NodeHandler
from sphinx import addnodes
from sphinx.locale import __
from sphinx.util import logging

from linuxdoc_builders import __version__
from linuxdoc_builders.books import destination as book_destination
from linuxdoc_builders.books import parse_book_uri
from linuxdoc_builders.pdf.layout import remote_uri

if TYPE_CHECKING:
    from collections.abc import Iterator

    from reportlab.platypus.flowables import Flowable
    from sphinx.application import Sphinx
    from sphinx.domains.std import StandardDomain
    from sphinx.environment import BuildEnvironment

logger = logging.getLogger(__name__)

#: What starts the URI of a document of the PDF being written, as in
#: Sphinx's LaTeX builder; :func:`resolve_links` replaces every one.
LOCAL = '%'

#: Linked blocks whose destination rst2pdf draws below them, and which
#: therefore get a :class:`PDFAnchor` of their own.
ANCHORED_ABOVE = (nodes.figure, nodes.image, nodes.literal_block,
                  nodes.math_block, nodes.target)

#: Of those, the blocks that never split across pages: their destination
#: goes to the next page with them.
UNSPLIT = (nodes.figure, nodes.image)


def local_uri(docname: str) -> str:
    """The URI linuxpdf gives a document that is part of the PDF being
    written, so that a reference to it still says which document."""
    return LOCAL + docname


def qualified(docname: str, node_id: str) -> str:
    """An id that is unique in the PDF: ``docname:id``."""
    return f'{docname}:{node_id}'


class PDFAnchor(nodes.General, nodes.Element):
    """Draws the destinations named in ``anchors`` right above its
    content, which rst2pdf would draw below it.  Exists only in the
    doctree that linuxpdf hands to rst2pdf."""


class PDFAnchorHandler(NodeHandler):  # type: ignore[misc]
    """rst2pdf's handler for :class:`PDFAnchor` (installed by
    :func:`~linuxdoc_builders.pdf.seams.linuxpdf_write`): one ReportLab
    ``AnchorFlowable`` per name, before the first flowable of the content
    that is not a spacer, kept on its page if the content never splits."""

    def gather_elements(self, client: Any, node: PDFAnchor,
                        style: Any) -> list[Flowable]:
        names = [name for name in node['anchors']
                 if name not in client.targets]
        # rst2pdf draws each destination once: not again at the next
        # paragraph
        client.targets.extend(names)
        elements: list[Flowable] = client.gather_elements(node, style)
        anchors = [_anchor(name, node['keep']) for name in names]
        at = next((i for i, element in enumerate(elements)
                   if not isinstance(element, Spacer)), len(elements))
        return elements[:at] + anchors + elements[at:]


def _anchor(name: str, keep_with_next: bool) -> Flowable:
    anchor = AnchorFlowable(name)
    anchor.keepWithNext = keep_with_next
    return anchor


@dataclass
class _Targets:
    """The destinations of one assembled doctree."""

    #: each qualified id, with the node that has it
    elements: dict[str, nodes.Element] = field(default_factory=dict)
    #: each qualified id, with its document and original id
    origins: dict[str, tuple[str, str]] = field(default_factory=dict)
    #: the id of each document's first section
    first_section: dict[str, str] = field(default_factory=dict)
    #: where each document starts: its first section, or the node that
    #: holds it if it has none
    starts: dict[str, nodes.Element] = field(default_factory=dict)

    def add(self, node: nodes.Element, docname: str) -> None:
        """Qualify the ids of ``node`` and remember them.  An id that a
        document included twice has twice is the first one's, as rst2pdf
        draws a destination once."""
        originals: list[str] = node.get('ids', [])
        node['ids'] = [qualified(docname, i) for i in originals]
        for original, new in zip(originals, node['ids'], strict=True):
            self.elements.setdefault(new, node)
            self.origins.setdefault(new, (docname, original))
        if isinstance(node, nodes.section) and node['ids']:
            self.first_section.setdefault(docname, node['ids'][0])
            if not isinstance(self.starts.get(docname), nodes.section):
                self.starts[docname] = node
        elif docname not in self.starts:
            self.starts[docname] = node

    def add_document_starts(self) -> None:
        """Give each document's start the destination ``docname::doc``,
        which a ``:doc:`` reference from another book leads to."""
        for docname, node in self.starts.items():
            name = book_destination(docname)
            if name not in self.elements:
                node['ids'].append(name)
                self.elements[name] = node

    @cached_property
    def by_index_uri(self) -> dict[str, str]:
        """Each qualified id by the id that rst2pdf's general index makes
        of its URI: ``make_id('%docname#id')``."""
        return {nodes.make_id(f'{local_uri(docname)}#{original}'): new
                for new, (docname, original) in self.origins.items()}

    @cached_property
    def by_original(self) -> dict[str, list[str]]:
        """The qualified ids of each original id."""
        found: dict[str, list[str]] = defaultdict(list)
        for new, (_, original) in self.origins.items():
            found[original].append(new)
        return found

    def known(self, node_id: str) -> str | None:
        """``node_id`` if it is a destination in the PDF."""
        return node_id if node_id in self.elements else None

    def for_local_uri(self, uri: str) -> str | None:
        """The destination of ``%docname#id``, or of ``%docname``: that
        document's first section.

        Sphinx resolved the reference, so the id was the document's; if
        it is gone, so is the node that had it: a label before an
        included ``:orphan:`` field list, which Sphinx removes once read
        (the kernel's zh_CN and zh_TW process/howto).  The link then
        goes to the document's start, where a browser lands too."""
        docname, _, node_id = uri.removeprefix(LOCAL).partition('#')
        if node_id and (known := self.known(qualified(docname, node_id))):
            return known
        return self.first_section.get(docname)

    def for_fragment(self, fragment: str, docname: str) -> str | None:
        """The destination of ``#fragment`` written in ``docname``: an id
        of that document, else an id of rst2pdf's general index, else the
        one id of that name in the PDF (rst2pdf's domain indices)."""
        own = self.known(qualified(docname, fragment))
        if own:
            return own
        if fragment in self.by_index_uri:
            return self.by_index_uri[fragment]
        candidates = self.by_original.get(fragment, [])
        return candidates[0] if len(candidates) == 1 else None


def _with_docnames(tree: nodes.document, root: str
                   ) -> Iterator[tuple[nodes.Element, str]]:
    """Every element of the assembled doctree, in document order, with the
    name of the document it comes from: rst2pdf marks an included
    document with ``start_of_file`` and an appendix as a ``document``."""
    stack: list[tuple[nodes.Element, str]] = [(tree, root)]
    while stack:
        node, docname = stack.pop()
        yield node, docname
        for child in reversed(node.children):
            if isinstance(child, nodes.Element):
                inner = docname
                if isinstance(child, (addnodes.start_of_file,
                                      nodes.document)):
                    inner = child.get('docname') or docname
                stack.append((child, inner))


def resolve_links(tree: nodes.document, root: str, suffix: str = '.pdf'
                  ) -> None:
    """Give every id of the PDF assembled from ``root`` its document's
    name, point every internal link at its own destination, every link
    into another book (a PDF ending in ``suffix``) at the destination of
    the same name there, and draw the destinations of linked blocks above
    them."""
    targets = _Targets()
    links: list[tuple[nodes.Element, str]] = []
    linked_back: list[nodes.Element] = []
    for node, docname in _with_docnames(tree, root):
        targets.add(node, docname)
        if node.get('backrefs'):
            node['backrefs'] = [qualified(docname, i)
                                for i in node['backrefs']]
            linked_back.append(node)
        if 'refid' in node or 'refuri' in node:
            links.append((node, docname))
    targets.add_document_starts()
    for node in linked_back:
        _draw_back_destinations(node, targets)
    tree.ids = dict(targets.elements)
    linked = {destination for node, docname in links
              if (destination := _resolve(node, docname, targets,
                                          suffix, root))}
    for destination in sorted(linked):
        node = targets.elements[destination]
        if _drawn_below(node):
            _anchor_above(node)


def _draw_back_destinations(node: nodes.Element, targets: _Targets
                            ) -> None:
    """Keep the back links of a citation or footnote that lead somewhere,
    and draw their destinations: a citation's references are ``reference``
    nodes once Sphinx has resolved them, whose ids rst2pdf does not draw
    (ReportLab then refuses to write the PDF), so an inline target
    before each reference carries its id."""
    kept = []
    for node_id in node['backrefs']:
        element = targets.elements.get(node_id)
        if element is None:
            continue
        if isinstance(element, nodes.reference) and element.parent:
            anchor = nodes.target('', '', ids=[node_id])
            element.parent.insert(element.parent.index(element), anchor)
            element['ids'].remove(node_id)
            targets.elements[node_id] = anchor
        kept.append(node_id)
    node['backrefs'] = kept


def _resolve(node: nodes.Element, docname: str, targets: _Targets,
             suffix: str, root: str) -> str | None:
    """Point ``node`` at its destination in the PDF; return it if
    ``node`` is a link.  A link that has none is reported and unlinked."""
    uri = node.get('refuri', '')
    remote = parse_book_uri(uri)
    if remote is not None:
        _link_remote(node, *remote, suffix=suffix)
        return None
    if 'refid' in node:
        # an id of its own document; or of the book's root, which Sphinx
        # resolved the book's cross-references from (a citation in it)
        own, of_root = (qualified(docname, node['refid']),
                        qualified(root, node['refid']))
        destination = targets.known(own) or targets.known(of_root)
        node['refid'] = destination or own
    elif uri.startswith(LOCAL):
        destination = targets.for_local_uri(uri)
    elif uri.startswith('#') and uri != '#':
        destination = targets.for_fragment(uri[1:], docname)
    else:
        return None  # a URL, another PDF, or "#", which rst2pdf drops
    if not isinstance(node, nodes.reference):
        return None
    if destination is None:
        _unlink(node, _why_nowhere(node, uri, docname, targets))
        return None
    node.attributes.pop('refuri', None)
    node['refid'] = destination
    return destination


def _link_remote(node: nodes.Element, target: str, destination: str,
                 suffix: str) -> None:
    """Point a reference into another book at the destination of the
    same name in that book's PDF, beside this one."""
    node['refuri'] = remote_uri(target, destination, suffix)


def number_captions(tree: nodes.document, root: str,
                    env: BuildEnvironment) -> None:
    """Start the caption of every numbered figure, table and code block
    of the PDF assembled from ``root`` with its number, in the format of
    ``numfig_format``, before its ids are qualified.

    The numbers are Sphinx's (``env.toc_fignumbers``), the ones every
    ``:numref:`` prints, in this book and in the others.
    """
    numbers = env.toc_fignumbers
    if not numbers:
        return
    std = cast('StandardDomain', env.get_domain('std'))
    formats = env.config.numfig_format
    for node, docname in list(_with_docnames(tree, root)):
        if not node.get('ids'):
            continue
        figtype = std.get_enumerable_node_type(node)
        if figtype is None or figtype == 'section':
            continue
        number = numbers.get(docname, {}).get(figtype, {}).get(
            node['ids'][0])
        caption = next((child for child in node.children
                        if isinstance(child, (nodes.caption, nodes.title))),
                       None)
        if number is None or caption is None or figtype not in formats:
            continue
        prefix = formats[figtype] % '.'.join(map(str, number))
        caption.insert(0, nodes.Text(prefix + ' '))


def _why_nowhere(node: nodes.reference, uri: str, docname: str,
                 targets: _Targets) -> str:
    """Why ``node`` has no destination in the PDF, in a reader's words."""
    if uri.startswith('#'):
        fragment = uri[1:]
        found = len(targets.by_original.get(fragment, []))
        if found > 1:
            return __('%d documents have an element with the id %r: which '
                      'one is meant is not known') % (found, fragment)
        return __('no element of %s or of any document in this PDF has '
                  'the id %r (the HTML link leads nowhere too)') % (
                      docname, fragment)
    if uri.startswith(LOCAL):
        return __('its document is not in this PDF')
    return __('no element of %s has the id %r') % (docname,
                                                     node.get('refid'))


def _unlink(reference: nodes.reference, why: str) -> None:
    """Report a link that leads nowhere in the PDF, and why, and keep its
    text."""
    where = reference.get('refuri') or reference['refid']
    logger.warning(__('the link to %s leads nowhere in this PDF: %s; '
                      'it is printed as plain text'),
                   where.removeprefix(LOCAL), why, location=reference,
                   type='linuxdoc', subtype='pdf')
    reference.attributes.pop('refuri', None)
    reference.attributes.pop('refid', None)


def _drawn_below(node: nodes.Element) -> bool:
    """Whether rst2pdf would draw the destination of ``node`` below it:
    a block of :data:`ANCHORED_ABOVE` (a code block with a caption too),
    not inside a paragraph, and not yet anchored."""
    if isinstance(node.parent, (nodes.TextElement, PDFAnchor)):
        return False
    code = isinstance(node, nodes.container) and node.get('literal_block')
    return isinstance(node, ANCHORED_ABOVE) or bool(code)


def _anchor_above(node: nodes.Element) -> None:
    anchor = PDFAnchor(anchors=list(node['ids']),
                       keep=isinstance(node, UNSPLIT))
    node.replace_self(anchor)
    anchor += node


def setup(app: Sphinx) -> dict[str, Any]:
    """Make :class:`PDFAnchor` known to the docutils visitors, such as
    the one rst2pdf walks the doctree with before drawing it."""
    app.add_node(PDFAnchor)
    return {'version': __version__, 'parallel_read_safe': True,
            'parallel_write_safe': True}
