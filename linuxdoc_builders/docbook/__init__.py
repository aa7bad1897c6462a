# SPDX-License-Identifier: GPL-2.0-only
"""DocBook to reStructuredText (``linuxdoc-docbook``): every table span
kept as a ``flat-table``, the kernel's template markers as
``kernel-doc`` directives (:mod:`~linuxdoc_builders.docbook.cli`)."""
