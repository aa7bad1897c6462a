# SPDX-License-Identifier: GPL-2.0-only
extensions = ['linuxdoc_builders']
project = 'links'
numfig = True
# one page per chapter, so that a link landing on the wrong chapter lands
# on the wrong page
pdf_break_level = 2
pdf_breakside = 'any'
