# SPDX-License-Identifier: GPL-2.0-only
"""A ``kernel-render`` directive that makes the node the kernel's
kfigure extension makes: a ``kernel_render`` element holding the graph's
source as a literal block, in a figure when it has a caption.  Only
``linuxpdf`` is meant to draw it here."""

from __future__ import annotations

from typing import Any, ClassVar

from docutils import nodes
from docutils.parsers.rst import directives
from sphinx.util.docutils import SphinxDirective


class kernel_render(nodes.General, nodes.Inline, nodes.Element):  # noqa: N801
    pass


class KernelRender(SphinxDirective):
    required_arguments = 1
    has_content = True
    option_spec: ClassVar[dict[str, Any]] = {
        'caption': directives.unchanged}

    def run(self) -> list[nodes.Node]:
        code = '\n'.join(self.content)
        node = kernel_render()
        node['srclang'] = self.arguments[0]
        node += nodes.literal_block(code, code)
        self.set_source_info(node)
        caption = self.options.get('caption')
        if not caption:
            return [node]
        figure = nodes.figure('', node)
        figure += nodes.caption(caption, caption)
        return [figure]


def setup(app: Any) -> dict[str, Any]:
    app.add_node(kernel_render)
    app.add_directive('kernel-render', KernelRender)
    return {'parallel_read_safe': True}
