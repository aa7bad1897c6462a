# SPDX-License-Identifier: GPL-2.0-only
"""``linuxdoc-quickstart DIR``: a new documentation project in one command.

Sphinx's own ``sphinx-quickstart`` asks questions and writes a project
that knows nothing of flat-tables, books, xelatex or the kernel's ``make
htmldocs``.  This copies one of the templates of ``conf-templates/``
(installed as ``linuxdoc_builders.templates``) as it is: each builds at
once, without a warning, in ``linuxhtml``, ``linuxlatex`` and
``linuxpdf``.  It never writes into a directory that has something in
it, so it cannot overwrite anybody's work.
"""

from __future__ import annotations

import argparse
import sys
from importlib.resources import files
from pathlib import Path
from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from collections.abc import Sequence
    from importlib.resources.abc import Traversable

#: The templates, and what each is for (``--help`` prints it).
TEMPLATES = {
    'kernel': 'books from top-level directories, flat-table examples, '
              'xelatex, and a Makefile with make htmldocs / pdfdocs',
    'minimal': 'one page',
}

#: Exit status for a directory we refuse to write into, as argparse
#: uses for bad usage.
REFUSED = 2

#: Files a template directory may hold that are not part of it.
_NOT_COPIED = frozenset({'__pycache__', '__init__.py'})


def template(name: str) -> Traversable:
    """The installed template ``name``."""
    return files('linuxdoc_builders.templates') / name


def copy_template(source: Traversable, target: Path) -> list[Path]:
    """Copy ``source`` into ``target`` (created as needed); the files
    written, in order."""
    target.mkdir(parents=True, exist_ok=True)
    written = []
    for entry in sorted(source.iterdir(), key=lambda e: e.name):
        if entry.name in _NOT_COPIED:
            continue
        if entry.is_dir():
            written += copy_template(entry, target / entry.name)
        else:
            (target / entry.name).write_bytes(entry.read_bytes())
            written.append(target / entry.name)
    return written


def next_steps(name: str, directory: Path) -> str:
    """What to run next in a project made from template ``name``."""
    where = f'cd {directory}'
    if name == 'kernel':
        return (f'Next:\n  {where}\n'
                '  make htmldocs      # HTML in output/html\n'
                '  make pdfdocs       # PDF books via xelatex in '
                'output/pdf\n'
                '  make linuxpdfdocs  # PDF books via rst2pdf, no TeX, '
                'in output/linuxpdf\n'
                '  make help          # every target, SPHINXDIRS=, '
                'SPHINXOPTS=\n')
    return (f'Next:\n  {where}\n'
            '  sphinx-build -b linuxhtml . output/html\n')


def main(argv: Sequence[str] | None = None) -> int:
    """Run ``linuxdoc-quickstart``; the exit status."""
    parser = argparse.ArgumentParser(
        prog='linuxdoc-quickstart',
        description='Write a new documentation project that builds with '
                    'linuxdoc-builders, without a warning.',
        epilog='templates: ' + '; '.join(
            f'{name}: {what}' for name, what in TEMPLATES.items()))
    parser.add_argument('directory', type=Path,
                        help='where to write the project (new or empty)')
    parser.add_argument('--template', choices=sorted(TEMPLATES),
                        default='kernel',
                        help='which project to write (default: kernel)')
    args = parser.parse_args(argv)
    directory: Path = args.directory
    if directory.exists() and not directory.is_dir():
        print(f'linuxdoc-quickstart: {directory} is not a directory',
              file=sys.stderr)
        return REFUSED
    if directory.is_dir() and any(directory.iterdir()):
        print(f'linuxdoc-quickstart: {directory} is not empty; nothing '
              'written (give a new or empty directory)', file=sys.stderr)
        return REFUSED
    try:
        written = copy_template(template(args.template), directory)
    except OSError as error:
        where = error.filename or directory
        print(f'linuxdoc-quickstart: cannot write {where}: '
              f'{error.strerror}', file=sys.stderr)
        return 1
    print(f'Wrote the {args.template} template to {directory}: '
          f'{len(written)} files.')
    print(next_steps(args.template, directory), end='')
    return 0


if __name__ == '__main__':
    sys.exit(main())
