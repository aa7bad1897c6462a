# SPDX-License-Identifier: GPL-2.0-only
"""The drop-in on the kernel's own docs: 6.12's media and gpu directories.

Each directory is built once per variant (module-scoped fixtures): stock
``html`` with the kernel's rstFlatTable, and ``linuxhtml`` with ours
through the overlay conf, serially and with ``-j auto``; both books also
in ``linuxlatex`` compiled with xelatex, and in ``linuxpdf``.  What
is checked: our build warns exactly where stock does (the overlay
silences ``flat-table.columns``, see docs/kernel.rst), a parallel build
warns as the serial one does, every media page passes the Nu HTML
Checker's table model, xelatex reports no error, and linuxpdf writes the
whole book.  The figures (pages, tables, times) are printed;
``pytest -s`` shows them.
"""

from __future__ import annotations

import pickle
import re
import shutil
import sys
from collections import Counter
from pathlib import Path

import pymupdf
import pytest
from docutils import nodes
from kernel_docs import GPU, MEDIA, Build, Run, compile_latex, tex_errors
from linux_source import kernel_tree
from pdf_visible import hidden_text
from tools import table_model_messages, vnu

pytestmark = pytest.mark.kernel

#: What the kernel's doc build runs besides Sphinx: kernel-doc and
#: parse-headers.pl, kfigure's converters (without one, an SVG's source
#: goes into the LaTeX and TeX runs out of memory), TeX.
TOOLS = ('perl', 'dot', 'inkscape', 'make', 'latexmk', 'xelatex')


@pytest.fixture(scope='module')
def work(tmp_path_factory: pytest.TempPathFactory) -> Path:
    missing = [tool for tool in TOOLS if shutil.which(tool) is None]
    if missing:
        pytest.fail(f"{', '.join(missing)} missing: scripts/run-tests "
                    'installs them', pytrace=False)
    return tmp_path_factory.mktemp('kernel-docs')


def _built(work: Path, subdir: str, builder: str, *, ours: bool,
           jobs: str | None = None) -> Build:
    build = Build(kernel_tree(), subdir, builder, ours=ours, work=work,
                  jobs=jobs)
    _report(build.name, build.run())
    return build


def _report(name: str, run: Run) -> None:
    print(f'\n{name}: wall {run.wall:.1f} s, CPU {run.cpu:.1f} s, peak '
          f'{run.peak:.0f} MiB')


@pytest.fixture(scope='module')
def media_stock(work: Path) -> Build:
    return _built(work, MEDIA, 'html', ours=False)


@pytest.fixture(scope='module')
def media_ours(work: Path) -> Build:
    return _built(work, MEDIA, 'linuxhtml', ours=True)


@pytest.fixture(scope='module')
def media_parallel(work: Path) -> Build:
    return _built(work, MEDIA, 'linuxhtml', ours=True, jobs='auto')


@pytest.fixture(scope='module')
def gpu_stock(work: Path) -> Build:
    return _built(work, GPU, 'html', ours=False)


@pytest.fixture(scope='module')
def gpu_ours(work: Path) -> Build:
    return _built(work, GPU, 'linuxhtml', ours=True)


@pytest.fixture(scope='module')
def gpu_parallel(work: Path) -> Build:
    return _built(work, GPU, 'linuxhtml', ours=True, jobs='auto')


def _latex(work: Path, subdir: str) -> Build:
    build = _built(work, subdir, 'linuxlatex', ours=True)
    run = compile_latex(build)
    _report(f'{build.name} xelatex', run)
    if run.status and not tex_errors(build.outdir):
        run.fail('latexmk')
    return build


def _pdf(work: Path, subdir: str) -> tuple[Build, Run]:
    """linuxpdf on a book; its exit status is a test's concern."""
    build = Build(kernel_tree(), subdir, 'linuxpdf', ours=True, work=work)
    run = build.run(check=False)
    _report(build.name, run)
    return build, run


@pytest.fixture(scope='module')
def media_latex(work: Path) -> Build:
    return _latex(work, MEDIA)


@pytest.fixture(scope='module')
def gpu_latex(work: Path) -> Build:
    return _latex(work, GPU)


@pytest.fixture(scope='module')
def media_pdf(work: Path) -> tuple[Build, Run]:
    return _pdf(work, MEDIA)


