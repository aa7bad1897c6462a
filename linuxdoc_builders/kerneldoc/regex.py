# SPDX-License-Identifier: GPL-2.0-only
"""``re``'s functions over a plain dict of compiled patterns.

The script's rules are hundreds of one-off regular expressions applied
to every comment line and parameter; ``re.sub(pattern, ...)`` looks each
up in ``re``'s cache, with enum flag arithmetic, which cost more than
the matching itself.  Same signatures, flags as plain ints.
"""

from __future__ import annotations

import re
from collections.abc import Callable

ASCII = int(re.ASCII)
DOTALL = int(re.DOTALL)
IGNORECASE = int(re.IGNORECASE)

_COMPILED: dict[tuple[str, int], re.Pattern[str]] = {}

Replacement = str | Callable[[re.Match[str]], str]


def compiled(pattern: str, flags: int = 0) -> re.Pattern[str]:
    found = _COMPILED.get((pattern, flags))
    if found is None:
        found = _COMPILED[pattern, flags] = re.compile(pattern, flags)
    return found


def sub(pattern: str, repl: Replacement, string: str, count: int = 0,
        flags: int = 0) -> str:
    return compiled(pattern, flags).sub(repl, string, count)


def subn(pattern: str, repl: Replacement, string: str, count: int = 0,
         flags: int = 0) -> tuple[str, int]:
    return compiled(pattern, flags).subn(repl, string, count)


def search(pattern: str, string: str, flags: int = 0) -> re.Match[str] | None:
    return compiled(pattern, flags).search(string)


def match(pattern: str, string: str, flags: int = 0) -> re.Match[str] | None:
    return compiled(pattern, flags).match(string)


def split(pattern: str, string: str, flags: int = 0) -> list[str]:
    return compiled(pattern, flags).split(string)
