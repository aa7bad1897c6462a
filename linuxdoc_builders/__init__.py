# SPDX-License-Identifier: GPL-2.0-only
"""linuxdoc-builders: kernel-style documentation built correctly.

``extensions = ['linuxdoc_builders']`` registers the ``flat-table``
directive and its span roles, and the ``linuxhtml`` and ``linuxlatex``
builders, whose table translators the stock HTML and LaTeX builders then
use too.  Installing the package is enough for ``sphinx-build -b
linuxhtml`` (or ``linuxlatex``): the builders' entry points load this
extension.
"""

from __future__ import annotations

# Not typing's TYPE_CHECKING: this package is imported by the kernel-doc
# command line too, whose fresh process should not pay for ``typing``.
TYPE_CHECKING = False
if TYPE_CHECKING:
    from typing import Any

    from sphinx.application import Sphinx

__version__ = '0.1.0'


def setup(app: Sphinx) -> dict[str, Any]:
    """Register everything linuxdoc-builders adds to Sphinx."""
    app.setup_extension('linuxdoc_builders.directives.flat_table')
    app.setup_extension('linuxdoc_builders.transforms')
    app.setup_extension('linuxdoc_builders.directives.kernel_doc')
    app.setup_extension('linuxdoc_builders.html')
    app.setup_extension('linuxdoc_builders.latex')
    app.setup_extension('linuxdoc_builders.gc_policy')
    app.setup_extension('linuxdoc_builders.settings')
    return {'version': __version__, 'parallel_read_safe': True,
            'parallel_write_safe': True}