@pytest.fixture(scope='module')
def gpu_pdf(work: Path) -> tuple[Build, Run]:
    return _pdf(work, GPU)


#: The kernel's extension when its script exits non-zero (an error such
#: as "Cannot parse struct or union!", reported by both builds): it drops
#: the directive's whole output.  Ours renders what the script printed.
SCRIPT_FAILED = re.compile(r"^WARNING: kernel-doc '.*' failed with "
                           r'return code \d+$')


def _new_warnings(stock: Build, ours: Build) -> tuple[list[str], list[str]]:
    """Warnings only ours gives, and warnings only stock gives.

    kernel-doc's own diagnostics count as warnings wherever each build
    puts them (the script's standard error, or Sphinx's warnings).
    """
    mine = Counter(ours.sphinx_warnings() + ours.kernel_doc_messages())
    theirs = Counter([w for w in stock.sphinx_warnings()
                      if not SCRIPT_FAILED.search(w)]
                     + stock.kernel_doc_messages())
    return (sorted((mine - theirs).elements()),
            sorted((theirs - mine).elements()))


@pytest.mark.parametrize('subdir', [MEDIA, GPU])
def test_no_new_warnings(subdir: str,
                         request: pytest.FixtureRequest) -> None:
    """Ours warns exactly where stock does.  (The overlay silences
    ``flat-table.columns``: 99 media cells whose ``:cspan:`` asks for a
    column no cell begins in, which rstFlatTable turns silently into
    empty columns that fail the Nu HTML Checker.)"""
    prefix = 'media' if subdir == MEDIA else 'gpu'
    stock = request.getfixturevalue(f'{prefix}_stock')
    ours = request.getfixturevalue(f'{prefix}_ours')
    new, lost = _new_warnings(stock, ours)
    assert not lost, '\n'.join(lost)
    assert not new, '\n'.join(new)
    print(f'\n{subdir}: stock {len(stock.warning_list())} warnings and '
          f'{len(stock.kernel_doc_messages())} kernel-doc messages, ours '
          f'{len(ours.sphinx_warnings())} and '
          f'{len(ours.kernel_doc_messages())}, none new')


@pytest.mark.parametrize('subdir', [MEDIA, GPU])
def test_a_parallel_build_is_the_serial_build(
        subdir: str, request: pytest.FixtureRequest) -> None:
    prefix = 'media' if subdir == MEDIA else 'gpu'
    serial = request.getfixturevalue(f'{prefix}_ours')
    parallel = request.getfixturevalue(f'{prefix}_parallel')
    assert parallel.warning_list() == serial.warning_list()
    pages = sorted(p.relative_to(serial.outdir)
                   for p in serial.outdir.rglob('*.html'))
    assert pages == sorted(p.relative_to(parallel.outdir)
                           for p in parallel.outdir.rglob('*.html'))


def test_media_pages_pass_the_table_model(media_ours: Build) -> None:
    pages = sorted(media_ours.outdir.rglob('*.html'))
    checked, messages = vnu(pages)
    assert len(checked) == len(pages)
    assert table_model_messages(messages) == []
    print(f'\nNu HTML Checker: {len(pages)} media pages, no table-model '
          f'message ({len(messages)} messages in all)')


@pytest.mark.parametrize(('subdir', 'book'), [(MEDIA, 'media'),
                                               (GPU, 'gpu')])
def test_book_compiles_with_xelatex(subdir: str, book: str,
                                    request: pytest.FixtureRequest) -> None:
    latex = request.getfixturevalue(f'{book}_latex')
    assert tex_errors(latex.outdir) == []
    pdf = latex.outdir / f'{book}.pdf'
    with pymupdf.open(pdf) as document:
        pages = document.page_count
    assert pages > 1000
    hidden = hidden_text(pdf)
    # no identifier, code line or cell past the page's edge (13 runs on
    # 10 pages of media and 38 on 29 of gpu with Sphinx's writer), and
    # nothing else hidden: before the widths given were widened, media
    # hid 123 characters of its tables (docs/latex.rst)
    assert hidden == []
    print(f'\nlinuxlatex + xelatex: {pdf.name}, {pages} pages, '
          f'{len(hidden)} characters hidden')


