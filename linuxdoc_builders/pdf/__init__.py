# SPDX-License-Identifier: GPL-2.0-only
"""The ``linuxpdf`` builder: PDF through rst2pdf (ReportLab), no TeX.

Loaded only when ``-b linuxpdf`` is asked for (its entry point names this
package), never by ``extensions = ['linuxdoc_builders']``: rst2pdf's
extension declares itself unsafe for parallel writing and fills
``pdf_documents`` when it is set up, which must not reach HTML or LaTeX
builds.

This builder leans on rst2pdf's and ReportLab's internals
(:mod:`~linuxdoc_builders.pdf.seams`), so it loads only with the releases
it was tested with, and otherwise says in one line why not, instead of
failing from inside rst2pdf.  rst2pdf 0.105 needs docutils 0.21.2, and
0.102 is the newest that runs on older docutils (Debian 12's Sphinx 5.3
with docutils 0.19): both are tested, on every Sphinx from 5.3 on.

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

from functools import partial
from importlib import metadata
from pathlib import Path
from typing import TYPE_CHECKING, Any

from sphinx.errors import ExtensionError
from sphinx.locale import __
from sphinx.util import logging

from linuxdoc_builders import __version__

if TYPE_CHECKING:
    from sphinx.application import Sphinx
    from sphinx.config import Config

#: The releases of the libraries whose internals linuxpdf uses, as tested
#: (major, minor): pyproject.toml's bounds leave out the others.
TESTED = {'rst2pdf': ((0, 102), (0, 105)), 'reportlab': ((4, 5),)}

logger = logging.getLogger(__name__)

STYLESHEET = Path(__file__).parent / 'styles' / 'linuxdoc.yaml'


def _check_versions() -> None:
    """Refuse rst2pdf or ReportLab releases linuxpdf was not tested
    with, or their absence, naming what was found and what is needed."""
    for name, releases in TESTED.items():
        try:
            found = metadata.version(name)
        except metadata.PackageNotFoundError as error:
            raise ExtensionError(__(
                'the linuxpdf builder needs %s, which is not installed: '
                'pip install linuxdoc-builders installs it') % name
            ) from error
        if _major_minor(found) not in releases:
            raise ExtensionError(__(
                'the linuxpdf builder is tested with %s %s, and this is '
                '%s %s: pip install linuxdoc-builders installs a tested '
                'release') % (name, ' and '.join(map(_dotted, releases)),
                              name, found))


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
    ``pdf_invariant`` alone).  Our stylesheet comes first, then the one
    naming the fonts of ``linuxdoc_pdf_fonts`` (written into the doctree
    directory), so a project's stylesheets override both.  Header rows
    repeat unless told not to; our table handler reads rst2pdf's flag as
    "repeat all header rows".  A project without a ``version`` gets no
    cover line reading just "version" (rst2pdf's ``subtitle_prefix``
    followed by nothing).
    """
    if config.linuxdoc_pdf_invariant:
        config.pdf_invariant = True
    if not config.version and config.subtitle_prefix == 'version':
        config.subtitle_prefix = ''
    from linuxdoc_builders.pdf.fonts import font_stylesheet

    fonts = Path(app.doctreedir) / 'linuxdoc' / 'fonts.yaml'
    directories = font_stylesheet(config.linuxdoc_pdf_fonts, fonts)
    config.pdf_stylesheets = [str(STYLESHEET), str(fonts),
                              *config.pdf_stylesheets]
    config.pdf_font_path = [*directories, *config.pdf_font_path]
    config.pdf_repeat_table_rows = config.linuxdoc_pdf_repeat_header_rows


def _default_book(placeholders: list[tuple[str, ...]], app: Sphinx,
                  config: Config) -> None:
    """A project without ``pdf_documents`` gets one book named after it.

    rst2pdf adds that entry when it is set up, from the configuration
    as it is then.  Sphinx 5.3 and 7.2 set the builder up before they
    read conf.py: the entry named the book "Python" (Sphinx's default
    project), and rst2pdf 0.102 added it to the shared default list
    even where conf.py sets one.  So the entry it added, in
    ``placeholders``, is made again here, from the configuration read.
    """
    entries = [tuple(entry) for entry in config.pdf_documents]
    if placeholders and entries and set(entries) <= set(placeholders):
        config.pdf_documents = [(
            config.root_doc, config.project,
            f'{config.project} Documentation', config.copyright,
            'manual')]


def setup(app: Sphinx) -> dict[str, Any]:
    """Register ``linuxpdf``, or say in one line why it cannot be.

    The refusal ends sphinx-build with that line and no more: raised
    as a Sphinx error, it would come with a traceback and Sphinx's
    request to report a bug, for what is the installation's fault.
    """
    try:
        _check_versions()
    except ExtensionError as error:
        logger.error('%s', error.message)
        raise SystemExit(2) from error
    from linuxdoc_builders.pdf.builder import (
        LinuxPDFBuilder,
        forget_read_doctrees,
    )
    from linuxdoc_builders.pdf.fonts import (
        DEFAULT_FALLBACK_FONTS,
        DEFAULT_FONTS,
    )

    app.setup_extension('rst2pdf.pdfbuilder')
    config = app.config
    # the entry rst2pdf adds, from the configuration as it is now
    made: tuple[str, ...] = (config.root_doc, config.project,
            f'{config.project} Documentation', config.copyright, 'manual')
    placeholders = [made] if made in map(
        tuple, config.pdf_documents) else []
    app.setup_extension('linuxdoc_builders')
    app.setup_extension('linuxdoc_builders.pdf.links')
    app.add_builder(LinuxPDFBuilder)
    app.add_config_value('linuxdoc_pdf_invariant', True, '', types=[bool])
    app.add_config_value('linuxdoc_pdf_repeat_header_rows', True, '',
                         types=[bool])
    # the targets of the books to write (all when empty): the others are
    # still books, which links lead into
    app.add_config_value('linuxdoc_pdf_books', [], '', types=[list, tuple])
    # the serif, sans and monospaced families, and the fonts a character
    # they lack is set in, in order (linuxdoc_builders.pdf.fonts)
    app.add_config_value('linuxdoc_pdf_fonts', dict(DEFAULT_FONTS), '',
                         types=[dict])
    app.add_config_value('linuxdoc_pdf_fallback_fonts',
                         list(DEFAULT_FALLBACK_FONTS), '',
                         types=[list, tuple])
    app.connect('config-inited', _configure_rst2pdf)
    app.connect('env-updated', forget_read_doctrees, priority=400)
    # before linuxdoc_builders.settings checks the documents lists
    app.connect('config-inited', partial(_default_book, placeholders),
                priority=300)
    return {'version': __version__, 'parallel_read_safe': True,
            'parallel_write_safe': False}
