# SPDX-License-Identifier: GPL-2.0-only
"""Cross-references in prose, made from the way C programmers write.

``extensions = ['linuxdoc_builders.automarkup']`` turns, in every
paragraph once references are resolved, text that is not already a
literal or part of a reference:

* ``name()`` into a link to the C function or macro ``name``;
* ``struct name``, ``union name``, ``enum name`` and ``typedef name``
  into links to those C declarations;
* ``Documentation/path/file.rst`` (or ``.txt``, or a relative
  ``../file.rst``) into a link to that document;
* ``commit 0123456789ab ("subject")`` into a link to that commit, when
  ``automarkup_commit_url`` names where commits are
  (``'https://git.kernel.org/torvalds/c/{rev}'`` in the kernel
  template).

The links are the nodes the kernel's ``Documentation/sphinx/automarkup.py``
(6.12) makes: the C domain's and the std domain's own resolution, with
``literal`` classes ``xref c c-func`` (``c-struct``, ``c-union``,
``c-enum``, ``c-type``), tried first inside the page's
``.. c:namespace::``.  A name with no target stays text.  What differs
is the cost: a name is looked up in the names the C domain holds (one
set per build and process) before the domain is asked to resolve it,
and a link is resolved once for all pages that see its target at the
same URI,
the page's namespace is noted when its source is read, and each text is
scanned once.

Settings (checked at ``config-inited``): ``automarkup_forms`` (which of
``function struct union enum typedef doc commit``, all by default),
``automarkup_skip_names`` (never linked: C keywords),
``automarkup_skip_functions`` (system calls the kernel does not link),
``automarkup_commit_url`` (a URL with ``{rev}``, or None: no commit
links) and ``automarkup_warn_unresolved`` (a ``linuxdoc.automarkup``
warning at each ``name()`` or ``struct name`` that resolves to nothing,
to find what is not documented).
"""

from __future__ import annotations

import re
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any, cast

from docutils import nodes
from sphinx import addnodes
from sphinx.errors import NoUri
from sphinx.locale import __
from sphinx.util import logging

from linuxdoc_builders import __version__

if TYPE_CHECKING:
    from collections.abc import Iterator

    from sphinx.application import Sphinx
    from sphinx.config import Config
    from sphinx.environment import BuildEnvironment

logger = logging.getLogger(__name__)

FORMS = ('function', 'struct', 'union', 'enum', 'typedef', 'doc', 'commit')

#: The kernel's lists: C words that look like calls or types, and system
#: calls whose names kernel functions share.
SKIP_NAMES = ['for', 'if', 'register', 'sizeof', 'struct', 'unsigned']
SKIP_FUNCTIONS = ['open', 'close', 'read', 'write', 'fcntl', 'mmap',
                  'select', 'poll', 'fork', 'execve', 'clone', 'ioctl',
                  'socket']

#: Each form: its pattern (the name in group ``name``), the C role it
#: resolves with and the class of its literal.
_NAME = r'(?P<name>[a-zA-Z_]\w+)'
PATTERNS = {
    'function': re.compile(rf'\b{_NAME}\(\)', re.ASCII),
    'struct': re.compile(rf'\bstruct\s+{_NAME}', re.ASCII),
    'union': re.compile(rf'\bunion\s+{_NAME}', re.ASCII),
    'enum': re.compile(rf'\benum\s+{_NAME}', re.ASCII),
    'typedef': re.compile(rf'\btypedef\s+{_NAME}', re.ASCII),
    'doc': re.compile(r'(?P<absolute>\bDocumentation/)?'
                      r'(?P<name>(?:\.\./)*[\w\-/]+)\.(?:rst|txt)'),
    'commit': re.compile(r'commit\s+(?P<name>[0-9a-f]{12,40})'
                         r'(?:\s+\(".*?"\))?', re.IGNORECASE | re.DOTALL),
}
ROLES = {'function': ('function', 'c-func'), 'struct': ('struct', 'c-struct'),
         'union': ('union', 'c-union'), 'enum': ('enum', 'c-enum'),
         'typedef': ('type', 'c-type')}

#: What every form's text holds: most text has none of it, and is left
#: after this one search.
_CANDIDATE = re.compile(r'\(\)|struct|union|enum|typedef|\.rst|\.txt|commit',
                        re.IGNORECASE)

_NAMESPACE = re.compile(r'^\s*\.\.\s*c:namespace::\s*(\S+)\s*$', re.MULTILINE)
_NAMESPACES = 'linuxdoc_automarkup_namespaces'


