# SPDX-License-Identifier: GPL-2.0-only
"""A starting conf.py for a kernel-style documentation project.

Copy it next to your index.rst and adjust the project data.  Build with
``sphinx-build -b linuxhtml . _build/html``.
"""

from pathlib import Path

from linuxdoc_builders.books import (
    latex_documents,
    pdf_documents,
    top_level_books,
)

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

# One PDF book per top-level directory that has an index.rst, as the
# kernel does; references between books become links between the PDFs
# (sphinx-build -b linuxlatex, then make; or -b linuxpdf).  A document
# two books list goes to the first; move one with
# linuxdoc_book_of = {'docname': 'book'}.
_books = top_level_books(Path(__file__).parent)
latex_documents = latex_documents(_books, author)
pdf_documents = pdf_documents(_books, author)

# Flat-table messages have the type 'flat-table' and the subtypes 'span',
# 'role' and 'option'; tables with impossible spans from other directives
# are reported as 'linuxdoc.table'.  Silence one kind, not all warnings,
# if you must:
# suppress_warnings = ['flat-table.option']
