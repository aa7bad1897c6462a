# SPDX-License-Identifier: GPL-2.0-only
#
# What stock rst2pdf cannot lay out at all: each PDF is a 0-byte file
# with it, while linuxpdf writes them all.
extensions = ['linuxdoc_builders']
project = 'pdf hard'
pdf_documents = [('index', 'tall', 'Too tall', 'linuxdoc-builders'),
                 ('nested', 'nested', 'Nested', 'linuxdoc-builders'),
                 ('options', 'options', 'Options', 'linuxdoc-builders')]
