# SPDX-License-Identifier: GPL-2.0-only
extensions = ['linuxdoc_builders.directives.flat_table']
project = 'flat-table alone'
