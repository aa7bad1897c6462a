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


def test_conf_template_starts_a_project(tmp_path: Path) -> None:
    """A new project built from conf-templates/conf.py, warning-free."""
    source = tmp_path / 'source'
    source.mkdir()
    (source / 'conf.py').write_text(
        (REPO / 'conf-templates' / 'conf.py').read_text(encoding='utf-8'))
    (source / 'index.rst').write_text(
        'Start\n=====\n\n.. flat-table::\n   :stub-columns: 1\n\n'
        '   * - :rspan:`1` stub\n     - a\n   * - b\n')
    result = sphinx_build('-q', '-W', '-b', 'linuxhtml', source,
                          tmp_path / 'out', cwd=tmp_path)
    assert result.returncode == 0, result.stderr
    page = (tmp_path / 'out' / 'index.html').read_text(encoding='utf-8')
    assert '<td class="beside-rowspan"><p>b</p></td>' in page
