# SPDX-License-Identifier: GPL-2.0-only
# The kernel's LaTeX settings, as test-latex-fonts holds them (11pt
# DejaVu on A4 with half-inch margins), for a book of its own.
from pathlib import Path

exec((Path(__file__).parent.parent / 'test-latex-fonts' / 'conf.py')
     .read_text())
project = 'latex framed'
latex_documents = [('index', 'framed.tex', 'Framed code', 'linuxdoc',
                    'manual')]
