# SPDX-License-Identifier: GPL-2.0-only
# The kernel's LaTeX settings (Documentation/conf.py of 6.12): 11pt
# DejaVu on A4 with half-inch margins, wider text than Sphinx's default.
extensions = ['linuxdoc_builders']
project = 'latex framed'
latex_engine = 'xelatex'
latex_documents = [('index', 'framed.tex', 'Framed code', 'linuxdoc',
                    'manual')]
latex_elements = {
    'papersize': 'a4paper',
    'pointsize': '11pt',
    'sphinxsetup': 'hmargin=0.5in, vmargin=1in',
    'fontpkg': r'''
        \setsansfont{DejaVu Sans}
        \setromanfont{DejaVu Serif}
        \setmonofont{DejaVu Sans Mono}
    ''',
}
