# SPDX-License-Identifier: GPL-2.0-only
"""Golden files: the views of ``linuxdoc-golden``, a readable diff, an
explicit update.

A golden is a claim that the output is right, so it is only rewritten with
``pytest --update-goldens``, after looking at the rendered result.  The
tests normalise with the product's own code (``linuxdoc_builders.golden``)
so that what the project checks is what its users check.

Tables have one golden each, under ``tests/expected/ROOT/tables/DOC/``,
shared by the HTML and the LaTeX build and by every Sphinx release: a
table reads the same in every format, and a golden asserts our work, not
Sphinx's mark-up.  The text of a document has a golden per format
(``ROOT/html/DOC/text.txt``, ``ROOT/latex/DOC/text.txt``).
"""

from __future__ import annotations

import re
from pathlib import Path

from linuxdoc_builders.golden.cli import differences

EXPECTED = Path(__file__).parent / 'expected'


def normalise_pseudoxml(text: str, srcdir: Path) -> str:
    """A pseudo-XML doctree without the per-run attributes of ``document``.

    docutils before 0.21 writes true attributes as ``"True"``, later ones
    as ``"1"``; both mean the same.
    """
    text = text.replace(str(srcdir), '<srcdir>').replace('="True"', '="1"')
    return re.sub(r'^<document .*>$', '<document>', text, count=1,
                  flags=re.MULTILINE)


def assert_golden(actual: str, name: str, update: bool) -> None:
    """Compare with ``tests/expected/NAME``; rewrite it when asked to."""
    root, rest = name.split('/', 1)
    assert_goldens({rest: actual}, root, update, complete=False)


def as_goldens(views: dict[str, str]) -> dict[str, str]:
    """The views of one format (``html/...``, ``latex/...``) as golden
    names: tables under ``tables/``, texts under their format."""
    goldens = {}
    for path, text in views.items():
        _, rest = path.split('/', 1)
        if rest.endswith('/text.txt'):
            goldens[path] = text
        else:
            goldens[f'tables/{rest}'] = text
    return goldens


def assert_goldens(actual: dict[str, str], root: str, update: bool,
                   complete: bool = True) -> None:
    """Compare a set of golden files of ``tests/expected/ROOT``; with
    ``complete``, a golden in the same directories that the output no
    longer has is a difference too."""
    expected = EXPECTED / root
    if update:
        for name, text in actual.items():
            path = expected / name
            path.parent.mkdir(parents=True, exist_ok=True)
            path.write_text(text, encoding='utf-8')
        return
    recorded = {name: (expected / name).read_text(encoding='utf-8')
                for name in actual if (expected / name).is_file()}
    if complete:
        directories = {(expected / name).parent for name in actual}
        recorded |= {path.relative_to(expected).as_posix():
                     path.read_text(encoding='utf-8')
                     for directory in directories
                     for path in directory.glob('*.txt')}
    diff = differences(recorded, actual)
    if diff:
        msg = (f'output differs from the golden files in {expected} '
               f'(pytest --update-goldens rewrites them):\n{diff}')
        raise AssertionError(msg)
