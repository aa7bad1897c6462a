# SPDX-License-Identifier: GPL-2.0-only
"""linuxlatex measures a table's words in the fonts xelatex sets them in.

``tests/roots/test-latex-fonts`` has the kernel's LaTeX settings (11pt
DejaVu on A4 with half-inch margins) and two of its kinds of tables: an
ioctl's errors in a block quote, and options beside their meaning.  By
the model of 10pt text, ``ENOMEM``'s column was cut under the next
column's colour and TeX hyphenated ``EINVAL``.
"""

from __future__ import annotations

from pathlib import Path

import pymupdf
import pytest
from pdf_visible import hidden_text
from tools import make_latex_pdfs, sphinx_build

from linuxdoc_builders.fontconfig import fc_match
from linuxdoc_builders.latex import metrics

ROOT = Path(__file__).parent / 'roots' / 'test-latex-fonts'
KERNEL_FONTS = r'''
    \setsansfont{DejaVu Sans}
    \setromanfont{DejaVu Serif}
    \setmonofont{DejaVu Sans Mono}
'''
#: The kernel's line: A4 less half an inch each side, in TeX points.
KERNEL_LINE = 597.508 - 2 * 72.27 / 2


def test_words_are_measured_in_the_fonts_named() -> None:
    """``ENOMEM`` at 11pt in DejaVu Serif, as a share of the kernel's
    line in units, against the font's own advance widths (read with
    MuPDF); monospace in DejaVu Sans Mono; a heading in the widest of
    the three families (``Waiting`` in the monospaced one, ``mmmm`` in
    the sans serif one)."""
    measure = metrics.measure(KERNEL_FONTS, '11pt', KERNEL_LINE)
    assert measure is not metrics.MODEL
    for text, family, kind in (('ENOMEM', 'DejaVu Serif', 'body'),
                               ('maximum aname=name', 'DejaVu Serif', 'body'),
                               ('KVM_S390_CMMA_PEEK', 'DejaVu Sans Mono',
                                'mono'),
                               ('Waiting', 'DejaVu Sans Mono', 'heading'),
                               ('mmmm', 'DejaVu Sans', 'heading')):
        face = fc_match(family)
        assert face is not None, family
        font = pymupdf.Font(fontfile=str(face.file))
        expected = font.text_length(text, 11) * metrics.LINE_UNITS \
            / KERNEL_LINE * (metrics.HEADING_MARGIN if kind == 'heading'
                             else metrics.MARGIN)
        assert measure.width(text, kind) == pytest.approx(expected,
                                                          rel=0.01)
    assert measure.width('ENOMEM', 'body') \
        > metrics.MODEL.width('ENOMEM', 'body') * 1.3


def test_the_fonts_named_last_are_measured() -> None:
    """Fonts named again later (the kernel's preamble after Sphinx's
    fontpkg) are the ones TeX sets, and measured."""
    free = r'\setmainfont{FreeSerif}\setmonofont{FreeMono}'
    kernel = metrics.measure(free + KERNEL_FONTS, '11pt', KERNEL_LINE)
    dejavu = metrics.measure(KERNEL_FONTS, '11pt', KERNEL_LINE)
    freefont = metrics.measure(free, '11pt', KERNEL_LINE)
    for text, kind in (('nosmt=force', 'body'), ('KVM_S390', 'mono')):
        assert kernel.width(text, kind) == dejavu.width(text, kind)
        assert kernel.width(text, kind) > freefont.width(text, kind)


def test_fonts_not_read_are_left_to_the_model() -> None:
    """pdflatex's Type 1 fonts (Sphinx's ``fontpkg`` for it), and a
    family fontconfig does not have."""
    assert metrics.measure(r'\usepackage{tgtermes}\usepackage{tgheros}',
                           '11pt', KERNEL_LINE) is metrics.MODEL
    assert metrics.measure(r'\setmainfont{No Such Family Here}', '10pt',
                           KERNEL_LINE) is metrics.MODEL


def test_a_measure_in_use_is_undone() -> None:
    token = metrics.use(KERNEL_FONTS, '11pt', KERNEL_LINE)
    assert metrics.current() is not metrics.MODEL
    metrics.reset(token)
    assert metrics.current() is metrics.MODEL


