# SPDX-License-Identifier: GPL-2.0-only
"""Every ``linuxdoc_*`` setting and the documents lists, checked once.

A setting of the wrong shape used to surface as a traceback far from
conf.py (``linuxdoc_book_of = 5``, a list as one of its values, a
``pdf_documents`` target that is not a string), or worse: a book target
with a ``/`` gave links to the wrong PDF, and a target that leaves the
output directory made linuxpdf delete a file outside it.  At
``config-inited`` each setting is checked here; a wrong one is an error
that names the setting and says what it expects, and the build goes on
with a safe value:

* a ``linuxdoc_*`` switch that is not ``True`` or ``False``: its
  default;
* ``linuxdoc_book_of`` that is not a dict: ``{}``; an entry that is not
  ``'docname': 'book target'``: left out;
* an entry of ``latex_documents`` or ``pdf_documents`` of the wrong
  shape, or with a target another entry already has: left out;
* a book target in a subdirectory (``sub/a``) or leaving the output
  directory: written flat into the output directory (``sub-a``), since
  books link to each other by file name.
"""

from __future__ import annotations

import re
from typing import TYPE_CHECKING, Any

from sphinx.locale import __
from sphinx.util import logging, texescape

from linuxdoc_builders import __version__

if TYPE_CHECKING:
    from sphinx.application import Sphinx
    from sphinx.config import Config

logger = logging.getLogger(__name__)

#: The switches and their defaults (pdf ones exist only with linuxpdf).
SWITCHES = {
    'linuxdoc_gc_policy': True,
    'linuxdoc_html_translator': True,
    'linuxdoc_latex_translator': True,
    'linuxdoc_pdf_invariant': True,
    'linuxdoc_pdf_repeat_header_rows': True,
}

#: What an entry of each documents list holds: its fields (all strings
#: but the last of ``latex_documents``), how many may be left out at the
#: end, and the target's suffix.
DOCUMENTS = {
    'latex_documents': (
        '(start document, target name ending in .tex, title, author, '
        'theme[, toctree_only])', 5, 1, '.tex'),
    'pdf_documents': (
        '(start document, target name, title, author[, ...])', 4, 0, ''),
}


def _error(text: str, *args: object) -> None:
    logger.error(text, *args, type='linuxdoc', subtype='config')


def check_settings(app: Sphinx, config: Config) -> None:
    """Check every setting of ours, replacing a wrong one by a safe
    value (see the module's docstring)."""
    for name, default in SWITCHES.items():
        value = getattr(config, name, default)
        if not isinstance(value, bool):
            _error(__('%s = %r: expected True or False; using %r'),
                   name, value, default)
            setattr(config, name, default)
    if 'linuxdoc_book_of' in config:
        _check_book_of(config)
    # Sphinx's default latex_documents escapes the project and author for
    # LaTeX with tables its LaTeX builder fills when it starts, after
    # this: read now, before them, the default kept them unescaped
    # (\title{my_driver}, an error in TeX)
    texescape.init()
    for name, (shape, fields, optional, suffix) in DOCUMENTS.items():
        if name in config:
            setattr(config, name, _checked_documents(
                name, getattr(config, name), shape, fields, optional,
                suffix))
    if 'linuxdoc_pdf_books' in config:
        _check_pdf_books(config)


def _check_book_of(config: Config) -> None:
    book_of = config.linuxdoc_book_of
    if not isinstance(book_of, dict):
        _error(__("linuxdoc_book_of = %r: expected a dict {'document': "
                  "'book target', ...}; ignored"), book_of)
        config.linuxdoc_book_of = {}
        return
    checked = {}
    for docname, target in book_of.items():
        if isinstance(docname, str) and isinstance(target, str):
            checked[docname] = flat_target(target.removesuffix('.tex'))
        else:
            _error(__("linuxdoc_book_of[%r] = %r: expected 'document': "
                      "'book target' (strings); ignored"), docname, target)
    config.linuxdoc_book_of = checked


def _check_pdf_books(config: Config) -> None:
    """``linuxdoc_pdf_books``: targets of ``pdf_documents`` only; with
    none left, every book is written (a typo must not write nothing)."""
    wanted = config.linuxdoc_pdf_books
    targets = [entry[1] for entry in config.pdf_documents]
    if not isinstance(wanted, list | tuple) or \
            not all(isinstance(t, str) for t in wanted):
        _error(__("linuxdoc_pdf_books = %r: expected a list of book "
                  "targets of pdf_documents; writing every book"), wanted)
        config.linuxdoc_pdf_books = []
        return
    unknown = [t for t in wanted if t not in targets]
    if unknown:
        _error(__('linuxdoc_pdf_books: %s not a book target of '
                  'pdf_documents (%s); left out'), ', '.join(unknown),
               ', '.join(targets) or 'none')
    config.linuxdoc_pdf_books = [t for t in wanted if t in targets]


def _checked_documents(name: str, entries: Any, shape: str, fields: int,
                       optional: int, suffix: str) -> list[tuple[Any, ...]]:
    if not isinstance(entries, list | tuple):
        _error(__('%s = %r: expected a list of %s; no books'), name,
               entries, shape)
        return []
    checked: list[tuple[Any, ...]] = []
    targets: set[str] = set()
    for index, entry in enumerate(entries):
        where = f'{name}[{index}]'
        if (not isinstance(entry, list | tuple)
                or not fields <= len(entry)
                or (optional and len(entry) > fields + optional)
                or not all(isinstance(f, str) for f in entry[:fields])
                or not entry[1].endswith(suffix)
                or not entry[1].removesuffix(suffix)):
            _error(__('%s = %r: expected %s; left out'), where, entry, shape)
            continue
        target = entry[1].removesuffix(suffix)
        flat = flat_target(target)
        if flat != target:
            _error(__('%s: the target %r is not a file name in the output '
                      'directory (books link to each other by file name); '
                      'written as %r'), where, entry[1], flat + suffix)
        if flat in targets:
            _error(__('%s: another book is written to %r already; left '
                      'out'), where, flat + suffix)
            continue
        targets.add(flat)
        checked.append((entry[0], flat + suffix, *entry[2:]))
    return checked


def flat_target(target: str) -> str:
    """A book target as a file name right in the output directory:
    ``sub/a`` is ``sub-a``; ``..``, ``.`` and empty parts are dropped."""
    parts = [part for part in re.split(r'[/\\]+', target)
             if part not in ('', '.', '..')]
    return '-'.join(parts) or 'book'


def setup(app: Sphinx) -> dict[str, Any]:
    """Check the settings once every extension has declared its own,
    before any handler of ours reads them."""
    app.connect('config-inited', check_settings, priority=400)
    return {'version': __version__, 'parallel_read_safe': True,
            'parallel_write_safe': True}
