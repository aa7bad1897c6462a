# SPDX-License-Identifier: GPL-2.0-only
"""Which builders write with our translators.

Each backend gives the stock builders of its format its translator, and
ships its support files (stylesheet, LaTeX package) only to builds that
write with it; both questions are answered here, once for every backend.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from collections.abc import Iterable

    from docutils import nodes
    from sphinx.application import Sphinx


def take_stock_builders(app: Sphinx, names: Iterable[str],
                        translator: type[nodes.NodeVisitor],
                        enabled: bool) -> None:
    """Set ``translator`` for the stock builders ``names``, unless the
    project turned that off or registered a translator of its own."""
    if not enabled:
        return
    for name in names:
        if name not in app.registry.translators:
            app.set_translator(name, translator)


def build_uses(app: Sphinx, translator: type[nodes.NodeVisitor]) -> bool:
    """Whether this build writes with ``translator`` (or a subclass)."""
    builder = app.builder
    # the registry's get_translator_class() raises for builders that
    # have no translator (dummy, text, linkcheck); look it up the same way
    used = app.registry.translators.get(
        builder.name, getattr(builder, 'default_translator_class', None))
    return isinstance(used, type) and issubclass(used, translator)
