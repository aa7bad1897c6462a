# SPDX-License-Identifier: GPL-2.0-only
"""The linuxpdf builder: rst2pdf on every supported Sphinx, a one-line
refusal when its libraries are missing, and never loaded into other
builds."""

from __future__ import annotations

import re
import subprocess
import sys
from pathlib import Path
from typing import TYPE_CHECKING

import pytest
from tools import sphinx_build

if TYPE_CHECKING:
    from sphinx.testing.util import SphinxTestApp

ROOTS = Path(__file__).parent / 'roots'


def test_linuxpdf_builds_on_this_sphinx(tmp_path: Path) -> None:
    result = sphinx_build('-q', '-b', 'linuxpdf', ROOTS / 'test-tables',
                          tmp_path / 'out', cwd=tmp_path)
    assert result.returncode == 0, result.stderr
    assert 'Traceback' not in result.stderr
    assert (tmp_path / 'out' / 'tables.pdf').stat().st_size > 0


def test_a_missing_library_is_one_line(tmp_path: Path) -> None:
    """rst2pdf absent (a broken installation): the one line that says
    what to install, and neither a traceback nor Sphinx's bug report."""
    hide = tmp_path / 'hide'
    hide.mkdir()
    # a package of that name that cannot be found by its metadata
    (hide / 'sitecustomize.py').write_text(
        'import importlib.metadata as m\n'
        'found = m.version\n'
        'def version(name):\n'
        '    if name == "rst2pdf":\n'
        '        raise m.PackageNotFoundError(name)\n'
        '    return found(name)\n'
        'm.version = version\n')
    result = subprocess.run(
        [sys.executable, '-m', 'sphinx', '-q', '-b', 'linuxpdf',
         ROOTS / 'test-tables', tmp_path / 'out'], cwd=tmp_path,
        capture_output=True, text=True, check=False,
        env={'PYTHONPATH': str(hide), 'NO_COLOR': '1'})
    assert result.returncode == 2
    assert result.stderr.splitlines() == [
        'ERROR: while setting up extension linuxdoc_builders.pdf: the '
        'linuxpdf builder needs rst2pdf, which is not installed: pip '
        'install linuxdoc-builders installs it']


def test_linuxpdf_writes_the_same_bytes_again(tmp_path: Path) -> None:
    import pymupdf
    result = sphinx_build('-q', '-b', 'linuxpdf', ROOTS / 'test-tables',
                          tmp_path / 'out', cwd=tmp_path)
    assert result.returncode == 0, result.stderr
    with pymupdf.open(tmp_path / 'out' / 'tables.pdf') as document:
        text = ' '.join(' '.join(page.get_text() for page in document)
                        .split())
    assert 'Row span in the stub column' in text
    assert 'group 15' in text
    again = sphinx_build('-q', '-E', '-b', 'linuxpdf', ROOTS / 'test-tables',
                         tmp_path / 'again', cwd=tmp_path)
    assert again.returncode == 0, again.stderr
    # invariant mode: the same sources, the same bytes
    assert ((tmp_path / 'again' / 'tables.pdf').read_bytes()
            == (tmp_path / 'out' / 'tables.pdf').read_bytes())


def test_a_pdf_that_cannot_be_written_fails_the_build(tmp_path: Path
                                                       ) -> None:
    """rst2pdf gives up on a malformed raw PDF command; stock rst2pdf
    then leaves a 0-byte PDF and says "build succeeded"."""
    result = sphinx_build('-q', '-b', 'linuxpdf',
                          ROOTS / 'test-pdf-failures', tmp_path / 'out',
                          cwd=tmp_path)
    assert 'Traceback' not in result.stderr
    assert result.returncode != 0
    assert 'ERROR: could not write pdf failures.pdf: ' in result.stderr
    assert list((tmp_path / 'out').glob('*.pdf')) == []


@pytest.mark.sphinx('html', testroot='tables', freshenv=True)
def test_other_builds_never_load_rst2pdf(app: SphinxTestApp) -> None:
    """rst2pdf's extension is parallel-write unsafe and edits the config;
    ``extensions = ['linuxdoc_builders']`` must not bring it in."""
    assert 'linuxdoc_builders' in app.extensions
    assert 'rst2pdf.pdfbuilder' not in app.extensions
    assert 'linuxpdf' not in app.registry.builders


def test_what_rst2pdf_renders_badly_is_a_warning(tmp_path: Path) -> None:
    """An image rst2pdf cannot read (it logged an error and ended in a
    division by zero): a warning at its line, a placeholder in the PDF,
    not a failed build (tests/test_images.py has the other kinds)."""
    result = sphinx_build('-q', '-b', 'linuxpdf',
                          ROOTS / 'test-pdf-problems', tmp_path / 'out',
                          cwd=tmp_path)
    assert 'Traceback' not in result.stderr
    import pymupdf
    assert result.returncode == 0, result.stderr
    assert 'could not write' not in result.stderr
    # docutils 0.19 (Debian 12) gives the image the line after it
    assert re.search(r'index.rst:[89]: WARNING: image not-an-image.png '
                     r'cannot be drawn \(not an image Pillow can read\): '
                     r'the PDF shows a placeholder', result.stderr), \
        result.stderr
    with pymupdf.open(tmp_path / 'out' / 'pdf problems.pdf') as document:
        text = ' '.join(page.get_text() for page in document)
    assert 'Text after the image.' in text
    assert '[image not-an-image.png not shown' in text
