# SPDX-License-Identifier: GPL-2.0-only
"""Every benchmark command of README.md works as written (issue 16, item
8): ``python3 benchmarks/flat_table.py`` once failed because a
``benchmarks/html.py`` beside it shadowed the standard library's
``html``.  Each command runs small here; timings are the benchmarks'
business, not the tests'."""

from __future__ import annotations

import importlib.util
import re
import subprocess
import sys
from pathlib import Path

import pytest

REPO = Path(__file__).parent.parent
BENCHMARKS = REPO / 'benchmarks'

#: The options that make each benchmark quick; the kernel ones need the
#: kernel tree and run for many minutes, so only their ``--help``.
QUICK = {
    'bench_flat_table.py': ['--rows', '20', '--repeat', '1'],
    'bench_html.py': ['--pages', '1', '--rows', '10', '--repeat', '1'],
    'bench_pdf.py': ['--pages', '1', '--rows', '10', '--repeat', '1',
                     '--plain-rows', '30'],
    'bench_pdf_books.py': ['--pages', '1', '--rows', '10', '--repeat', '1'],
    'bench_kernel.py': ['--help'],
    'bench_htmldocs.py': ['--help'],
    'bench_kernel_rebuild.py': ['--help'],
    'bench_kernel_doc.py': ['--help'],
    'bench_kernel_doc_long.py': ['--short', '100', '--long', '400',
                                 '--repeat', '1'],
    'bench_automarkup.py': ['--pages', '3', '--paragraphs', '4',
                            '--declarations', '10', '--repeat', '1'],
}


def readme_commands() -> list[str]:
    """The ``python3 benchmarks/...`` commands README.md gives."""
    text = (REPO / 'README.md').read_text(encoding='utf-8')
    return sorted(set(re.findall(r'`python3 (benchmarks/[\w./-]+\.py)`',
                                 text)))


def test_readme_names_every_benchmark() -> None:
    assert readme_commands() == sorted(
        f'benchmarks/{path.name}' for path in BENCHMARKS.glob('*.py'))


@pytest.mark.parametrize('path', sorted(BENCHMARKS.glob('*.py')),
                         ids=lambda path: path.name)
def test_no_benchmark_shadows_a_module(path: Path) -> None:
    """``python3 benchmarks/X.py`` puts ``benchmarks/`` first on
    ``sys.path``: a file named like a module Sphinx or the standard
    library imports would replace it."""
    assert path.stem not in sys.stdlib_module_names
    assert importlib.util.find_spec(path.stem) is None, path.stem


@pytest.mark.parametrize('command', readme_commands())
def test_readme_benchmark_runs(command: str) -> None:
    result = subprocess.run(
        [sys.executable, command, *QUICK[Path(command).name]],
        cwd=REPO, capture_output=True, text=True, check=False, timeout=600)
    assert result.returncode == 0, result.stderr[-3000:]
    assert 'Traceback' not in result.stderr
    assert result.stdout.strip()
