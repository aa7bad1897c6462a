# SPDX-License-Identifier: GPL-2.0-only
"""Our kernel-doc against kernel 6.12's Perl script, on the kernel itself.

Every ``.. kernel-doc::`` directive of Documentation/ (reST, LINENO
mapping, diagnostics), every file they name rendered whole (so that
every warning shows), and our own fixtures, whose expected reST in
tests/expected/kernel-doc/ must be what the script prints.
"""

from __future__ import annotations

import subprocess
from pathlib import Path

import kerneldoc_compare
import linux_source
import pytest
import sphinx

FIXTURES = Path(__file__).parents[1] / 'roots' / 'test-kernel-doc' / 'tree'
EXPECTED = Path(__file__).parents[1] / 'expected' / 'kernel-doc'


def _report(results: list[kerneldoc_compare.Result]) -> str:
    lines = [str(kerneldoc_compare.summary(results))]
    for result in results:
        if not (result.text_equal and result.messages_equal):
            lines.append(f'--- {result.directive.label}')
            lines += result.first_difference
    return '\n'.join(lines[:200])


@pytest.mark.kernel
@pytest.mark.parametrize('whole', [False, True],
                         ids=['directives', 'whole-files'])
def test_same_output_as_the_script(whole: bool) -> None:
    tree = linux_source.full_kernel_tree()
    results = kerneldoc_compare.compare_all(tree, sphinx.__version__,
                                            whole=whole)
    assert len(results) > 1000
    stats = kerneldoc_compare.summary(results)
    print(f"\nkernel-doc {'whole files' if whole else 'directives'}: "
          + ', '.join(f'{k} {v}' for k, v in stats.items()))
    assert all(r.text_equal and r.messages_equal for r in results), \
        _report(results)


@pytest.mark.kernel
def test_random_comments_agree(tmp_path: Path) -> None:
    """Comments pieced together at random reach corners the tree's do
    not (odd selections, half-written comments, nested members)."""
    tree = linux_source.full_kernel_tree()
    results = kerneldoc_compare.compare_random(tree, tmp_path, 120,
                                               sphinx.__version__)
    assert all(r.text_equal and r.messages_equal for r in results), \
        _report(results)


@pytest.mark.kernel
def test_sphinx2_dialect_is_the_scripts_too() -> None:
    tree = linux_source.full_kernel_tree()
    results = kerneldoc_compare.compare_all(tree, '2.4.4', only='gpu/')
    assert results
    assert all(r.text_equal and r.messages_equal for r in results), \
        _report(results)


@pytest.mark.kernel
def test_fixture_goldens_are_what_the_script_prints() -> None:
    from test_kernel_doc import CASES
    script = linux_source.full_kernel_tree() / 'scripts' / 'kernel-doc'
    for name, args in CASES.items():
        version = '2.4.4' if name.endswith('sphinx2') else '9.0.4'
        proc = subprocess.run([str(script), '-rst', '-enable-lineno',
                               '-sphinx-version', version, *args],
                              capture_output=True, text=True, cwd=FIXTURES,
                              check=False)
        golden = (EXPECTED / f'{name}.rst').read_text(encoding='utf-8')
        assert proc.stdout == golden, name
        stderr = (EXPECTED / f'{name}.stderr').read_text(encoding='utf-8')
        assert sorted(f'{proc.stderr}exit status {proc.returncode}\n'
                      .splitlines()) == sorted(stderr.splitlines()), name
