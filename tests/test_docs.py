# SPDX-License-Identifier: GPL-2.0-only
"""The demo docs build warning-free, and sphinx-build's exit codes."""

from __future__ import annotations

from pathlib import Path

import pytest
from tools import sphinx_build

REPO = Path(__file__).parent.parent


def test_demo_docs_build_with_warnings_as_errors(tmp_path: Path) -> None:
    result = sphinx_build('-q', '-W', '-b', 'linuxhtml', REPO / 'docs',
                          tmp_path, cwd=tmp_path)
    assert result.returncode == 0, result.stderr
    assert (tmp_path / 'flat-table.html').exists()


@pytest.mark.parametrize('strict', [False, True])
def test_malformed_tables_exit_code(tmp_path: Path, strict: bool) -> None:
    root = REPO / 'tests' / 'roots' / 'test-flat-table-errors'
    flags = ['-W'] if strict else []
    result = sphinx_build('-q', *flags, '-b', 'html', root, tmp_path,
                          cwd=tmp_path)
    assert (result.returncode != 0) is strict
    assert 'Traceback' not in result.stderr + result.stdout
    assert 'index.rst:' in result.stderr

