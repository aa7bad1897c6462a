# SPDX-License-Identifier: GPL-2.0-only
"""Our flat-table against the kernel's rstFlatTable.py on kernel 6.12.

Runs in ``tox -e kernel`` (``pytest -m kernel``): the tree comes from
Debian's linux-source-6.12 at run time, never from this repository.
"""

from __future__ import annotations

import pytest
from compat import NORMALISERS, CompatReport, compare_corpus
from linux_source import kernel_tree

pytestmark = pytest.mark.kernel

#: Flat-tables in kernel 6.12's Documentation that docutils parses (three
#: more stand in literal blocks).
KERNEL_FLAT_TABLES = 696


@pytest.fixture(scope='module')
def report() -> CompatReport:
    return compare_corpus(kernel_tree() / 'Documentation')


def test_every_kernel_flat_table_is_compared(report: CompatReport) -> None:
    assert report.total == KERNEL_FLAT_TABLES


def test_differences_are_all_deliberate(report: CompatReport) -> None:
    known = {reason for reason, _ in NORMALISERS}
    lines = []
    for reason, result in report.differences():
        parts = set(reason.split(' + '))
        if not parts <= known:
            lines.append(f'{result.source.path}:{result.source.line}: '
                         f'{reason}')
    assert not lines, '\n'.join(lines)
    same = report.total - len(report.differences())
    print(f'\nkernel flat-tables: {report.total}, identical: {same}')
    for reason, count in sorted(report.summary().items()):
        print(f'  {count:4d}  {reason}')


def test_warnings_only_where_columns_were_dropped(
        report: CompatReport) -> None:
    phantom = NORMALISERS[2][0]
    for reason, result in report.differences():
        if phantom in reason:
            assert result.warnings, result.source
    warned = [r for r in report.results if r.warnings]
    assert all(phantom in reason for reason, r in report.differences()
               if r in warned)
    assert all(r.kernel != r.ours for r in warned)
