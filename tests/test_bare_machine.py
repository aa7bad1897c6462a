# SPDX-License-Identifier: GPL-2.0-only
"""The README's first command, as a new user runs it on a machine with
Python and pip but no TeX: a fresh virtual environment, a plain ``pip
install .`` (no extras), TeX hidden from ``PATH``.

It must build the HTML and the PDF books of the kernel template and
leave nothing untracked in the checkout it runs in.  The command is read
from README.md, so the README cannot promise what is not tested.

It installs from PyPI and builds three formats, so it runs in one tox
environment only (``bare`` marker; tox.ini).
"""

from __future__ import annotations

import os
import shutil
import subprocess
import sys
from pathlib import Path

import pymupdf
import pytest

ROOT = Path(__file__).resolve().parent.parent

#: Programs of TeX Live (and latexmk) that the command must not need.
TEX_PROGRAMS = frozenset({
    'latexmk', 'xelatex', 'xetex', 'pdflatex', 'pdftex', 'lualatex',
    'luatex', 'latex', 'tex', 'xdvipdfmx', 'kpsewhich', 'mktexfmt'})

#: The kernel template's books.
BOOKS = ('driver-api', 'user-guide')


def readme_first_command() -> str:
    """The first command of README.md's "Three commands" section."""
    text = (ROOT / 'README.md').read_text(encoding='utf-8')
    section = text.split('## Three commands', 1)[1]
    for line in section.splitlines():
        if line.startswith('    '):
            return line.strip()
    pytest.fail('README.md: no command under "Three commands"')


def clean_checkout(target: Path) -> Path:
    """The checkout's files as git tracks them (with their changes), in a
    repository of their own whose status starts clean."""
    listed = subprocess.run(['git', 'ls-files', '-z'], cwd=ROOT, check=True,
                            capture_output=True).stdout.decode()
    for name in filter(None, listed.split('\0')):
        source = ROOT / name
        if source.is_file():
            (target / name).parent.mkdir(parents=True, exist_ok=True)
            shutil.copy2(source, target / name)
    git = ['git', '-c', 'user.name=t', '-c', 'user.email=t@t']
    for command in (['init', '-q'], ['add', '-A'],
                    ['commit', '-q', '-m', 'checkout']):
        subprocess.run([*git, *command], cwd=target, check=True)
    return target


def path_without_tex(shims: Path, venv_bin: Path) -> str:
    """``PATH`` with the virtual environment first and every other
    program of ``PATH`` linked in ``shims``, but TeX's."""
    shims.mkdir()
    for directory in os.environ['PATH'].split(os.pathsep):
        if not os.path.isdir(directory):
            continue
        for entry in os.scandir(directory):
            target = os.path.realpath(entry.path)
            if (entry.name in TEX_PROGRAMS or 'texlive' in target
                    or 'texmf' in target or (shims / entry.name).exists()
                    or not os.access(entry.path, os.X_OK)):
                continue
            (shims / entry.name).symlink_to(target)
    return f'{venv_bin}{os.pathsep}{shims}'


@pytest.mark.bare
def test_readme_first_command_on_a_bare_machine(tmp_path: Path) -> None:
    command = readme_first_command()
    checkout = clean_checkout(tmp_path / 'checkout')
    venv = tmp_path / 'venv'
    subprocess.run([sys.executable, '-m', 'venv', venv], check=True)
    path = path_without_tex(tmp_path / 'shims', venv / 'bin')
    for program in TEX_PROGRAMS:
        assert shutil.which(program, path=path) is None, program
    temporary = tmp_path / 'tmp'
    temporary.mkdir()
    env = {k: v for k, v in os.environ.items()
           if k not in {'PYTHONPATH', 'VIRTUAL_ENV', 'MAKEFLAGS', 'MFLAGS',
                        'MAKELEVEL', 'FORCE_COLOR'}}
    env.update(PATH=path, TMPDIR=str(temporary), NO_COLOR='1')
    result = subprocess.run(['bash', '-c', command], cwd=checkout, env=env,
                            capture_output=True, text=True, check=False)
    assert result.returncode == 0, result.stdout[-3000:] + result.stderr
    assert 'Traceback' not in result.stdout + result.stderr
    [docs] = temporary.glob('*/mydocs')
    html = docs / 'output' / 'html' / 'driver-api' / 'core.html'
    assert 'mydev_enable' in html.read_text(encoding='utf-8')
    texts = {}
    for book in BOOKS:
        pdf = docs / 'output' / 'linuxpdf' / f'{book}.pdf'
        with pymupdf.open(pdf) as document:
            texts[book] = ''.join(page.get_text() for page in document)
    assert 'Register map' in texts['driver-api']
    assert 'mydev_enable' in texts['driver-api']
    assert 'References between books' in texts['user-guide']
    status = subprocess.run(
        ['git', 'status', '--porcelain', '--untracked-files=all'],
        cwd=checkout, capture_output=True, text=True, check=True).stdout
    assert status == ''
