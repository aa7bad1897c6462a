# SPDX-License-Identifier: GPL-2.0-only
"""The external tools of the test suite: sphinx-build, Debian's Chromium,
the Nu HTML Checker.

``scripts/run-tests`` installs both; a test that needs a missing tool fails
and says how to get it, it never skips.
"""

from __future__ import annotations

import json
import os
import re
import shutil
import subprocess
import sys
from itertools import pairwise
from pathlib import Path
from typing import Any, NoReturn

import pytest
import sphinx

#: Where scripts/run-tests installs the npm package vnu-jar.
NPM_PREFIX = Path.home() / '.cache' / 'linuxdoc-builders' / 'npm'
VNU_JAR = NPM_PREFIX / 'node_modules' / 'vnu-jar' / 'build' / 'dist' / \
    'vnu.jar'

#: The flags that let Chromium start headless as root on a machine with a
#: closed network.
CHROMIUM_ARGS = ['--no-sandbox', '--disable-gpu', '--disable-quic',
                 '--no-first-run', '--disable-background-networking',
                 '--disable-component-update', '--disable-sync']

#: A Nu HTML Checker message about the table model (cells, rows, columns,
#: spans, scopes), as opposed to the themes' page chrome.
TABLE_MODEL = re.compile(
    r'\b(table|row|rows|column|columns|cell|cells|colspan|rowspan|scope)\b'
    r'|“(td|th|tr|tbody|thead|tfoot|caption|col|colgroup)”', re.IGNORECASE)


def sphinx_build(*args: str | Path, cwd: Path, timeout: float | None = None
                 ) -> subprocess.CompletedProcess[str]:
    """Run ``sphinx-build ARGS`` as users do, outside the checkout; a
    build still running after ``timeout`` seconds fails the test
    (``subprocess.TimeoutExpired``), for inputs that used to hang.

    From the repository root, ``python -m`` would import the source tree's
    ``linuxdoc_builders`` instead of the installed package, which is where
    ``directives/`` becomes ``linuxdoc_builders.directives``.
    """
    # no colour codes in the messages tests read, even where the
    # environment asks for them (FORCE_COLOR)
    env = {k: v for k, v in os.environ.items() if k != 'FORCE_COLOR'}
    env['NO_COLOR'] = '1'
    return subprocess.run([sys.executable, '-m', 'sphinx', *map(str, args)],
                          capture_output=True, text=True, check=False,
                          cwd=cwd, env=env, timeout=timeout)


def sphinx_path(path: Path) -> Any:
    """``path`` as Sphinx's test app takes a source directory (its own
    path class before Sphinx 7.2)."""
    if sphinx.version_info < (7, 2):
        from sphinx.testing.path import path as old_path
        return old_path(str(path))
    return path


def typed(message: str, kind: str) -> str:
    """``message`` as sphinx-build prints a warning of type ``kind``:
    Sphinx 8 and newer append `` [kind]`` (``show_warning_types``),
    older releases print the message alone."""
    return f'{message} [{kind}]' if sphinx.version_info >= (8,) else message


def built_pdf(out: Path, name: str, options: tuple[str, ...] = ()) -> Path:
    """The PDF ``name`` that a build with ``options`` wrote into ``out``.

    Stock rst2pdf 0.102 (which pip takes for Sphinx 5.3 and 7.2) is set
    up there before conf.py is read, and names the book of a project
    without ``pdf_documents`` after Sphinx's default project, "Python";
    linuxpdf names it after the project, and only stock builds (``-b
    pdf``) are looked for under the other name.
    """
    pdf = out / f'{name}.pdf'
    if ('-b', 'pdf') in pairwise(options) and not pdf.exists():
        return out / 'Python.pdf'
    return pdf


def _missing(what: str) -> NoReturn:
    pytest.fail(f'{what} is missing: scripts/run-tests installs it',
                pytrace=False)


def graphviz_dot() -> str:
    """Debian's Graphviz ``dot``, which the kernel's figures need."""
    binary = shutil.which('dot')
    if binary is None:
        _missing("Debian's graphviz")
    return binary


def chromium() -> str:
    """Debian's Chromium binary."""
    binary = shutil.which('chromium')
    if binary is None:
        _missing("Debian's chromium")
    return binary


def vnu(paths: list[Path]) -> tuple[list[str], list[dict[str, Any]]]:
    """The HTML files under ``paths`` the Nu HTML Checker checked, and its
    messages about them."""
    jar = Path(os.environ.get('LINUXDOC_VNU_JAR', VNU_JAR))
    if not jar.is_file():
        _missing(f'the Nu HTML Checker ({jar})')
    java = shutil.which('java')
    if java is None:
        _missing('java')
    result = subprocess.run(
        [java, '-jar', str(jar), '--format', 'json', '--skip-non-html',
         '--verbose',
         *map(str, paths)],
        capture_output=True, text=True, check=False)
    messages: list[dict[str, Any]] = json.loads(result.stderr)['messages']
    return result.stdout.split(), messages


def table_model_messages(messages: list[dict[str, Any]]) -> list[str]:
    """Errors and warnings about tables, as ``file:line: message``."""
    return [f"{m.get('url', '')}:{m.get('lastLine', '?')}: {m['message']}"
            for m in messages
            if (m['type'] == 'error' or m.get('subType') == 'warning')
            and TABLE_MODEL.search(m['message'])]


def latexmk() -> str:
    """Debian TeX Live's latexmk, which Sphinx's LaTeX Makefile runs."""
    binary = shutil.which('latexmk')
    if binary is None:
        _missing("latexmk (Debian's TeX Live)")
    return binary


def make_latex_pdfs(out: Path, *variables: str) -> list[str]:
    """Compile the LaTeX a Sphinx build wrote to ``out`` with its own
    Makefile, and make's ``variables`` (the kernel's
    ``PDFLATEX=latexmk -xelatex``); the TeX errors (``! `` lines of the
    logs), none if clean."""
    latexmk()
    make = subprocess.run(
        ['make', '-C', str(out), 'all-pdf', 'LATEXMKOPTS=-halt-on-error',
         'LATEXOPTS=-interaction=nonstopmode', *variables],
        capture_output=True, text=True, check=False)
    errors = [line for log in out.glob('*.log')
              for line in log.read_text(errors='replace').splitlines()
              if line.startswith('! ')]
    if make.returncode and not errors:
        errors = [make.stdout[-3000:]]
    return errors
