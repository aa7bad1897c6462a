# SPDX-License-Identifier: GPL-2.0-only
#
# A table whose cells' text has ascenders and descenders, to measure how
# far it is from the top and bottom borders of its cell.
extensions = ['linuxdoc_builders']
project = 'padding'
