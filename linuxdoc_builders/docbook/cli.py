# SPDX-License-Identifier: GPL-2.0-only
"""``linuxdoc-docbook SRC... -o DIR``: DocBook to reST files for Sphinx.

Each source becomes an ``index.rst`` (its title, what stands before its
first chapter, a toctree) and one file per chapter, appendix, preface,
part or manual page (an article: per top-level section); with several
sources, each goes into a directory of its own under DIR and DIR's
``index.rst`` lists them.  A ``conf.py`` that enables linuxdoc-builders
is written unless DIR has one.  ``--check`` then builds DIR with
``linuxhtml`` and compares it with the sources as the DocBook XSL
stylesheets render them (:mod:`~linuxdoc_builders.docbook.check`).
The command ends with a summary: files
written, tables and the spans they kept, cross-references, and each
element it has no mapping for, with its count and first line; warnings
(an entity or XInclude it could not read, a table that had to be
repaired, an unknown kernel template marker) name file and line.  Exit
status 0, or 1 if a source could not be read at all.
"""

from __future__ import annotations

import argparse
import copy
import re
import shutil
import sys
from pathlib import Path

from lxml import etree

from linuxdoc_builders.docbook.check import check
from linuxdoc_builders.docbook.rest import UNDERLINES, Converter, local
from linuxdoc_builders.docbook.source import Unreadable, read

#: What becomes a file of its own, under a book or set.
CHAPTERS = ('chapter', 'appendix', 'preface', 'part', 'reference',
            'refentry', 'glossary', 'bibliography', 'article', 'book')
#: ... and under an article.
ARTICLE_PARTS = ('sect1', 'section', 'refentry', 'appendix')

CONF = '''\
# SPDX-License-Identifier: GPL-2.0-only
# Written by linuxdoc-docbook.  kernel-doc directives name their C
# files relative to kerneldoc_srctree (the kernel's top directory).
project = {project!r}
extensions = ['linuxdoc_builders']
kerneldoc_srctree = '.'
'''


def _name(element: etree._Element, number: int, taken: set[str]) -> str:
    ident = element.get('id') or element.get(
        '{http://www.w3.org/XML/1998/namespace}id') or ''
    name = re.sub(r'[^A-Za-z0-9_-]+', '-', ident).strip('-') or \
        f'{local(element)}{number}'
    while name in taken or name == 'index':
        name += '-x'
    taken.add(name)
    return name


def convert(source: Path, outdir: Path, converter: Converter
            ) -> tuple[str, list[Path], bytes]:
    """Write ``source`` as reST files into ``outdir``; its title, the
    files written, and the DocBook as read (entities and XIncludes
    resolved, no DOCTYPE), for ``--check``."""
    warnings: list[str] = []
    converter.source = str(source)
    tree = read(source, warnings)
    converter.messages += warnings
    root = tree.getroot()
    converter.by_id.update({
        ident: element for element in root.iter()
        if isinstance(element.tag, str) and (ident := element.get('id') or
                                             element.get('{http://www.w3.'
                                                         'org/XML/1998/'
                                                         'namespace}id'))})
    parts = CHAPTERS if local(root) != 'article' else ARTICLE_PARTS
    title = converter.title(root) or source.stem
    outdir.mkdir(parents=True, exist_ok=True)
    written = []
    names: list[str] = []
    taken: set[str] = set()
    front = etree.Element(str(root.tag), {str(key): str(value) for key, value
                                          in root.attrib.items()})
    front.text = root.text
    for number, child in enumerate(root, 1):
        if local(child) in parts:
            name = _name(child, number, taken)
            lines = converter.block(child, -1)
            path = outdir / f'{name}.rst'
            path.write_text(_document(lines), encoding='utf-8')
            written.append(path)
            names.append(name)
        elif isinstance(child.tag, str):
            front.append(_copy(child))
    mark = UNDERLINES[0] * len(title)
    index = [mark, title, mark, '', *converter.blocks(front, 0)]
    if names:
        index += ['.. toctree::', '   :maxdepth: 2', '',
                  *(f'   {name}' for name in names), '']
    path = outdir / 'index.rst'
    path.write_text(_document(index), encoding='utf-8')
    _copy_images(source, outdir, converter)
    return title, [path, *written], etree.tostring(root, encoding='utf-8')


