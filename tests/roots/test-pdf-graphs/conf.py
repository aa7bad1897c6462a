# SPDX-License-Identifier: GPL-2.0-only
#
# DOT figures as the kernel writes them: a figure of a .dot file, and the
# kfigure extension's kernel-render node (mimicked by render.py) with a
# graph inline, one with a syntax error.
import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).parent))

extensions = ['linuxdoc_builders', 'render']
project = 'graphs'
