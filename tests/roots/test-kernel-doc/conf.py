# SPDX-License-Identifier: GPL-2.0-only
extensions = ['linuxdoc_builders.directives.kernel_doc']
project = 'kernel-doc'
kerneldoc_srctree = 'tree'
exclude_patterns = ['tree']