def _copy_images(source: Path, outdir: Path, converter: Converter) -> None:
    """The images the documents name, from beside ``source`` to the
    same place beside them; one that is missing is a warning."""
    for name in sorted(converter.images):
        relative = Path(name)
        if relative.is_absolute() or '..' in relative.parts:
            converter.warn(0, f'image {name} is outside the source '
                           'directory: not copied')
            continue
        found = source.parent / relative
        if not found.is_file():
            converter.warn(0, f'image {name} not found: not copied')
            continue
        (outdir / relative).parent.mkdir(parents=True, exist_ok=True)
        shutil.copyfile(found, outdir / relative)
    converter.images.clear()


def _copy(element: etree._Element) -> etree._Element:
    """``element`` as a child of another parent, keeping the original
    where it is (a copy keeps the source lines)."""
    return copy.deepcopy(element)


def _document(lines: list[str]) -> str:
    text = '\n'.join(lines).rstrip() + '\n'
    return '.. Converted from DocBook by linuxdoc-docbook.\n\n' + \
        re.sub(r'\n{3,}', '\n\n', text)


def summary(converter: Converter, files: int) -> list[str]:
    """What the conversion did and what it could not map."""
    counts = ', '.join(f'{count} {what}' for what, count in
                       sorted(converter.counts.items()))
    lines = [f'{files} files written; {converter.tables} tables, '
             f'{converter.spans} merged cells kept'
             + (f'; {counts}' if counts else '')]
    if converter.unmapped:
        lines.append('elements with no mapping (their text is kept): ' +
                     ', '.join(f'<{name}> x{count} (first at line {line})'
                               for name, (count, line) in
                               sorted(converter.unmapped.items())))
    else:
        lines.append('every element mapped')
    return lines


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(
        prog='linuxdoc-docbook', description=__doc__.splitlines()[0])
    parser.add_argument('sources', nargs='+', type=Path, metavar='SRC',
                        help='DocBook XML files (4.x, 5.x, kernel .tmpl)')
    parser.add_argument('-o', '--output', type=Path, required=True,
                        metavar='DIR', help='where the reST files go')
    parser.add_argument('--check', action='store_true',
                        help='build the result with linuxhtml and compare '
                        'it with the DocBook XSL rendering of the sources')
    parser.add_argument('-D', dest='settings', action='append', default=[],
                        metavar='NAME=VALUE',
                        help='a Sphinx setting for the --check build')
    args = parser.parse_args(argv)
    converter = Converter()
    files: list[Path] = []
    titles = []
    read_sources: dict[str, bytes] = {}
    status = 0
    several = len(args.sources) > 1
    for source in args.sources:
        outdir = args.output / source.stem if several else args.output
        try:
            title, written, as_read = convert(source, outdir, converter)
        except (OSError, etree.XMLSyntaxError, Unreadable) as error:
            print(f'{source}: cannot be read: {error}', file=sys.stderr)
            status = 1
            continue
        titles.append((title, f'{source.stem}/index'))
        read_sources[source.stem] = as_read
        files += written
    if several and titles:
        mark = UNDERLINES[0] * len('Documents')
        (args.output / 'index.rst').write_text(_document(
            [mark, 'Documents', mark, '', '.. toctree::', '',
             *(f'   {page}' for _, page in titles)]), encoding='utf-8')
        files.append(args.output / 'index.rst')
    conf = args.output / 'conf.py'
    if titles and not conf.exists():
        conf.write_text(CONF.format(project=titles[0][0]), encoding='utf-8')
    for message in converter.messages:
        print(f'warning: {message}', file=sys.stderr)
    for line in summary(converter, len(files)):
        print(line)
    if args.check and titles:
        checked, report = check(read_sources, args.output,
                                [f'-D{setting}' for setting in args.settings])
        for line in report:
            print(line)
        status = max(status, checked)
    return status


if __name__ == '__main__':
    sys.exit(main())
