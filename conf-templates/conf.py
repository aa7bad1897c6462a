# SPDX-License-Identifier: GPL-2.0-only
"""A starting conf.py for a kernel-style documentation project.

Copy it next to your index.rst and adjust the project data.  Build with
``sphinx-build -b linuxhtml . _build/html``.
"""

project = 'My C project'
author = 'The My C project developers'

# The flat-table directive with :cspan: / :rspan: and the linuxhtml and
# linuxlatex builders, whose table translators the stock html, dirhtml,
# singlehtml and latex builders use too.
extensions = ['linuxdoc_builders']

# Set to False to keep docutils' table writer in the stock HTML builders,
# or Sphinx's unguarded table writer in the stock LaTeX builder.
linuxdoc_html_translator = True
linuxdoc_latex_translator = True

exclude_patterns = ['_build']

# Flat-table messages have the type 'flat-table' and the subtypes 'span',
# 'role' and 'option'; tables with impossible spans from other directives
# are reported as 'linuxdoc.table'.  Silence one kind, not all warnings,
# if you must:
# suppress_warnings = ['flat-table.option']
