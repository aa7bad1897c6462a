# SPDX-License-Identifier: GPL-2.0-only
extensions = ['linuxdoc_builders']
project = 'scripts'
