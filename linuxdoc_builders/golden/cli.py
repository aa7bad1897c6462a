# SPDX-License-Identifier: GPL-2.0-only
"""``linuxdoc-golden``: record what a project's built docs show, and
check a later build against that record.

``record SRC GOLDEN`` builds SRC with linuxhtml, linuxlatex and linuxpdf
into a temporary directory and writes the views (``views``) under
GOLDEN (``--renders``: also each table's HTML and each PDF, under
``GOLDEN/renders``); ``check SRC GOLDEN`` builds again and compares:
exit 0 when equal, 1 with a unified diff per document and table when
not, 2 when a build fails.  ``check --update`` rewrites the record after
showing the diff; ``check --report DIR`` writes pages to look at the
changes on (:mod:`linuxdoc_builders.golden.report`).
"""

from __future__ import annotations

import argparse
import difflib
import os
import re
import subprocess
import sys
import tempfile
from collections.abc import Callable, Sequence
from pathlib import Path

from linuxdoc_builders.golden import views

FORMATS = ('html', 'latex', 'pdf')
BUILDERS = {'html': 'linuxhtml', 'latex': 'linuxlatex', 'pdf': 'linuxpdf'}

#: Sphinx's progress lines: ``reading sources... [ 50%] name``, after
#: the "erase line" code that Sphinx 7.2 writes even into a pipe.
_PROGRESS = re.compile(r'^(?:\x1b\[2K)?(\w[\w ]*)\.\.\. \[\s*(\d+)%\]')

#: The cover pages and |today| show the date of the build.
FIXED_DATE = 'the day of the build'


class BuildFailed(Exception):
    """A builder or LaTeX run failed; its messages."""


def build(source: Path, out: Path, formats: Sequence[str],
          compile_latex: bool, options: Sequence[str] = (),
          renders: dict[str, bytes] | None = None) -> dict[str, str]:
    """Build ``source`` in each format (with more sphinx-build
    ``options``) and return its views; the tables' HTML and the PDFs go
    into ``renders`` when it is given."""
    found: dict[str, str] = {}
    for name in formats:
        target = out / name
        _sphinx_build(source, target, BUILDERS[name], options)
        if name == 'html':
            found.update(views.html_views(target, renders))
        elif name == 'latex':
            found.update(views.latex_views(target))
            if compile_latex:
                _compile(target)
                found.update(views.pdf_views(target, 'latexpdf', renders))
        else:
            found.update(views.pdf_views(target, renders=renders))
    return found


def _sphinx_build(source: Path, out: Path, builder: str,
                  options: Sequence[str]) -> None:
    env = {k: v for k, v in os.environ.items() if k != 'FORCE_COLOR'}
    env['NO_COLOR'] = '1'
    command = [sys.executable, '-m', 'sphinx', '-b', builder, '-E',
               '-D', f'today={FIXED_DATE}', '-d', str(out / '.doctrees'),
               *options, str(source), str(out)]
    with subprocess.Popen(command, stdout=subprocess.PIPE,
                          stderr=subprocess.PIPE, text=True, env=env,
                          cwd=out.parent) as process:
        assert process.stdout is not None
        assert process.stderr is not None
        for line in process.stdout:
            _progress(builder, line)
        errors = process.stderr.read()
    _progress_done()
    if process.returncode:
        msg = f'sphinx-build -b {builder} failed:\n{errors}'
        raise BuildFailed(msg)


