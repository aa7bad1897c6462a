# SPDX-License-Identifier: GPL-2.0-only
"""reST directives of linuxdoc-builders (``linuxdoc_builders.directives``).

They emit plain docutils nodes and know nothing of any builder.
"""
