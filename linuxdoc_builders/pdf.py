# SPDX-License-Identifier: GPL-2.0-only
"""The ``linuxpdf`` builder: PDF through rst2pdf (ReportLab), no TeX.

Loaded only when ``-b linuxpdf`` is asked for (its entry point names this
module), never by ``extensions = ['linuxdoc_builders']``: rst2pdf's
extension declares itself unsafe for parallel writing and fills
``pdf_documents`` when it is set up, which must not reach HTML or LaTeX
builds.

rst2pdf needs Sphinx 8.2 or newer on Python 3.11, so on an older Sphinx
the builder refuses to load with a message that says so, instead of an
import error from inside rst2pdf.

So far the builder is rst2pdf's own under its name; the table handler
that takes its geometry from the table grid is work in progress.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

import sphinx
from sphinx.errors import ExtensionError
from sphinx.locale import __

from linuxdoc_builders import __version__

if TYPE_CHECKING:
    from sphinx.application import Sphinx

#: rst2pdf's own floor for Sphinx on Python 3.11.
MINIMUM_SPHINX = (8, 2)


def setup(app: Sphinx) -> dict[str, Any]:
    """Register ``linuxpdf``, or say clearly why it cannot be."""
    if sphinx.version_info[:2] < MINIMUM_SPHINX:
        raise ExtensionError(__(
            'the linuxpdf builder needs Sphinx %s or newer (rst2pdf does); '
            'this is Sphinx %s.  Upgrade Sphinx, or build PDF with '
            'linuxlatex.') % ('.'.join(map(str, MINIMUM_SPHINX)),
                              sphinx.__display_version__))
    try:
        from rst2pdf.pdfbuilder import PDFBuilder
    except ImportError as error:
        raise ExtensionError(__(
            'the linuxpdf builder needs rst2pdf: pip install '
            '"linuxdoc-builders[pdf]" (%s)') % error) from error

    class LinuxPDFBuilder(PDFBuilder):  # type: ignore[misc]
        """``sphinx-build -b linuxpdf``: rst2pdf's PDF builder."""

        name = 'linuxpdf'

    app.setup_extension('rst2pdf.pdfbuilder')
    app.setup_extension('linuxdoc_builders')
    app.add_builder(LinuxPDFBuilder)
    return {'version': __version__, 'parallel_read_safe': True,
            'parallel_write_safe': False}
