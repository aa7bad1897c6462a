# SPDX-License-Identifier: GPL-2.0-only
"""``linuxdoc-golden`` on the kernel 6.12 media docs: recorded, then
checked clean against a second build (HTML and LaTeX, as the media
Makefile builds them: headers first, the kernel's conf.py through our
overlay).  A view that changes between two builds of the same sources
(a generated id, a path, a date) would make every check of a real
project fail."""

from __future__ import annotations

import re
import subprocess
import sys
from pathlib import Path

import pytest
from kernel_docs import MEDIA, Build, generate_media_headers, overlay
from linux_source import kernel_tree

pytestmark = pytest.mark.kernel


def test_media_docs_record_and_check_clean(tmp_path: Path) -> None:
    tree = kernel_tree()
    build = Build(tree, MEDIA, 'linuxhtml', ours=True, work=tmp_path)
    generate_media_headers(tree, build.headers)
    options = ['-c', str(overlay(tree, MEDIA, tmp_path)),
               '-D', f'kerneldoc_srctree={tree}',
               '-D', f"kerneldoc_bin={tree / 'scripts' / 'kernel-doc'}"]
    script = Path(sys.executable).with_name('linuxdoc-golden')
    golden = tmp_path / 'golden'
    outputs = []
    for command in ('record', 'check'):
        result = subprocess.run(
            [str(script), command, str(tree / 'Documentation' / MEDIA),
             str(golden), '--formats', 'html,latex', '--', *options],
            capture_output=True, text=True, check=False, cwd=tmp_path,
            env=build.env())
        assert result.returncode == 0, result.stdout[-5000:] + \
            result.stderr[-3000:]
        outputs.append(result.stdout)
    assert outputs[1].endswith(' views as recorded\n'), outputs[1][-5000:]
    # the same table in both formats reads the same, but for the two
    # that LaTeX cannot place: after dev-subdev's toctree, the .tex does
    # not say that the text is dev-subdev's again (docs/golden.rst)
    html = {p.relative_to(golden / 'html'): p.read_text()
            for p in golden.glob('html/**/table-*.txt')}
    latex = {p.relative_to(golden / 'latex'): p.read_text()
             for p in golden.glob('latex/**/table-*.txt')}
    # a table of more columns than the line holds at half size is set as
    # tables of column groups in LaTeX, each caption saying which columns
    groups = {name for name, table in latex.items()
              if re.search(r'\(columns \d+-\d+ of \d+\)',
                           table.splitlines()[0])}
    split = {name for name in html if name not in latex and any(
        str(group).startswith(str(name).removesuffix('.txt') + '-columns-')
        for group in groups)}
    differ = sorted(str(name) for name, table in html.items()
                    if latex.get(name) != table and name not in split)
    print(f'\nmedia: {len(html)} HTML tables, {len(latex)} LaTeX tables, '
          f'{len(differ)} read differently: {differ}; {len(split)} set '
          f'as {len(groups)} column groups: {sorted(map(str, split))}')
    assert len(groups) >= 2 * len(split)
    assert len(html) - len(split) == len(latex) - len(groups) > 600
    assert [d.rsplit('--', 1)[-1] for d in differ] == [
        'bridge-routing-table.txt', 'receiver-routing-table.txt']
    assert all(d.startswith('v4l/dev-subdev/') for d in differ), differ
