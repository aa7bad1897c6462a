# SPDX-License-Identifier: GPL-2.0-only
"""Sphinx's inline roles in linuxpdf: each set as Sphinx's LaTeX sets it,
with no rst2pdf message.  Before, rst2pdf warned "Unkn. node" at
``:manpage:``, ``:c:expr:`` and ``:abbr:`` and "Using undefined style"
at the others (a menu's ``&`` accelerator, a ``.. seealso::`` title
included), and set ``:file:`` and ``:samp:`` in the body font."""

from __future__ import annotations

from pathlib import Path

from tools import sphinx_build

ROOT = Path(__file__).parent / 'roots' / 'test-pdf-roles'

#: Each role's text (as PyMuPDF cuts it into spans) and its font.
EXPECTED = {
    'open(2)': 'DejaVuSans-Oblique',
    'foo': 'DejaVuSansMono', '->': 'DejaVuSansMono', 'bar': 'DejaVuSansMono',
    'File \u2023 Open': 'DejaVuSans-Oblique', 'Seealso': 'DejaVuSans-Bold',
    'Apply': 'DejaVuSans-Oblique',
    '/etc/fstab': 'DejaVuSansMono',
    'echo hello': 'DejaVuSansMono',
    'ab+': 'DejaVuSansMono',
}


def test_roles_are_set_as_in_latex(tmp_path: Path) -> None:
    result = sphinx_build('-q', '-b', 'linuxpdf', ROOT, tmp_path / 'out',
                          cwd=tmp_path)
    assert result.returncode == 0, result.stderr
    assert result.stderr == ''
    import pymupdf
    with pymupdf.open(tmp_path / 'out' / 'roles.pdf') as document:
        page = next(page for page in document
                    if 'See' in page.get_text())
        spans = [span for block in page.get_text('dict')['blocks']
                 for line in block.get('lines', ())
                 for span in line['spans']]
    fonts = {span['text'].strip(' ,.'): span['font'] for span in spans}
    assert {text: fonts.get(text) for text in EXPECTED} == EXPECTED
    text = ' '.join(span['text'] for span in spans)
    assert 'abbreviation LKML (Linux Kernel Mailing List), the' in text
