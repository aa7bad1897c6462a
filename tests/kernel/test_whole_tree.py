# SPDX-License-Identifier: GPL-2.0-only
"""The whole-tree benchmark's books and report, on a stand-in tree.

``benchmarks/bench_kernel.py --all`` runs for hours on the real tree, so
what decides its figures is checked here without it: the overlay makes
one PDF book per LaTeX document of the kernel's conf.py, and a resumed
run narrows them to the books still missing; the report holds our
warnings against stock's and names every book without a PDF in either
route.
"""

from __future__ import annotations

import runpy
from pathlib import Path

import pytest
import whole_tree
from kernel_docs import WHOLE_TREE, Build, overlay

#: What the overlay needs of the kernel's conf.py, and its LaTeX
#: documents made as 6.12's are: one per directory with an index.rst.
KERNEL_CONF = '''\
import os
extensions = ['kerneldoc', 'rstFlatTable', 'kfigure']
templates_path = ['sphinx/templates']
html_static_path = ['sphinx-static']
html_logo = 'images/logo.svg'
latex_additional_files = ['sphinx/kerneldoc-preamble.sty']
author = 'The kernel development community'
latex_documents = []
for fn in sorted(os.listdir('.')):
    if os.path.exists(os.path.join(fn, 'index.rst')):
        latex_documents.append((fn + '/index', fn + '.tex',
                                'Linux %s Documentation' % fn.capitalize(),
                                author, 'manual'))
'''


@pytest.fixture
def tree(tmp_path: Path) -> Path:
    docs = tmp_path / 'tree' / 'Documentation'
    for book in ('admin-guide', 'gpu', 'process'):
        (docs / book).mkdir(parents=True)
        (docs / book / 'index.rst').write_text(f'{book}\n====\n')
    (docs / 'sphinx').mkdir()
    (docs / 'conf.py').write_text(KERNEL_CONF)
    return tmp_path / 'tree'


def _conf(tree: Path, work: Path) -> dict[str, object]:
    return runpy.run_path(str(overlay(tree, WHOLE_TREE, work) / 'conf.py'))


def test_every_latex_document_is_a_pdf_book(tree: Path, tmp_path: Path
                                            ) -> None:
    conf = _conf(tree, tmp_path / 'work')
    assert conf['pdf_documents'] == [
        (f'{book}/index', book, f'Linux {book.capitalize()} Documentation',
         'The kernel development community')
        for book in ('admin-guide', 'gpu', 'process')]
    assert conf['extensions'] == ['linuxdoc_builders', 'kfigure']


def test_a_resumed_run_writes_only_the_missing_books(tree: Path,
                                                     tmp_path: Path) -> None:
    """A linuxpdf run cut off goes on with the books it has not written,
    every book still one (links lead into those already written)."""
    work = tmp_path / 'work'
    build = Build(tree, WHOLE_TREE, 'linuxpdf', ours=True, work=work,
                  jobs='auto')
    build.outdir.mkdir(parents=True)
    (build.outdir / 'admin-guide.pdf').write_bytes(b'%PDF-1.4 cut off')
    build.doctrees.mkdir(parents=True)
    commands = []

    def measuring(command: list[str], *args: object) -> whole_tree.Run:
        commands.append(command)
        return whole_tree.Run(1.0, 1.0, 1.0, 0, work / 'log')

    results = whole_tree.Results(work / 'results.json')
    with pytest.MonkeyPatch.context() as patch:
        patch.setattr(whole_tree, 'measure', measuring)
        patch.setattr(whole_tree, '_pdf_figures',
                      lambda pdf: {'pages': 0 if 'admin' in pdf.name
                                   else int(pdf.exists()), 'bytes': 1})
        (build.outdir / 'gpu.pdf').write_bytes(b'%PDF')
        whole_tree._linuxpdf(build, results, 'abc1234')
    [command] = commands
    # admin-guide.pdf was cut off, gpu.pdf written
    assert 'linuxdoc_pdf_books=admin-guide,process' in command
    assert results.get('linuxpdf', 'commit') == 'abc1234'


def test_the_report_lists_new_warnings_and_books_without_a_pdf(
        tree: Path, tmp_path: Path,
        capsys: pytest.CaptureFixture[str]) -> None:
    work = tmp_path / 'work'
    work.mkdir()
    results = whole_tree.Results(work / 'results.json')
    said = ['$TREE/Documentation/a.rst:3: WARNING: stock says this']
    figures = {'status': 0, 'wall': 1.0, 'cpu': 1.0, 'peak': 1.0,
               'kernel_doc': 0, 'commit': 'abc1234'}
    results.set('latex', dict(figures, warnings=said))
    results.set('linuxlatex', dict(
        figures, warnings=[*said, '$TREE/Documentation/b.rst:7: WARNING: '
                                  'only ours says this']))
    for book in ('admin-guide', 'gpu', 'process'):
        results.set('xelatex', book, {'status': 0, 'pages': 3,
                                      'bytes': 2**20, 'tex_errors': 0})
    results.set('linuxpdf_books', 'gpu', {'pages': 0, 'bytes': 0})
    builds = {name: Build(tree, WHOLE_TREE, builder, ours=ours, work=work)
              for name, builder, ours in whole_tree.BUILDERS}

    # as a resumed run finds them: read back from results.json
    whole_tree.report(whole_tree.Results(work / 'results.json'), builds)

    printed = capsys.readouterr().out
    assert '| linuxlatex | 0 | 2 | 1 | 0 | 1 | 1 | 1 | abc1234 |' in printed
    assert 'new: $TREE/Documentation/b.rst:7: WARNING: only ours' in printed
    assert '| latex | 0 | 1 |  |' in printed
    assert '| html | not run |' in printed
    assert ('without a non-empty PDF in both routes: admin-guide, gpu, '
            'process') in printed
    assert (work / 'report.md').read_text() in printed
