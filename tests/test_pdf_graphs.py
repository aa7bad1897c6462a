# SPDX-License-Identifier: GPL-2.0-only
"""DOT figures in linuxpdf: a figure of a ``.dot`` file and the kernel's
``kernel-render`` node are drawn, one dot cannot draw shows its source.
Figures wider or taller than the page are scaled to fit it, without the
warnings rst2pdf and linuxpdf gave (Sphinx's LaTeX gives none).

Before, rst2pdf drew its "image missing" picture for the first and
dropped the second with an "Unkn. node" message: the whole kernel tree
lost 24 figures so.
"""

from __future__ import annotations

import re
from pathlib import Path

from tools import graphviz_dot, sphinx_build, typed

ROOT = Path(__file__).parent / 'roots' / 'test-pdf-graphs'


def test_dot_figures_are_drawn(tmp_path: Path) -> None:
    graphviz_dot()
    result = sphinx_build('-b', 'linuxpdf', ROOT, tmp_path / 'out',
                          cwd=tmp_path)
    assert result.returncode == 0, result.stderr
    warnings = re.findall(r'^(.*?): WARNING: (.*)$', result.stderr,
                          re.MULTILINE)
    assert warnings == [(
        f'{ROOT / "index.rst"}:25', typed(
            'DOT figure shown as its source: dot says Error: <stdin>: '
            "syntax error in line 1 near ';'", 'linuxdoc.pdf'))
    ], result.stderr
    import pymupdf
    with pymupdf.open(tmp_path / 'out' / 'graphs.pdf') as document:
        page = next(page for page in document
                    if 'A figure of a DOT file' in page.get_text())
        words = ' '.join(page.get_text().split())
        images = page.get_images()
    # the graphs' labels, drawn as text from the SVG dot wrote
    for seen in ('Sensor Alpha', 'ISP Bravo', 'link Charlie',
                 'The pipeline figure', 'Node Delta', 'Node Echo',
                 'The inline graph', 'digraph broken { foxtrot -> ; }',
                 'After the graphs.'):
        assert seen in words
    # no bitmap: not rst2pdf's "image missing" picture
    assert images == []
    # the figures wider and taller than the page: scaled to fit, their
    # labels on it
    with pymupdf.open(tmp_path / 'out' / 'graphs.pdf') as document:
        for label in ('Wide Hotel', 'Tall Golf'):
            page = next(page for page in document
                        if label in page.get_text())
            assert page.search_for(label)[0] in page.rect
    assert len(list((tmp_path / 'out' / '_graphs').glob('*.svg'))) == 2
