# SPDX-License-Identifier: GPL-2.0-only
extensions = ['linuxdoc_builders']
project = 'hide nothing'
latex_engine = 'xelatex'
latex_documents = [('index', 'hidenothing.tex', 'Hide nothing', 'linuxdoc',
                    'manual')]
pdf_documents = [('index', 'hidenothing', 'Hide nothing', 'linuxdoc')]
numfig = True
