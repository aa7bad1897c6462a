# SPDX-License-Identifier: GPL-2.0-only
#
# Tables whose cells' text (paragraphs and lists) has ascenders and
# descenders, to measure how far it is from the top and bottom borders
# of its cell.
extensions = ['linuxdoc_builders']
project = 'padding'
