# SPDX-License-Identifier: GPL-2.0-only
"""The command line of the reports read from TeX's logs.

TeX runs after Sphinx has finished, so what it could not do (text it
could not fit, characters it had no glyph for) reaches nobody unless its
``.log`` is read afterwards.  ``linuxdoc-latex-overfull`` and
``linuxdoc-latex-missing`` take the same arguments (LaTeX output
directories or ``.tex`` files), print one ``WARNING`` line each to
standard error, and exit with status 1 if there is one: :func:`run`.
"""

from __future__ import annotations

import argparse
import sys
from pathlib import Path
from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from collections.abc import Callable


def run(prog: str, description: str, warnings: Callable[[Path], list[str]],
        argv: list[str] | None) -> int:
    """Print ``warnings(tex)`` for every ``.tex`` file the arguments
    name; status 1 if there is one."""
    parser = argparse.ArgumentParser(prog=prog, description=description)
    parser.add_argument('paths', nargs='+', type=Path,
                        help='LaTeX output directories or .tex files, '
                             'after TeX has run')
    args = parser.parse_args(argv)
    found = 0
    for path in args.paths:
        for tex in sorted(path.glob('*.tex')) if path.is_dir() else [path]:
            for line in warnings(tex):
                found += 1
                print(line, file=sys.stderr)
    return 1 if found else 0
