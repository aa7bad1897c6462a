# SPDX-License-Identifier: GPL-2.0-only
extensions = ['linuxdoc_builders']
project = 'latex given widths'
# the kernel's layout: A4, 11pt, half-inch side margins, and with
# xelatex its DejaVu fonts, wider than Sphinx's
latex_elements = {
    'papersize': 'a4paper', 'pointsize': '11pt',
    'sphinxsetup': 'hmargin=0.5in, vmargin=1in',
    'fontpkg': r'''\ifdefined\setmainfont
\setmainfont{DejaVu Serif}
\setsansfont{DejaVu Sans}
\setmonofont{DejaVu Sans Mono}
\fi''',
}
