# SPDX-License-Identifier: GPL-2.0-only
"""The project templates that ``linuxdoc-quickstart`` copies, one
directory each (installed as ``linuxdoc_builders.templates``)."""