#: Labels of the media book's DOT figures, which kfigure draws for HTML
#: and LaTeX only and linuxpdf draws itself (pdf/graphs.py): pipeline.dot
#: of v4l/dev-subdev.rst (before, rst2pdf's "image missing" picture) and
#: the inline graphs of v4l/dev-decoder.rst (before, dropped).
MEDIA_GRAPH_LABELS = ('HQ: 2592x1968 HS: 1296x984',
                      'EoS mark in the stream')
#: A number of the colour space formulas (v4l/colorspaces-details.rst),
#: which rst2pdf printed as LaTeX source without matplotlib and linuxpdf
#: draws itself (pdf/maths.py): 29 blocks, 24 of several equations, one
#: align*.
MEDIA_FORMULA = '0.4187'


def test_linuxpdf_writes_the_media_book(media_pdf: tuple[Build, Run]
                                        ) -> None:
    build, run = media_pdf
    assert run.status == 0, run.log.read_text()[-3000:]
    # rst2pdf's own warnings (images rescaled, code too wide for a box,
    # an unknown kfigure node) are Sphinx warnings too since linuxpdf
    # routes them (linuxdoc.rst2pdf); the problems are what it renders
    # badly
    problems = [w for w in build.warning_list()
                if 'rst2pdf: ' in w and w.endswith('[linuxdoc.pdf]')]
    assert problems == []
    assert [w for w in build.warning_list() if 'Unkn. node' in w] == []
    assert [w for w in build.warning_list() if 'maths' in w] == []
    pdf = build.outdir / 'media.pdf'
    with pymupdf.open(pdf) as document:
        pages = document.page_count
        text = ' '.join(' '.join(page.get_text() for page in document)
                        .split())
    assert [label for label in MEDIA_GRAPH_LABELS if label not in text] \
        == []
    assert MEDIA_FORMULA in text and '\\frac' not in text
    tables = _tables(build)
    assert pages > 900
    assert tables == MEDIA_TABLES
    # code lines, identifiers and SVG labels all on the page (105 runs
    # of the videodev2.h listing past the edge, 112 characters of
    # LibreOffice figures' labels, before issue 15)
    assert [h for h in hidden_text(pdf) if h.why == 'past the edge'] == []
    print(f'\nlinuxpdf: {pdf.name}, {pages} pages, {tables} tables')


#: Tables in the media book's doctrees.
MEDIA_TABLES = 615


def test_linuxpdf_writes_the_gpu_book(gpu_pdf: tuple[Build, Run]) -> None:
    """The gpu book has rst2pdf boxes (option lists) taller than a page,
    and GuC ABI tables in kernel-doc's block quotes: stock rst2pdf writes
    no PDF of it.  Boxes are cut and split, with no warning (nothing is
    lost; LaTeX does the same without a word).  A GuC table that comes
    to a page's foot goes on to the next page whole: before, its block
    quote gave it the room left on the page for a page, its header was
    not repeated and its cells were cut into "(continued)" slivers."""
    build, run = gpu_pdf
    assert run.status == 0, run.log.read_text()[-3000:]
    warnings = build.warning_list()
    assert [w for w in warnings if 'is cut at the page break' in w
            or 'split inside its row' in w] == []
    pdf = build.outdir / 'gpu.pdf'
    with pymupdf.open(pdf) as document:
        pages = document.page_count
        text = ' '.join(page.get_text() for page in document)
    assert pages > 1000
    assert '(continued)' not in text
    assert [w for w in warnings if 'header rows of this table' in w] == []
    # 120 runs of code past the page's edge on 34 pages before issue 15
    assert [h for h in hidden_text(pdf) if h.why == 'past the edge'] == []
    print(f'\nlinuxpdf: {pdf.name}, {pages} pages, {_tables(build)} tables')


def _tables(build: Build) -> int:
    """The tables in a build's pickled doctrees (what linuxpdf wrote);
    unpickling them imports the kernel's extensions' node classes."""
    sys.path.insert(0, str(build.tree / 'Documentation' / 'sphinx'))
    try:
        count = 0
        for path in build.doctrees.rglob('*.doctree'):
            with path.open('rb') as source:
                doctree = pickle.load(source)
            count += len(list(doctree.findall(nodes.table)))
    finally:
        sys.path.remove(str(build.tree / 'Documentation' / 'sphinx'))
    return count
