# SPDX-License-Identifier: GPL-2.0-only
"""A DocBook file read with its entities and XIncludes, never the network.

DocBook 4.x declares its character entities (``&mdash;``, ``&nbsp;``)
in a DTD that is often not installed; DocBook 5 and the kernel's
``.tmpl`` files may name any.  The file is first read with the DTD it
names, found through the system's XML catalog (Debian's docbook-xml
registers its DTDs there), never the network; if that fails, it is read again
without it, an entity the DTD would have given is taken from HTML's
named characters, and each entity neither knows is a warning with its
line, kept as ``&name;`` in the text.  A file that is not well-formed
XML cannot be read (:func:`read` raises).  XIncludes are resolved from
local files; one that cannot be read is a warning too.
"""

from __future__ import annotations

import contextlib
import os
import re
from html.entities import html5
from pathlib import Path
from typing import TYPE_CHECKING

from lxml import etree

if TYPE_CHECKING:
    from collections.abc import Iterator

from linuxdoc_builders.docbook.rest import line_of


class Unreadable(Exception):
    """A file that is not well-formed XML, even without its DTD."""


#: The system's XML catalog, which maps DocBook's public identifiers to
#: the DTDs Debian's docbook-xml installs.
SYSTEM_CATALOG = Path('/etc/xml/catalog')


@contextlib.contextmanager
def _system_catalog() -> Iterator[None]:
    """libxml2 as lxml bundles it looks for a catalog elsewhere: point
    it at the system's while a file is read, unless the user did."""
    if 'XML_CATALOG_FILES' in os.environ or not SYSTEM_CATALOG.is_file():
        yield
        return
    os.environ['XML_CATALOG_FILES'] = str(SYSTEM_CATALOG)
    try:
        yield
    finally:
        del os.environ['XML_CATALOG_FILES']


def read(path: Path, warnings: list[str]) -> etree._ElementTree:
    """``path`` as a tree; what could not be resolved goes to
    ``warnings`` as ``FILE:LINE: text``."""
    strict = etree.XMLParser(load_dtd=True, resolve_entities=True,
                             no_network=True, huge_tree=False)
    try:
        with _system_catalog():
            tree = etree.parse(str(path), strict)
    except (etree.XMLSyntaxError, OSError) as error:
        lenient = etree.XMLParser(load_dtd=False, resolve_entities=False,
                                  no_network=True, recover=True)
        tree = etree.parse(str(path), lenient)
        broken = [entry for entry in lenient.error_log
                  if entry.level >= etree.ErrorLevels.ERROR
                  and 'Entity' not in entry.message
                  and 'failed to load' not in entry.message]
        if broken:
            raise Unreadable(f'line {broken[0].line}: '
                             f'{broken[0].message}') from error
        where = getattr(error, 'lineno', None) or 1
        reason = getattr(error, 'msg', None) or str(error)
        warnings.append(f'{path}:{where}: {reason}: read without its DTD')
        _named_characters(tree, path, warnings)
    try:
        tree.xinclude()
    except etree.XIncludeError as error:
        warnings.append(f'{path}: an XInclude could not be read ({error}): '
                        'left out')
    return tree


def _declared(tree: etree._ElementTree) -> dict[str, tuple[str, str]]:
    """The entities the document's internal subset declares: name to
    (text, '') or ('', file) for one whose text is a file."""
    dtd = tree.docinfo.internalDTD
    entities = getattr(dtd, 'entities', None)
    if entities is None:
        return {}
    return {str(entity.name): (str(entity.content or ''),
                               str(entity.system_url or ''))
            for entity in entities()}


def _included(file: Path, warnings: list[str], where: str
              ) -> list[etree._Element] | None:
    """The elements of an external entity's file (it may hold several),
    None if it cannot be read."""
    try:
        text = file.read_text(encoding='utf-8')
    except (OSError, UnicodeDecodeError) as error:
        warnings.append(f'{where}: {error}: left out')
        return None
    text = re.sub(r'^\s*<\?xml[^>]*\?>', '', text)
    parser = etree.XMLParser(load_dtd=False, resolve_entities=False,
                             no_network=True, recover=True)
    wrapper = etree.fromstring(f'<included>{text}</included>', parser)
    if wrapper is None:
        warnings.append(f'{where}: {file} is not XML: left out')
        return None
    return [wrapper]


def _named_characters(tree: etree._ElementTree, path: Path,
                      warnings: list[str]) -> None:
    """Every entity reference left in ``tree`` replaced: by the text or
    the file the document declares for it, by its character where HTML
    names it, else by its ``&name;``."""
    unknown: dict[str, int] = {}
    declared = _declared(tree)
    for _ in range(8):
        entities = [entity for entity in tree.iter(etree.Entity)
                    if declared.get(_name(entity), ('', ''))[1]]
        if not entities:
            break
        for entity in entities:
            file = path.parent / declared[_name(entity)][1]
            found = _included(file, warnings, f'{path}:{line_of(entity)}')
            parent = entity.getparent()
            if found is None or parent is None:
                continue
            wrapper = found[0]
            children = list(wrapper)
            index = parent.index(entity)
            _append_text(parent, index, wrapper.text or '')
            for offset, child in enumerate(children):
                parent.insert(index + offset, child)
            _append_text(parent, index + len(children), entity.tail or '')
            entity.tail = None
            parent.remove(entity)
    for entity in list(tree.iter(etree.Entity)):
        name = _name(entity)
        text = declared[name][0] if name in declared else None
        text = text if text else html5.get(f'{name};')
        if text is None:
            parent = entity.getparent()
            unknown.setdefault(name, line_of(entity) or (
                line_of(parent) if parent is not None else 0))
            text = f'&{name};'
        parent = entity.getparent()
        if parent is None:
            continue
        previous = entity.getprevious()
        joined = text + (entity.tail or '')
        if previous is None:
            parent.text = (parent.text or '') + joined
        else:
            previous.tail = (previous.tail or '') + joined
        parent.remove(entity)
    for name, line in sorted(unknown.items()):
        warnings.append(f'{path}:{line}: entity &{name}; is declared '
                        'nowhere this reader can see: kept as written')


def _name(entity: etree._Element) -> str:
    return str(getattr(entity, 'name', ''))


def _append_text(parent: etree._Element, index: int, text: str) -> None:
    """``text`` where child ``index`` of ``parent`` begins (after the
    child before it)."""
    if not text:
        return
    if index == 0:
        parent.text = (parent.text or '') + text
    else:
        before = parent[index - 1]
        before.tail = (before.tail or '') + text
