# SPDX-License-Identifier: GPL-2.0-only
project = 'Citations'
extensions = ['linuxdoc_builders']
pdf_documents = [('index', 'citations', 'Citations', 'The authors')]
