# SPDX-License-Identifier: GPL-2.0-only
"""The smallest project with linuxdoc-builders: one page.

``sphinx-build -b linuxhtml . output/html`` builds it (``linuxlatex``
and ``linuxpdf`` too).
"""

project = 'My project'
author = 'The My project developers'
copyright = author
release = '0.1'
version = release

extensions = ['linuxdoc_builders']
exclude_patterns = ['output', '_build']
numfig = True

# The PDFs' file names (rst2pdf would name its PDF after the project,
# spaces and all).
latex_documents = [('index', 'myproject.tex', project, author, 'manual')]
pdf_documents = [('index', 'myproject', project, author)]