def _progress(builder: str, line: str) -> None:
    """A bar on a terminal; in a log, one line per phase of the build."""
    match = _PROGRESS.match(line)
    if match is None:
        return
    percent = int(match[2])
    if sys.stderr.isatty():
        bar = '#' * (percent // 5) + '.' * (20 - percent // 5)
        sys.stderr.write(f'\r{builder}: {match[1]:<24} [{bar}] '
                         f'{percent:3d}%')
    elif percent == 100:
        sys.stderr.write(f'{builder}: {match[1]} done\n')
    sys.stderr.flush()


def _progress_done() -> None:
    if sys.stderr.isatty():
        sys.stderr.write('\r' + ' ' * 70 + '\r')
        sys.stderr.flush()


def _compile(out: Path) -> None:
    sys.stderr.write(f'latexmk in {out.name} ...\n')
    make = subprocess.run(
        ['make', '-C', str(out), 'all-pdf', 'LATEXMKOPTS=-halt-on-error',
         'LATEXOPTS=-interaction=nonstopmode'],
        capture_output=True, text=True, check=False)
    if make.returncode:
        errors = [line for log in out.glob('*.log')
                  for line in log.read_text(errors='replace').splitlines()
                  if line.startswith('! ')]
        msg = 'LaTeX failed:\n' + '\n'.join(errors or [make.stdout[-3000:]])
        raise BuildFailed(msg)


def read_record(golden: Path, formats: Sequence[str],
                compile_latex: bool) -> dict[str, str]:
    """The recorded views of the formats asked for."""
    prefixes = _prefixes(formats, compile_latex)
    return {path.relative_to(golden).as_posix():
            path.read_text(encoding='utf-8')
            for path in sorted(golden.rglob('*.txt'))
            if path.relative_to(golden).parts[0] in prefixes}


def _prefixes(formats: Sequence[str], compile_latex: bool) -> set[str]:
    return set(formats) | ({'latexpdf'} if compile_latex
                           and 'latex' in formats else set())


def write_record(golden: Path, found: dict[str, str],
                 formats: Sequence[str], compile_latex: bool) -> None:
    """Replace the record of these formats by ``found``."""
    for path in read_record(golden, formats, compile_latex):
        (golden / path).unlink()
    for path, text in found.items():
        target = golden / path
        target.parent.mkdir(parents=True, exist_ok=True)
        target.write_text(text, encoding='utf-8')


#: Where a record keeps its renders (``record --renders``).
RENDERS = 'renders'


def read_renders(golden: Path, formats: Sequence[str],
                 compile_latex: bool) -> dict[str, bytes]:
    """The renders a record keeps of these formats (none without
    ``record --renders``)."""
    root = golden / RENDERS
    prefixes = _prefixes(formats, compile_latex)
    return {path.relative_to(root).as_posix(): path.read_bytes()
            for path in sorted(root.rglob('*')) if path.is_file()
            and path.relative_to(root).parts[0] in prefixes}


def write_renders(golden: Path, renders: dict[str, bytes],
                  formats: Sequence[str], compile_latex: bool) -> None:
    """Replace the renders of these formats by ``renders``."""
    root = golden / RENDERS
    for path in read_renders(golden, formats, compile_latex):
        (root / path).unlink()
    for path, data in renders.items():
        target = root / path
        target.parent.mkdir(parents=True, exist_ok=True)
        target.write_bytes(data)


def differences(recorded: dict[str, str], built: dict[str, str]) -> str:
    """A unified diff per file, with a title saying whether the view was
    added, removed or changed and naming its document and table, then
    how many of each."""
    out = []
    counts = {'added': 0, 'removed': 0, 'changed': 0}
    for path in sorted(set(recorded) | set(built)):
        before, after = recorded.get(path), built.get(path)
        if before == after:
            continue
        state = ('added' if before is None else
                 'removed' if after is None else 'changed')
        counts[state] += 1
        out.append(f'=== {state}: {describe(path)}')
        out += difflib.unified_diff(
            (before or '').splitlines(keepends=True),
            (after or '').splitlines(keepends=True),
            fromfile=f'recorded/{path}' if before is not None
            else '/dev/null',
            tofile=f'built/{path}' if after is not None else '/dev/null')
    if out:
        out.append(', '.join(f'{n} {state}' for state, n in counts.items()))
    return ''.join(line if line.endswith('\n') else line + '\n'
                   for line in out)


def describe(path: str) -> str:
    """``html/stubs/table-a--b.txt`` as words: format, document, table."""
    parts = path.removesuffix('.txt').split('/')
    kinds = [i for i, part in enumerate(parts)
             if part in (*FORMATS, 'latexpdf', 'tables')]
    at = kinds[0] if kinds else 0
    form, rest = parts[at], parts[at + 1:]
    if form in ('pdf', 'latexpdf'):
        return f'{form}: {"/".join(rest)}.pdf'
    document, item = '/'.join(rest[:-1]), rest[-1] if rest else ''
    what = 'text' if item == 'text' else \
        f'table {item.removeprefix("table-")}'
    return f'{form}: document {document}, {what}'


def _formats(value: str) -> list[str]:
    chosen = [f.strip() for f in value.split(',') if f.strip()]
    unknown = [f for f in chosen if f not in FORMATS]
    if unknown or not chosen:
        msg = (f'unknown format {", ".join(unknown)}; choose from '
               f'{", ".join(FORMATS)}')
        raise argparse.ArgumentTypeError(msg)
    return chosen


def _parser() -> argparse.ArgumentParser:
    parser = argparse.ArgumentParser(
        prog='linuxdoc-golden',
        usage='linuxdoc-golden {record,check} [options] SRC GOLDEN '
              '[-- SPHINX-BUILD OPTIONS]',
        description='Record what a Sphinx project renders to, in HTML, '
                    'LaTeX and PDF, and check a later build against it.')
    commands = parser.add_subparsers(dest='command', required=True)
    for name, text in (('record', 'build SRC and write its views'),
                       ('check', 'build SRC and compare with the record')):
        command = commands.add_parser(name, help=text)
        command.add_argument('source', type=Path, metavar='SRC',
                             help='the Sphinx source directory (conf.py)')
        command.add_argument('golden', type=Path, metavar='GOLDEN',
                             help='the directory of the record')
        command.add_argument('--formats', type=_formats,
                             default=list(FORMATS),
                             help='comma-separated: html,latex,pdf '
                                  '(default: all)')
        command.add_argument('--compile', action='store_true',
                             help='also compile the LaTeX with latexmk and '
                                  'record the PDFs it makes')
        if name == 'record':
            command.add_argument('--renders', action='store_true',
                                 help="also keep each table's HTML and each "
                                      'PDF, for check --report')
        if name == 'check':
            command.add_argument('--update', action='store_true',
                                 help='rewrite the record where it differs')
            command.add_argument('--report', type=Path, metavar='DIR',
                                 help='write an HTML page per changed '
                                      'document, showing the changes')
    return parser


def main(argv: Sequence[str] | None = None,
         print_: Callable[[str], None] = print) -> int:
    """The console script; returns the exit status."""
    argv = list(sys.argv[1:] if argv is None else argv)
    # after '--': options for sphinx-build itself (-c, -D, -t, -j)
    split = argv.index('--') if '--' in argv else len(argv)
    arguments = _parser().parse_args(argv[:split])
    problem = _cannot_start(arguments)
    if problem:
        print_(problem)
        return 2
    golden: Path = arguments.golden
    formats, compile_latex = arguments.formats, arguments.compile
    keeps_renders = (golden / RENDERS).is_dir()
    wants_renders = (getattr(arguments, 'renders', False)
                     or getattr(arguments, 'report', None) is not None
                     or (getattr(arguments, 'update', False)
                         and keeps_renders))
    renders: dict[str, bytes] | None = {} if wants_renders else None
    with tempfile.TemporaryDirectory(prefix='linuxdoc-golden-') as tmp:
        try:
            built = build(arguments.source.resolve(), Path(tmp), formats,
                          compile_latex, argv[split + 1:], renders)
        except BuildFailed as failure:
            print_(str(failure))
            return 2
    if arguments.command == 'record':
        write_record(golden, built, formats, compile_latex)
        if renders is not None:
            write_renders(golden, renders, formats, compile_latex)
        print_(f'recorded {len(built)} views in {golden}')
        return 0
    recorded = read_record(golden, formats, compile_latex)
    diff = differences(recorded, built)
    if not diff:
        print_(f'{len(built)} views as recorded')
        return 0
    print_(diff.rstrip('\n'))
    if arguments.report is not None:
        from linuxdoc_builders.golden.report import write_report
        changed = {path: (recorded.get(path), built.get(path))
                   for path in set(recorded) | set(built)
                   if recorded.get(path) != built.get(path)}
        index = write_report(arguments.report, changed,
                             read_renders(golden, formats, compile_latex),
                             renders or {})
        print_(f'report: {index}')
    if arguments.update:
        write_record(golden, built, formats, compile_latex)
        if renders is not None and keeps_renders:
            write_renders(golden, renders, formats, compile_latex)
        print_(f'updated the record in {golden}')
        return 0
    return 1


def _cannot_start(arguments: argparse.Namespace) -> str:
    """Why nothing should be built, or ''."""
    if arguments.command == 'check' and not arguments.golden.is_dir():
        return (f'no record in {arguments.golden}: run linuxdoc-golden '
                'record first')
    if 'pdf' in arguments.formats or arguments.compile:
        from linuxdoc_builders.golden import pdf
        try:
            pdf.require_pymupdf()
        except pdf.MissingPyMuPDF as missing:
            return str(missing)
    return ''


def run() -> None:
    """Entry point of ``linuxdoc-golden``."""
    sys.exit(main())
