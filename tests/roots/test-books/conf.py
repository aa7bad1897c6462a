# SPDX-License-Identifier: GPL-2.0-only
#
# Three books, one per top-level directory, listed by the helper a
# kernel-style conf.py uses instead of a hand-written list.
from pathlib import Path

from linuxdoc_builders.books import (
    latex_documents,
    pdf_documents,
    top_level_books,
)

extensions = ['linuxdoc_builders']
project = 'books'
numfig = True
latex_engine = 'xelatex'

_books = top_level_books(Path(__file__).parent)
latex_documents = latex_documents(_books, 'linuxdoc-builders')
pdf_documents = pdf_documents(_books, 'linuxdoc-builders')
