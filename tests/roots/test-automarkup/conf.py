# SPDX-License-Identifier: GPL-2.0-only
extensions = ['linuxdoc_builders', 'linuxdoc_builders.automarkup']
project = 'automarkup'
automarkup_commit_url = 'https://git.kernel.org/torvalds/c/{rev}'