@dataclass
class _Declared:
    """The C domain's names, and the links made to them, for one build
    and process (the domain's objects do not change after reading)."""

    data: Any
    #: every declared name and the document it is in; the domain
    #: resolves a name whatever the role asks, so any declaration counts
    names: dict[str, str]
    #: resolved links by (role, target, text, URI from the page to the
    #: target's document): the same on every page of a directory
    links: dict[tuple[str, str, str, str], nodes.Node | None] = \
        field(default_factory=dict)


def _declared(env: BuildEnvironment) -> _Declared:
    cached: _Declared | None = getattr(env, '_linuxdoc_automarkup', None)
    if cached is not None and cached.data is env.domaindata.get('c'):
        return cached
    names: dict[str, str] = {}
    for name, _, _, docname, _, _ in env.get_domain('c').get_objects():
        names.setdefault(name, docname)
    declared = _Declared(env.domaindata.get('c'), names)
    env._linuxdoc_automarkup = declared  # type: ignore[attr-defined]
    return declared


class _Markup:
    """The links of one document."""

    def __init__(self, app: Sphinx, docname: str) -> None:
        self.app = app
        self.env = app.env
        self.docname = docname
        config = app.config
        self.forms = [f for f in FORMS if f in config.automarkup_forms
                      and (f != 'commit' or config.automarkup_commit_url)]
        self.skip_names = frozenset(config.automarkup_skip_names)
        self.skip_functions = frozenset(config.automarkup_skip_functions)
        self.namespace = getattr(self.env, _NAMESPACES, {}).get(docname, '')
        self.declared = _declared(self.env)
        # what a document path resolved to on this page (a page names
        # the same document again and again)
        self._documents: dict[tuple[str, str], nodes.Node | None] = {}

    def text(self, node: nodes.Text) -> list[nodes.Node] | None:
        """The text with its links, or None if it has none."""
        text = node.astext()
        if not _CANDIDATE.search(text):
            return None
        out: list[nodes.Node] = []
        done = 0
        for match in self._matches(text):
            if match[0] < done:
                continue
            linked = self._link(match[1], match[2], match[3], node)
            if linked is None:
                continue
            start, end = match[0], match[0] + len(match[2])
            if start > done:
                out.append(nodes.Text(text[done:start]))
            out.append(linked)
            done = end
        if not out:
            return None
        if done < len(text):
            out.append(nodes.Text(text[done:]))
        return out

    def _matches(self, text: str) -> list[tuple[int, str, str, str]]:
        """(start, form, matched text, name) in the order of the text."""
        found = []
        for form in self.forms:
            for match in PATTERNS[form].finditer(text):
                found.append((match.start(), form, match[0], match['name']
                              if form != 'doc' else
                              ('/' if match['absolute'] else '')
                              + match['name']))
        return sorted(found, key=lambda m: m[0])

    def _link(self, form: str, text: str, name: str,
              node: nodes.Text) -> nodes.Node | None:
        if form == 'commit':
            url = self.app.config.automarkup_commit_url.format(rev=name)
            return nodes.reference('', '', nodes.Text(text), refuri=url)
        if form == 'doc':
            if (name, text) not in self._documents:
                self._documents[name, text] = self._resolved(
                    'std', 'doc', name, None)
            return _copy(self._documents[name, text])
        role, css = ROLES[form]
        if name in self.skip_names:
            return None
        targets = ([f'{self.namespace}.{name}'] if self.namespace else []) \
            + [name]
        tried = False
        for target in targets:
            # a system call is skipped by its own name: inside a
            # namespace, ``V4L.open`` is no system call (as the kernel's)
            if form == 'function' and target in self.skip_functions:
                continue
            tried = True
            linked = self._c_link(role, css, target, text)
            if linked is not None:
                return linked
        if tried and self.app.config.automarkup_warn_unresolved:
            logger.warning(__('%r looks like a reference to %s %s, which '
                              'is documented nowhere'), text, role, name,
                           location=node.parent, type='linuxdoc',
                           subtype='automarkup')
        return None

    def _c_link(self, role: str, css: str, target: str,
                text: str) -> nodes.Node | None:
        """A link to C declaration ``target``, resolved once per
        directory of pages."""
        where = self.declared.names.get(target)
        if where is None:
            return None
        try:
            uri = self.app.builder.get_relative_uri(self.docname, where)
        except NoUri:
            uri = self.docname
        key = (role, target, text, uri)
        links = self.declared.links
        if key not in links:
            literal = nodes.literal(classes=['xref', 'c', css])
            literal += nodes.Text(text)
            links[key] = self._resolved('c', role, target, literal)
        return _copy(links[key])

    def _resolved(self, domain: str, role: str, target: str,
                  content: nodes.Element | None) -> nodes.Node | None:
        pending = addnodes.pending_xref(
            '', refdomain=domain, reftype=role, reftarget=target,
            modname=None, classname=None, refexplicit=False)
        try:
            # the std domain makes a document link's text itself: the
            # kernel's extension passes no content there either
            resolved: nodes.Node | None = self.env.get_domain(
                domain).resolve_xref(self.env, self.docname, self.app.builder,
                                     role, target, pending,
                                     cast('nodes.Element', content))
        except NoUri:
            return None
        return resolved


