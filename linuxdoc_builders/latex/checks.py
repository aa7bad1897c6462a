# SPDX-License-Identifier: GPL-2.0-only
"""What linuxlatex expects of Sphinx's LaTeX writer, checked.

Two of linuxlatex's table fixes adjust what Sphinx's writer produces: the
rule left of a continued multi-column cell, and the strut macro of a
merged header cell's lower parts (``sphinx@tablestrut_N``, defined by
Sphinx's ``sphinxlatextables.sty``).  Neither is public API; if a Sphinx
release changes either, the fix would stop applying without a word.  Here
each is checked where it is used, and a change is a warning
(``linuxdoc.latex``), which the test suite turns into a failure.
"""

from __future__ import annotations

from pathlib import Path
from typing import TYPE_CHECKING

import sphinx
from sphinx.locale import __
from sphinx.util import logging

if TYPE_CHECKING:
    from docutils import nodes

logger = logging.getLogger(__name__)

#: The prefix of the macro Sphinx defines for each merged cell's strut.
STRUT_MACRO = 'sphinx@tablestrut_'

#: Sphinx 9.1 and newer keep the rows joined by a merged cell on one page
#: (``\\*`` and ``\nobreak``); linuxlatex lets one taller than a page
#: break (linuxdoc.sty's ``breakspans`` option).
KEEPS_MERGED_ROWS = sphinx.version_info[:2] >= (9, 1)

_STYLE_FILE = Path(sphinx.__file__).parent / 'texinputs' / \
    'sphinxlatextables.sty'


def strut_macro_defined() -> bool:
    """Whether Sphinx's LaTeX tables still define :data:`STRUT_MACRO`."""
    try:
        return STRUT_MACRO in _STYLE_FILE.read_text(encoding='utf-8')
    except OSError:
        return False


def check_strut_macro() -> None:
    """Warn, once per build, when the strut macro is gone."""
    if not strut_macro_defined():
        logger.warning(
            __('Sphinx %s no longer defines %s in %s: merged header cells '
               'of linuxlatex tables may lose their colour'),
            sphinx.__display_version__, STRUT_MACRO, _STYLE_FILE.name,
            type='linuxdoc', subtype='latex')


def writer_changed(where: str, tgroup: nodes.Element) -> None:
    """Warn that Sphinx's LaTeX writer no longer writes what ``where``
    adjusts, at the table concerned."""
    table = tgroup.parent if tgroup.parent is not None else tgroup
    logger.warning(
        __('Sphinx %s writes this table differently from what %s expects; '
           'its rules may be drawn twice'), sphinx.__display_version__,
        where, location=table, type='linuxdoc', subtype='latex')
