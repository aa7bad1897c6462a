# SPDX-License-Identifier: GPL-2.0-only
"""The demo docs build warning-free, and sphinx-build's exit codes."""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

import pytest

REPO = Path(__file__).parent.parent


def sphinx_build(*args: str | Path) -> subprocess.CompletedProcess[str]:
    command = [sys.executable, '-m', 'sphinx', '-q', *map(str, args)]
    return subprocess.run(command, capture_output=True, text=True,
                          check=False)


def test_demo_docs_build_with_warnings_as_errors(tmp_path: Path) -> None:
    result = sphinx_build('-W', '-b', 'html', REPO / 'docs', tmp_path)
    assert result.returncode == 0, result.stderr
    assert (tmp_path / 'flat-table.html').exists()


@pytest.mark.parametrize('strict', [False, True])
def test_malformed_tables_exit_code(tmp_path: Path, strict: bool) -> None:
    root = REPO / 'tests' / 'roots' / 'test-flat-table-errors'
    flags = ['-W'] if strict else []
    result = sphinx_build(*flags, '-b', 'html', root, tmp_path)
    assert (result.returncode != 0) is strict
    assert 'Traceback' not in result.stderr + result.stdout
    assert 'index.rst:' in result.stderr