def _copy(node: nodes.Node | None) -> nodes.Node | None:
    return node.deepcopy() if node is not None else None


def _texts(element: nodes.Element) -> Iterator[nodes.Text]:
    """The text of ``element`` that is not directly in a literal and not
    in a reference (whose subtrees are not entered)."""
    for child in element.children:
        if isinstance(child, nodes.Text):
            if not isinstance(element, nodes.literal):
                yield child
        elif isinstance(child, nodes.Element) and \
                not isinstance(child, nodes.Referential):
            yield from _texts(child)


def _in_reference(node: nodes.Node) -> bool:
    parent = node.parent
    while parent is not None and not isinstance(parent, nodes.Referential):
        parent = parent.parent
    return parent is not None


def markup(app: Sphinx, doctree: nodes.document, docname: str) -> None:
    """Every paragraph's text of ``doctree`` with its links."""
    document = _Markup(app, docname)
    if not document.forms:
        return
    for paragraph in doctree.findall(nodes.paragraph):
        if _in_reference(paragraph):
            continue
        for text in list(_texts(paragraph)):
            linked = document.text(text)
            if linked is not None:
                text.parent.replace(text, linked)


def _note_namespace(app: Sphinx, docname: str, source: list[str]) -> None:
    """The page's first ``.. c:namespace::``, from its source as Sphinx
    reads it (the kernel's extension opens the file again)."""
    match = _NAMESPACE.search(source[0])
    namespaces = getattr(app.env, _NAMESPACES, None)
    if namespaces is None:
        namespaces = {}
        setattr(app.env, _NAMESPACES, namespaces)
    if match:
        namespaces[docname] = match[1]
    else:
        namespaces.pop(docname, None)


def _merge(app: Sphinx, env: BuildEnvironment, docnames: Any,
           other: BuildEnvironment) -> None:
    theirs = getattr(other, _NAMESPACES, {})
    ours = getattr(env, _NAMESPACES, None)
    if ours is None:
        ours = {}
        setattr(env, _NAMESPACES, ours)
    for docname in docnames:
        if docname in theirs:
            ours[docname] = theirs[docname]


def _check(app: Sphinx, config: Config) -> None:
    """Settings of the wrong shape: an error naming them, and the
    default."""
    defaults = {'automarkup_forms': list(FORMS),
                'automarkup_skip_names': SKIP_NAMES,
                'automarkup_skip_functions': SKIP_FUNCTIONS}
    for name, default in defaults.items():
        value = config[name]
        if not (isinstance(value, list | tuple | set | frozenset)
                and all(isinstance(v, str) for v in value)):
            logger.error(__('%s = %r: expected a list of names; using %r'),
                         name, value, default, type='linuxdoc',
                         subtype='config')
            config[name] = list(default)
    unknown = [f for f in config.automarkup_forms if f not in FORMS]
    if unknown:
        logger.error(__('automarkup_forms: unknown %s; the forms are %s'),
                     ', '.join(unknown), ', '.join(FORMS), type='linuxdoc',
                     subtype='config')
    url = config.automarkup_commit_url or None
    config.automarkup_commit_url = url
    if url is not None and not (isinstance(url, str) and '{rev}' in url):
        logger.error(__("automarkup_commit_url = %r: expected a URL with "
                        "'{rev}' where the commit goes, or None; no commit "
                        'links'), url, type='linuxdoc', subtype='config')
        config.automarkup_commit_url = None
    if not isinstance(config.automarkup_warn_unresolved, bool):
        logger.error(__('automarkup_warn_unresolved = %r: expected True or '
                        'False; using False'),
                     config.automarkup_warn_unresolved, type='linuxdoc',
                     subtype='config')
        config.automarkup_warn_unresolved = False


def setup(app: Sphinx) -> dict[str, Any]:
    app.add_config_value('automarkup_forms', list(FORMS), 'env')
    app.add_config_value('automarkup_skip_names', list(SKIP_NAMES), 'env')
    app.add_config_value('automarkup_skip_functions', list(SKIP_FUNCTIONS),
                         'env')
    app.add_config_value('automarkup_commit_url', None, 'env')
    app.add_config_value('automarkup_warn_unresolved', False, '')
    app.connect('config-inited', _check)
    app.connect('source-read', _note_namespace)
    app.connect('env-merge-info', _merge)
    app.connect('doctree-resolved', markup)
    return {'version': __version__, 'parallel_read_safe': True,
            'parallel_write_safe': True}
