# SPDX-License-Identifier: GPL-2.0-only
"""Sphinx configuration of linuxdoc-builders' own documentation."""

project = 'linuxdoc-builders'
author = 'linuxdoc-builders developers'
extensions = ['linuxdoc_builders']
exclude_patterns = ['_build']
