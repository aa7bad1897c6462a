# SPDX-License-Identifier: GPL-2.0-only
extensions = ['linuxdoc_builders']
project = 'shaped'
latex_engine = 'xelatex'
