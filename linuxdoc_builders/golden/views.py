# SPDX-License-Identifier: GPL-2.0-only
"""The views of one build output directory, as relative path -> text.

Layout (the same for ``linuxdoc-golden`` and the project's tests)::

    html/DOC/text.txt                 the text structure of DOC.html
    html/DOC/table-SECTION--CAPTION.txt
                                      each table of it as its grid
    latex/DOC/text.txt                what a .tex file holds of DOC
    latex/DOC/table-SECTION--CAPTION.txt
    pdf/BOOK.txt                      what BOOK.pdf shows (linuxpdf)
    latexpdf/BOOK.txt                 the same of a compiled .tex

With ``record --renders`` the record keeps, under ``renders/``, each
table's HTML and each PDF, so that ``check --report DIR`` can show them
before and after (:mod:`linuxdoc_builders.golden.report`).

A table is named by what identifies it in its document: the title of
its section and its caption (``-2``, ``-3`` after the name for further
tables sharing both), so adding, removing or moving one table adds,
removes or renames that table's file alone.
"""

from __future__ import annotations

from pathlib import Path

from linuxdoc_builders.golden import html, latex


def html_views(out: Path, renders: dict[str, bytes] | None = None
               ) -> dict[str, str]:
    """Every page of an HTML build except Sphinx's generated ones; with
    ``renders``, each table's HTML goes there as ``html/DOC/NAME.html``
    (for ``check --report``)."""
    views = {}
    for page in sorted(out.rglob('*.html')):
        name = page.relative_to(out).with_suffix('').as_posix()
        if name.startswith('_') or name in ('genindex', 'search',
                                             'py-modindex'):
            continue
        read = html.Page(page.read_text(encoding='utf-8'))
        views[f'html/{name}/text.txt'] = read.text()
        for table, view in read.tables_named().items():
            views[f'html/{name}/{table}.txt'] = view
        if renders is not None:
            for table, fragment in read.fragments_named().items():
                renders[f'html/{name}/{table}.html'] = fragment.encode()
    return views


def latex_views(out: Path) -> dict[str, str]:
    """Every document of every ``.tex`` file of a LaTeX build."""
    views = {}
    for tex in sorted(out.glob('*.tex')):
        for document in latex.documents(tex.read_text(encoding='utf-8')):
            name = document.name or tex.stem
            text, tables = latex.document_views(document)
            views[f'latex/{name}/text.txt'] = text
            for table, view in tables.items():
                views[f'latex/{name}/{table}.txt'] = view
    return views


def pdf_views(out: Path, prefix: str = 'pdf',
              renders: dict[str, bytes] | None = None) -> dict[str, str]:
    """Every PDF of a build directory; with ``renders``, the PDFs
    themselves go there as ``PREFIX/BOOK.pdf``."""
    from linuxdoc_builders.golden import pdf

    found = {}
    for path in sorted(out.glob('*.pdf')):
        found[f'{prefix}/{path.stem}.txt'] = pdf.view(path)
        if renders is not None:
            renders[f'{prefix}/{path.stem}.pdf'] = path.read_bytes()
    return found
