# SPDX-License-Identifier: GPL-2.0-only
#
# Tables that used to hang linuxpdf or cost the whole PDF, though stock
# rst2pdf writes them: one PDF each, so one failure cannot hide another.
extensions = ['linuxdoc_builders']
project = 'pdf robust'
pdf_documents = [
    ('tall_header', 'tall_header', 'Tall header', 'linuxdoc-builders'),
    ('huge_header', 'huge_header', 'Huge header', 'linuxdoc-builders'),
    ('narrow', 'narrow', 'Narrow', 'linuxdoc-builders'),
    ('raw_in_cell', 'raw_in_cell', 'Raw', 'linuxdoc-builders'),
    ('header_once', 'header_once', 'Header once', 'linuxdoc-builders'),
    ('widths', 'widths', 'Widths', 'linuxdoc-builders'),
    ('code', 'code', 'Code', 'linuxdoc-builders'),
    ('deep', 'deep', 'Deep', 'linuxdoc-builders'),
    ('identifiers', 'identifiers', 'Identifiers', 'linuxdoc-builders'),
    ('maths', 'maths', 'Maths', 'linuxdoc-builders'),
    ('list_item', 'list_item', 'List item', 'linuxdoc-builders'),
    ('header_cut', 'header_cut', 'Header cut', 'linuxdoc-builders'),
]
