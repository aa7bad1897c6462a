# SPDX-License-Identifier: GPL-2.0-only
"""Sphinx configuration of a kernel-style documentation project.

``linuxdoc-quickstart DIR`` wrote this file; adjust the project data.
``make htmldocs`` and ``make pdfdocs`` build it (``make help`` lists
the targets), and so does ``sphinx-build -b linuxhtml . output/html``.
"""

import os
from importlib.util import find_spec
from pathlib import Path

from linuxdoc_builders.books import (
    latex_documents,
    pdf_documents,
    sphinxdir_books,
)

project = 'My C project'
author = 'The My C project developers'
copyright = author
# The version printed on the PDF covers and in the HTML pages.
release = '0.1'
version = release

# The flat-table directive with :cspan: / :rspan: and the linuxhtml,
# linuxlatex (and, with rst2pdf installed, linuxpdf) builders, whose
# table translators the stock html, dirhtml, singlehtml and latex
# builders use too.
extensions = ['linuxdoc_builders', 'linuxdoc_builders.automarkup']

# `name()`, `struct name`, `Documentation/x.rst` in prose become links,
# as in the kernel (linuxdoc_builders.automarkup); commits too, with a
# URL where {rev} goes:
# automarkup_commit_url = 'https://git.kernel.org/torvalds/c/{rev}'

# `make` writes into output/; never read it back as sources.
exclude_patterns = ['output', '_build', 'src']

# Where `.. kernel-doc:: FILE` finds FILE: relative to this directory,
# and may lie outside it (documentation in Documentation/ of a C tree
# sets '..', as the kernel does); a FILE outside this tree is refused.
kerneldoc_srctree = '.'

# Number figures, tables and code blocks, so that :numref: works (and
# prints the number the other book prints, across books).
numfig = True

html_theme = ('sphinx_rtd_theme' if find_spec('sphinx_rtd_theme')
              else 'alabaster')

# One PDF book per top-level directory that has an index.rst, as the
# kernel does; references between books become links between the PDFs.
# `make SPHINXDIRS=DIR` builds DIR alone, as one book (the Makefile says
# which directory in LINUXDOC_SPHINXDIR).  A document two books list goes
# to the first; move one with linuxdoc_book_of = {'docname': 'book'}.
# (The LaTeX titles are escaped for the engine below.)
_books = sphinxdir_books(Path(__file__).parent,
                         os.environ.get('LINUXDOC_SPHINXDIR', '.'))
latex_engine = 'xelatex'
latex_documents = latex_documents(_books, author, engine=latex_engine)
pdf_documents = pdf_documents(_books, author)

# xelatex, as the kernel uses (latex_engine above), with GNU FreeFont
# (Debian: fonts-freefont-otf), which has every script and style the
# books need.
latex_elements = {
    'papersize': 'a4paper',
    'fontpkg': r'''
\setmainfont{FreeSerif}[Extension=.otf, UprightFont=*,
  ItalicFont=*Italic, BoldFont=*Bold, BoldItalicFont=*BoldItalic]
\setsansfont{FreeSans}[Extension=.otf, UprightFont=*,
  ItalicFont=*Oblique, BoldFont=*Bold, BoldItalicFont=*BoldOblique]
\setmonofont{FreeMono}[Extension=.otf, UprightFont=*,
  ItalicFont=*Oblique, BoldFont=*Bold, BoldItalicFont=*BoldOblique]
''',
}

# Flat-table messages have the type 'flat-table' and the subtypes
# 'span', 'columns', 'role' and 'option'; 'linuxdoc.table' reports tables
# with impossible spans from other directives, 'linuxdoc.books' documents
# in no book, 'linuxdoc.pdf' what linuxpdf had to cut.  Silence one kind,
# not all warnings, if you must; a project coming from the kernel's
# rstFlatTable may want the first:
# suppress_warnings = ['flat-table.columns']
