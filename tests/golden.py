# SPDX-License-Identifier: GPL-2.0-only
"""Golden files: normalised output, a readable diff, an explicit update.

A golden is a claim that the output is right, so it is only rewritten with
``pytest --update-goldens``, after looking at the rendered result.
Normalising removes what changes between runs and machines (paths,
versions, timestamps, generated ids of Sphinx's assets) and nothing else.
"""

from __future__ import annotations

import difflib
import re
from pathlib import Path

from lxml import etree, html

EXPECTED = Path(__file__).parent / 'expected'


def normalise_html(page: str) -> str:
    """The document body of a Sphinx HTML page, pretty-printed by lxml."""
    tree = html.document_fromstring(page)
    bodies = tree.xpath('//*[@role="main"]')
    body = bodies[0] if bodies else tree.body
    # permalink anchors and the theme's float clearer are chrome that
    # changes between Sphinx and theme versions, not document content
    for chrome in body.xpath('.//a[contains(@class, "headerlink")]'
                             ' | .//div[@class="clearer"]'):
        chrome.drop_tree()
    for element in body.iter():
        if element.text:
            element.text = _squash(element.text)
        if element.tail:
            element.tail = _squash(element.tail)
    etree.indent(body, space='  ')
    return etree.tostring(body, encoding='unicode', method='html') + '\n'


def _squash(text: str) -> str:
    return re.sub(r'\s+', ' ', text)


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
    path = EXPECTED / name
    if update:
        path.parent.mkdir(parents=True, exist_ok=True)
        path.write_text(actual, encoding='utf-8')
        return
    if not path.exists():
        msg = f'no golden {path}; create it with pytest --update-goldens'
        raise AssertionError(msg)
    expected = path.read_text(encoding='utf-8')
    if actual != expected:
        diff = ''.join(difflib.unified_diff(
            expected.splitlines(keepends=True),
            actual.splitlines(keepends=True),
            fromfile=f'{name} (golden)', tofile=f'{name} (built)'))
        msg = f'output differs from the golden file:\n{diff}'
        raise AssertionError(msg)