#: The kernel names its fonts in the ``preamble``, after Sphinx's
#: FreeFont in ``fontpkg``: TeX sets the last named.
KERNEL_PREAMBLE = (
    '-D', r'latex_elements.fontpkg=\setmainfont{FreeSerif}'
    r'\setsansfont{FreeSans}\setmonofont{FreeMono}',
    '-D', 'latex_elements.preamble=' + KERNEL_FONTS)


#: As the kernel builds: ``latex_engine`` left at Sphinx's ``pdflatex``,
#: and Sphinx's Makefile told to compile with xelatex.
KERNEL_ENGINE = (
    '-D', 'latex_engine=pdflatex',
    '-D', r'latex_elements.fontpkg=\usepackage{tgtermes}',
    '-D', 'latex_elements.preamble=' + KERNEL_FONTS)


@pytest.mark.parametrize(('fonts', 'make'), [
    ((), ()), (KERNEL_PREAMBLE, ()),
    (KERNEL_ENGINE, ('PDFLATEX=latexmk -xelatex',))],
    ids=['fontpkg', 'preamble', 'pdflatex-engine'])
def test_the_kernels_tables_keep_their_words_whole(
        tmp_path: Path, fonts: tuple[str, ...], make: tuple[str, ...]
) -> None:
    """Compiled: no character under the next column's fill, no error
    name hyphenated; and in the table the source sets ``\\tiny`` (6pt),
    its sub- and superscripts at half the body's 10.95pt, not TeX's
    5pt.  The fonts named in ``fontpkg`` (the root's conf.py), or in the
    ``preamble`` after others in ``fontpkg``, as the kernel does (the
    words were measured in FreeSerif, and the kernel's l1tf.rst cut
    ``nosmt=force`` under the next column), and with ``latex_engine``
    left at ``pdflatex`` and the Makefile compiling with xelatex, as
    the kernel builds (measured by the model, not in DejaVu: the whole
    tree's ``DN_RENAME`` and ``aname=name`` cut under the next
    column).  A table in two block quotes has the narrower line they
    leave (measured against the page's, l1tf.rst's ``nosmt=force`` was
    cut).  A ``\\footnotesize`` table's cell that fits on a page stays
    one row (counted at the body's size on Sphinx's letter page, the
    kernel's ``\\small`` reserved formats had a cell cut in three).  A
    ``±`` in a table shrunk to half the body's size is set at that size
    (Sphinx writes it as maths for pdflatex, which LaTeX set at 5pt)."""
    out = tmp_path / 'out'
    result = sphinx_build('-q', '-b', 'linuxlatex', *fonts, ROOT, out,
                          cwd=tmp_path)
    assert result.returncode == 0, result.stderr
    assert make_latex_pdfs(out, *make) == []
    tex = (out / 'fonts.tex').read_text()
    # code lines break anywhere unless the project's own options (after
    # ours) say otherwise
    assert r'\sphinxsetup{verbatimforcewraps=true,hmargin=0.5in, ' in tex
    cell = tex[tex.index(r'START\textunderscore'):
               tex.index(r'END\textunderscore')]
    assert 'Details' not in cell
    assert '\\\\\n' not in cell
    pdf = out / 'fonts.pdf'
    assert hidden_text(pdf) == []
    with pymupdf.open(pdf) as document:
        words = [word for page in document
                 for word in page.get_text().split()]
    for word in ('ENOMEM', 'EINVAL', 'EFAULT', 'maximum', 'aname=name',
                 'DN_RENAME', 'nosmt=force', 'START_OF_THE_SMALL_CELL.',
                 'END_OF_THE_SMALL_CELL.'):
        assert word in words, word
    assert {word for word in words if word.startswith('EIN')} \
        == {'EINVAL'}
    # the smallest of each text: a page number may read '7' too
    sizes: dict[str, float] = {}
    with pymupdf.open(pdf) as document:
        for page in document:
            for block in page.get_text('dict')['blocks']:
                for line in block.get('lines', ()):
                    for span in line['spans']:
                        text = span['text'].strip()
                        sizes[text] = min(sizes.get(text, span['size']),
                                          span['size'])
    assert sizes['g'] == pytest.approx(6.0, abs=0.05)
    for script in ('7', '3', '0'):
        assert sizes[script] == pytest.approx(10.95 / 2, abs=0.05), script
    # a table shrunk to half the body: its maths (Sphinx's \(\pm\) for
    # pdflatex) at its size, not in the 5pt design below it
    plus_minus = [size for text, size in sizes.items() if '±' in text]
    assert len(plus_minus) >= 1
    assert min(plus_minus) >= 10.95 / 2 - 0.05
