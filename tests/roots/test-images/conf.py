# SPDX-License-Identifier: GPL-2.0-only
extensions = ['linuxdoc_builders']
project = 'images'
latex_engine = 'xelatex'
latex_documents = [('index', 'images.tex', 'Images', 'linuxdoc', 'manual')]
pdf_documents = [('index', 'images', 'Images', 'linuxdoc')]
