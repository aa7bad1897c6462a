# SPDX-License-Identifier: GPL-2.0-only
"""A starting conf.py for a kernel-style documentation project.

Copy it next to your index.rst and adjust the project data.  Build with
``sphinx-build -b html . _build/html``.
"""

project = 'My C project'
author = 'The My C project developers'

# The flat-table directive with :cspan: / :rspan:; with linuxdoc-builders
# installed, the builders come with it as they land.
extensions = ['linuxdoc_builders']

exclude_patterns = ['_build']

# Flat-table messages have the type 'flat-table' and the subtypes 'span',
# 'role' and 'option'; silence one kind, not all warnings, if you must:
# suppress_warnings = ['flat-table.option']
