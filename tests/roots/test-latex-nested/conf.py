# SPDX-License-Identifier: GPL-2.0-only
#
# Tables nested deeper than Sphinx's LaTeX writer can set, and a tall
# table holding a table: linuxlatex leaves the first out with a warning
# (Sphinx stops the build) and keeps the second a tabular.
extensions = ['linuxdoc_builders']
project = 'latex nested'
latex_documents = [('index', 'nested.tex', 'Nested', 'linuxdoc-builders',
                    'manual')]
