# SPDX-License-Identifier: GPL-2.0-only
"""What rst2pdf logs while linuxpdf writes: a warning where something is
lost or wrong, only ``-v`` where rst2pdf then does right.

On the whole kernel tree rst2pdf said "Image ... is too tall (wide) for
the frame, rescaling" 60 times (it scales the picture to fit, as
Sphinx's LaTeX does without a word) and "Table wrap failed during list
splitting" 25 times (a trial layout while it looks for where to split a
list item; it then tries a shorter part).
"""

from __future__ import annotations

import logging
import re

import pytest

#: Sphinx's level for what ``-v`` shows (logging has no name for it).
VERBOSE = 'Level 15'


@pytest.mark.parametrize(('message', 'args', 'level'), [
    ('Image %s is too tall for the frame, rescaling', ('a.svg',), VERBOSE),
    ('Image %s is too wide for the frame, rescaling', ('a.svg',), VERBOSE),
    ('Table wrap failed during list splitting: flowable given negative '
     'availWidth=-3. This may be a ReportLab bug. Continuing with fallback.',
     (), VERBOSE),
    ("Using undefined style '%s', aliased to style 'normal'.", ('foo',),
     'WARNING'),
])
def test_rst2pdf_says(caplog: pytest.LogCaptureFixture, message: str,
                      args: tuple[str, ...], level: str) -> None:
    from linuxdoc_builders.pdf.seams import Rst2pdfMessages

    with caplog.at_level(logging.DEBUG, logger='sphinx'), \
            Rst2pdfMessages():
        logging.getLogger('rst2pdf').warning(message, *args)
    # once a Sphinx application has run in this process, its filters
    # add "WARNING: " and the warning's type to the message
    said = [(record.levelname, re.sub(r'^WARNING: | \[[\w.]+\]$', '',
                                      record.getMessage()))
            for record in caplog.records
            if 'rst2pdf: ' in record.getMessage()]
    assert said == [(level, 'rst2pdf: ' + message % args)]
