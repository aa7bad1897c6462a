# SPDX-License-Identifier: GPL-2.0-only
"""``.. ifconfig::`` under ``linuxlatex``: the builder is ``latex`` too.

sphinx.ext.ifconfig evaluates its expression with ``builder`` set to the
builder's name.  The kernel keeps a table that LaTeX cannot set out of
its PDFs with ``.. ifconfig:: builder != 'latex'`` and writes a note in
its place under ``builder == 'latex'`` (filesystems/ext4/ifork.rst).
Under ``linuxlatex`` the first was true and the second false: the whole
tree's build took the table in (and left it out again, with a warning)
and lost the note.

So ``linuxlatex`` evaluates a document's ``ifconfig`` nodes just before
sphinx.ext.ifconfig would, with a builder name that equals both
``'latex'`` and ``'linuxlatex'``.  An expression that fails is left to
sphinx.ext.ifconfig, which reports it.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    from docutils import nodes
    from sphinx.application import Sphinx

#: The names ``builder`` equals in an ``ifconfig`` expression.
NAMES = ('latex', 'linuxlatex')


class BuilderName(str):
    """``'linuxlatex'``, equal to ``'latex'`` as well."""

    __slots__ = ()

    def __eq__(self, other: object) -> bool:
        return other in NAMES

    def __ne__(self, other: object) -> bool:
        return other not in NAMES

    __hash__ = str.__hash__


def resolve_ifconfig(app: Sphinx, doctree: nodes.document,
                     docname: str) -> None:
    """Keep or drop each ``ifconfig`` node of ``doctree`` as for the
    ``latex`` builder (``doctree-resolved``, before sphinx.ext.ifconfig)."""
    from sphinx.ext.ifconfig import ifconfig

    if app.builder.name != 'linuxlatex':
        return
    found = list(doctree.findall(ifconfig))
    if not found:
        return
    namespace: dict[str, Any] = {value.name: value.value
                                 for value in app.config}
    namespace.update(app.config.__dict__)
    namespace['builder'] = BuilderName('linuxlatex')
    for node in found:
        try:
            keep = eval(node['expr'], namespace)
        except Exception:
            continue  # sphinx.ext.ifconfig evaluates it again and reports
        node.replace_self(node.children if keep else [])
