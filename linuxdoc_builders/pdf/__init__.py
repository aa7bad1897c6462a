# SPDX-License-Identifier: GPL-2.0-only
"""The ``linuxpdf`` builder: PDF through rst2pdf (ReportLab), no TeX.

Loaded only when ``-b linuxpdf`` is asked for (its entry point names this
package), never by ``extensions = ['linuxdoc_builders']``: rst2pdf's
extension declares itself unsafe for parallel writing and fills
``pdf_documents`` when it is set up, which must not reach HTML or LaTeX
builds.

rst2pdf needs Sphinx 8.2 or newer on Python 3.11, and this builder leans on
rst2pdf's and ReportLab's internals (:mod:`~linuxdoc_builders.pdf.seams`),
so it loads only with the versions it was tested with, and otherwise says
clearly why not, instead of failing from inside rst2pdf.

The package's modules:

* :mod:`~linuxdoc_builders.pdf.builder`: the builder, rst2pdf's own with
  books, links and failures that fail the build;
* :mod:`~linuxdoc_builders.pdf.tables`: tables from the table grid;
* :mod:`~linuxdoc_builders.pdf.links`: internal links that land;
* :mod:`~linuxdoc_builders.pdf.layout`: the canvas and page template
  (links between books, boxes taller than a page);
* :mod:`~linuxdoc_builders.pdf.seams`: every change made to rst2pdf and
  ReportLab, made only while linuxpdf writes, and undone after;
* ``styles/linuxdoc.yaml``: the stylesheet entries the tables use.
"""

from __future__ import annotations

from importlib import metadata
from pathlib import Path
from typing import TYPE_CHECKING, Any

import sphinx
from sphinx.errors import ExtensionError
from sphinx.locale import __

from linuxdoc_builders import __version__

if TYPE_CHECKING:
    from sphinx.application import Sphinx
    from sphinx.config import Config

#: rst2pdf's own floor for Sphinx on Python 3.11.
MINIMUM_SPHINX = (8, 2)

#: The releases of the libraries whose internals linuxpdf uses, as tested:
#: ``[first, last]`` major.minor, both included (pyproject.toml's bounds).
TESTED = {'rst2pdf': ((0, 105), (0, 105)), 'reportlab': ((4, 5), (4, 5))}

STYLESHEET = Path(__file__).parent / 'styles' / 'linuxdoc.yaml'


def _check_versions() -> None:
    """Refuse Sphinx, rst2pdf or ReportLab releases linuxpdf was not
    tested with, naming what was found and what is needed."""
    if sphinx.version_info[:2] < MINIMUM_SPHINX:
        raise ExtensionError(__(
            'the linuxpdf builder needs Sphinx %s or newer (rst2pdf does); '
            'this is Sphinx %s.  Upgrade Sphinx, or build PDF with '
            'linuxlatex.') % ('.'.join(map(str, MINIMUM_SPHINX)),
                              sphinx.__display_version__))
    for name, (first, last) in TESTED.items():
        try:
            found = metadata.version(name)
        except metadata.PackageNotFoundError as error:
            raise ExtensionError(__(
                'the linuxpdf builder needs %s: pip install '
                '"linuxdoc-builders[pdf]"') % name) from error
        if not first <= _major_minor(found) <= last:
            raise ExtensionError(__(
                'the linuxpdf builder is tested with %s %s to %s.x, and '
                'this is %s %s: pip install "linuxdoc-builders[pdf]" '
                'installs a tested release') % (
                name, _dotted(first), _dotted(last), name, found))


def _major_minor(version: str) -> tuple[int, ...]:
    parts = []
    for part in version.split('.')[:2]:
        digits = ''.join(c for c in part if c.isdigit())
        parts.append(int(digits[:6] or 0))
    return tuple(parts)


def _dotted(version: tuple[int, int]) -> str:
    return '.'.join(map(str, version))


def _configure_rst2pdf(app: Sphinx, config: Config) -> None:
    """Set rst2pdf's configuration from ours.

    The same sources give the same PDF, byte for byte: ReportLab's
    invariant mode fixes the dates and ids it would otherwise take from
    the clock (``linuxdoc_pdf_invariant = False`` leaves rst2pdf's own
    ``pdf_invariant`` alone).  Our stylesheet comes first, so a project's
    stylesheets override it.  Header rows repeat unless told not to; our
    table handler reads rst2pdf's flag as "repeat all header rows".  A
    project without a ``version`` gets no cover line reading just
    "version" (rst2pdf's ``subtitle_prefix`` followed by nothing).
    """
    if config.linuxdoc_pdf_invariant:
        config.pdf_invariant = True
    if not config.version and config.subtitle_prefix == 'version':
        config.subtitle_prefix = ''
    config.pdf_stylesheets = [str(STYLESHEET), *config.pdf_stylesheets]
    config.pdf_repeat_table_rows = config.linuxdoc_pdf_repeat_header_rows


def setup(app: Sphinx) -> dict[str, Any]:
    """Register ``linuxpdf``, or say clearly why it cannot be."""
    _check_versions()
    from linuxdoc_builders.pdf.builder import LinuxPDFBuilder

    app.setup_extension('rst2pdf.pdfbuilder')
    app.setup_extension('linuxdoc_builders')
    app.setup_extension('linuxdoc_builders.pdf.links')
    app.add_builder(LinuxPDFBuilder)
    app.add_config_value('linuxdoc_pdf_invariant', True, '', types=[bool])
    app.add_config_value('linuxdoc_pdf_repeat_header_rows', True, '',
                         types=[bool])
    # the targets of the books to write (all when empty): the others are
    # still books, which links lead into
    app.add_config_value('linuxdoc_pdf_books', [], '', types=[list, tuple])
    app.connect('config-inited', _configure_rst2pdf)
    return {'version': __version__, 'parallel_read_safe': True,
            'parallel_write_safe': False}
