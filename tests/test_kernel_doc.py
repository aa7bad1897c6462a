# SPDX-License-Identifier: GPL-2.0-only
"""The kernel-doc directive and its parser, on C files of our own.

The expected reST under tests/expected/kernel-doc/ is what kernel 6.12's
``scripts/kernel-doc`` prints for these fixtures (the ``kernel`` tests
check that it still is, tests/kernel/test_kerneldoc_compare.py); here
our parser must print it too, and the built documents must show it.
"""

from __future__ import annotations

import os
import re
import shutil
import sys
from pathlib import Path
from typing import TYPE_CHECKING

import pytest
from golden import assert_golden
from lxml import html
from tools import sphinx_build, typed

from linuxdoc_builders.kerneldoc import cache, command_line, options
from linuxdoc_builders.kerneldoc.model import Mode, Selection

if TYPE_CHECKING:
    from io import StringIO

    from sphinx.testing.util import SphinxTestApp

ROOT = Path(__file__).parent / 'roots' / 'test-kernel-doc'
TREE = ROOT / 'tree'

#: (golden name, the script's arguments after -rst -enable-lineno ...)
CASES = {
    'demo-all': ['include/demo.h'],
    'demo-doc': ['-function', 'Overview', 'include/demo.h'],
    'demo-identifiers': ['-function', 'demo_device', '-function',
                         'demo_reg', 'include/demo.h'],
    'demo-no-doc-sections': ['-no-doc-sections', 'include/demo.h'],
    'demo-nosymbol': ['-nosymbol', 'demo_ops', '-nosymbol', 'Overview',
                      'include/demo.h'],
    'core-export': ['-export', '-export-file', 'drivers/demo/exports.c',
                    'drivers/demo/core.c'],
    'core-internal': ['-internal', '-export-file',
                      'drivers/demo/exports.c', 'drivers/demo/core.c'],
    'bad-all': ['drivers/demo/bad.c'],
    'demo-sphinx2': ['include/demo.h'],
    # paragraphs filed line by line, a Description, an open comment
    'long-all': ['drivers/demo/long.c'],
    # option values outside ASCII
    'unicode-doc': ['-function', 'Locking \u2014 overview',
                    'drivers/demo/unicode.c'],
    'unicode-accents': ['-function', 'Th\u00e9orie',
                        'drivers/demo/unicode.c'],
    'unicode-nosymbol': ['-nosymbol', 'Th\u00e9orie',
                         'drivers/demo/unicode.c'],
}


def script_output(name: str) -> tuple[str, str, int]:
    """Our command-line emulation on a case, paths relative to TREE."""
    version = '2.4.4' if name.endswith('sphinx2') else '9.0.4'
    here = Path.cwd()
    os.chdir(TREE)
    try:
        return command_line.run(['-rst', '-enable-lineno',
                                 '-sphinx-version', version, *CASES[name]])
    finally:
        os.chdir(here)


@pytest.mark.parametrize('name', sorted(CASES))
def test_rest_is_the_scripts(name: str, update_goldens: bool) -> None:
    stdout, stderr, status = script_output(name)
    assert_golden(stdout, f'kernel-doc/{name}.rst', update_goldens)
    assert_golden(f'{stderr}exit status {status}\n',
                  f'kernel-doc/{name}.stderr', update_goldens)


def test_rest_has_every_kind_of_block() -> None:
    """A check of the golden itself, independent of the script."""
    text = script_output('demo-all')[0]
    for wanted in ('.. c:struct:: demo_device', '.. c:enum:: demo_mode',
                   '.. c:macro:: demo_cb', '.. c:type:: demo_flags_t',
                   '.. c:macro:: DEMO_MAX_NAME', '``demo_reg (dev, off)``',
                   '**Overview**', '  ``regs.base``', '  ``state.bits``',
                   ':c:type:`struct demo_ops <demo_ops>`',
                   ':c:type:`demo_device.ops <demo_device>`',
                   '``DEMO_MAX_NAME``', "the caller's **ops** serialise"):
        assert wanted in text
    assert 'secret' not in text.split('**Members**')[1]
    # the literal block keeps its text unhighlighted
    assert '%NOT_HIGHLIGHTED @in_literal' in text


def test_selection_follows_the_kernels_precedence() -> None:
    request = options.request
    assert request({'functions': 'a', 'identifiers': 'b'}).selection == \
        Selection(Mode.INCLUDE, frozenset({'a'}))
    assert request({'export': 'x.c', 'doc': 'T'}) == options.Request(
        Selection(Mode.EXPORTED), ('x.c',))
    assert request({'internal': None}).selection.mode is Mode.INTERNAL
    assert request({'doc': 'A title'}).selection.symbols == {'A title'}
    assert request({'identifiers': ''}).selection == Selection(
        no_doc_sections=True)
    assert request({'no-identifiers': 'a b'}).selection == Selection(
        excluded=frozenset({'a', 'b'}))


def test_paths_stay_inside_the_tree(tmp_path: Path) -> None:
    (tmp_path / 'tree' / 'sub').mkdir(parents=True)
    (tmp_path / 'tree' / 'sub' / 'a.c').write_text('')
    (tmp_path / 'secret.c').write_text('')
    (tmp_path / 'tree' / 'link.c').symlink_to(tmp_path / 'secret.c')
    tree = tmp_path / 'tree'
    assert options.inside(tree, 'sub/a.c') == (tree / 'sub/a.c').resolve()
    assert options.inside(tree, 'sub/../sub/a.c').name == 'a.c'
    for escape in ('../secret.c', '/etc/passwd', 'link.c', 'sub/../../x',
                   ''):
        with pytest.raises(options.OutsideTree):
            options.inside(tree, escape)
    found, refused = options.export_files(tree, ('*.c', '../*.c',
                                                 'sub/*.c'))
    assert found == [(tree / 'sub/a.c').resolve()]
    assert refused == [str(tree.resolve() / 'link.c'), '../*.c']


def test_each_file_is_parsed_once(tmp_path: Path) -> None:
    source = tmp_path / 'one.c'
    shutil.copy(TREE / 'drivers' / 'demo' / 'core.c', source)
    store = tmp_path / 'cache'
    cache.clear_memory()
    first = cache.parsed_file(source, store)
    assert cache.parsed_file(source, store) is first
    assert len(list(store.glob('*.pickle'))) == 1
    # another process (a -j worker, the next build) reads the disk entry
    cache.clear_memory()
    again = cache.parsed_file(source, store)
    assert again is not first
    assert again == first
    # an edited file is parsed again
    source.write_text(source.read_text().replace('bind a device',
                                                 'bind one device'))
    edited = cache.parsed_file(source, store)
    assert edited != first
    assert any(getattr(e, 'purpose', '') == 'bind one device'
               for e in edited.events)
    # a damaged entry is parsed again, not an error
    cache.clear_memory()
    for entry in store.glob('*.pickle'):
        entry.write_bytes(b'not a pickle')
    assert cache.parsed_file(source, store) == edited


@pytest.mark.sphinx('html', testroot='kernel-doc', freshenv=True)
def test_build(app: SphinxTestApp, warning: StringIO) -> None:
    app.build()
    out = Path(app.outdir)
    api = html.parse(str(out / 'api.html')).getroot()
    ids = set(api.xpath('//@id'))
    assert {'c.demo_device', 'c.demo_mode', 'c.demo_cb', 'c.demo_flags_t',
            'c.DEMO_MAX_NAME', 'c.demo_reg', 'c.demo_probe',
            'c.demo_remove'} <= ids
    assert 'c.demo_internal' not in ids
    # &struct demo_device became a link to its declaration
    links = api.xpath('//a[@href="#c.demo_device"]')
    assert links
    internal = html.parse(str(out / 'internal.html')).getroot()
    ids = set(internal.xpath('//@id'))
    assert 'c.demo_internal' in ids
    assert 'c.demo_ops' in ids
    assert not {'c.demo_probe', 'c.demo_remove', 'c.demo_device'} & ids
    index = (out / 'index.html').read_text(encoding='utf-8')
    assert 'shows every kind of kernel-doc comment' in index
    escape = (out / 'escape.html').read_text(encoding='utf-8')
    assert 'outside the source tree' not in escape
    deps = app.env.dependencies
    tree = Path(app.srcdir) / 'tree'
    assert {str(p.resolve()) for p in (tree / 'include/demo.h',
                                       tree / 'drivers/demo/core.c',
                                       tree / 'drivers/demo/exports.c')} \
        <= {str(Path(app.srcdir, d).resolve()) for d in deps['api']}


def _lines(warning: StringIO, root: Path) -> list[str]:
    """The warnings, paths shortened, without the ``[type.subtype]``
    Sphinx 8 adds (test_messages_can_be_filtered checks subtypes)."""
    text = re.sub(r'\x1b\[[0-9;]*m', '', warning.getvalue())
    return [re.sub(r' \[[\w.-]+\]$', '', line.replace(str(root), '<root>'))
            for line in text.splitlines()]


@pytest.mark.sphinx('html', testroot='kernel-doc', freshenv=True)
def test_messages_are_located(app: SphinxTestApp, warning: StringIO) -> None:
    app.build()
    lines = _lines(warning, Path(app.srcdir))
    bad = '<root>/tree/drivers/demo/bad.c'
    expected = [
        f"{bad}:9: WARNING: Function parameter or struct member 'b' not "
        "described in 'bad_params'",
        f"{bad}:9: WARNING: Excess function parameter 'nope' description "
        "in 'bad_params'",
        f'{bad}:18: ERROR: Cannot parse struct or union!',
        f'{bad}:23: WARNING: expecting prototype for wrong_name(). '
        'Prototype was for right_name() instead',
        "<root>/escape.rst:4: ERROR: kernel-doc: '../outside.h' is "
        'outside kerneldoc_srctree (<root>/tree); not read',
        "<root>/escape.rst:6: ERROR: kernel-doc: '/etc/hostname' is "
        'outside kerneldoc_srctree (<root>/tree); not read',
        "<root>/escape.rst:8: ERROR: kernel-doc: export file "
        "'../outside.h' is outside kerneldoc_srctree (<root>/tree); "
        'ignored',
        '<root>/escape.rst:11: WARNING: kernel-doc: cannot read '
        '<root>/tree/drivers/demo/missing.c: No such file or directory',
    ]
    for line in expected:
        assert line in lines
    # docutils' own complaint about the comment's reST names bad.c:34
    assert any(line.endswith(f'{bad}:34: WARNING: Inline emphasis '
                             'start-string without end-string.')
               for line in lines), lines


@pytest.mark.sphinx('html', testroot='kernel-doc', freshenv=True,
                    confoverrides={'suppress_warnings': [
                        'kernel-doc.undescribed', 'kernel-doc.excess']})
def test_messages_can_be_filtered(app: SphinxTestApp,
                                  warning: StringIO) -> None:
    app.build()
    text = warning.getvalue()
    assert 'not described' not in text
    assert 'Excess function parameter' not in text
    assert 'Cannot parse struct or union' in text


def test_symlink_out_of_the_tree_is_refused(tmp_path: Path) -> None:
    root = tmp_path / 'root'
    shutil.copytree(ROOT, root)
    (root / 'tree' / 'link.h').symlink_to(root / 'outside.h')
    (root / 'escape.rst').write_text('Escape\n======\n\n'
                                     '.. kernel-doc:: link.h\n')
    result = sphinx_build('-b', 'html', '-q', root, root / '_build',
                          cwd=tmp_path)
    assert result.returncode == 0, result.stderr
    assert (f"{root}/escape.rst:4: ERROR: kernel-doc: 'link.h' is "
            f'outside kerneldoc_srctree ({root}/tree); not read') \
        in result.stderr
    page = (root / '_build' / 'escape.html').read_text(encoding='utf-8')
    assert 'outside the source tree' not in page


def test_srctree_outside_the_configuration_directory(tmp_path: Path
                                                    ) -> None:
    """A C project's layout: docs/ beside src/, ``kerneldoc_srctree =
    '../src'`` relative to conf.py; a file outside src/ is still refused."""
    docs, src = tmp_path / 'project' / 'docs', tmp_path / 'project' / 'src'
    docs.mkdir(parents=True)
    shutil.copytree(ROOT / 'tree', src)
    (docs / 'conf.py').write_text("extensions = ['linuxdoc_builders']\n"
                                  "kerneldoc_srctree = '../src'\n")
    (docs / 'index.rst').write_text(
        'API\n===\n\n.. kernel-doc:: drivers/demo/core.c\n'
        '   :export:\n\n'
        '.. kernel-doc:: ../docs/conf.py\n')
    result = sphinx_build('-b', 'html', '-q', docs, tmp_path / 'html',
                          cwd=tmp_path)
    assert result.returncode == 0, result.stderr
    assert result.stderr.splitlines() == [typed(
        f"{docs}/index.rst:7: ERROR: kernel-doc: '../docs/conf.py' is "
        f'outside kerneldoc_srctree ({src}); not read', 'kernel-doc.path')]
    page = (tmp_path / 'html' / 'index.html').read_text(encoding='utf-8')
    assert 'demo_probe' in page


def test_parallel_build_shares_the_parses(tmp_path: Path) -> None:
    root = tmp_path / 'root'
    shutil.copytree(ROOT, root)
    doctrees = tmp_path / 'doctrees'
    result = sphinx_build('-b', 'html', '-j', '2', '-d', doctrees, root,
                          tmp_path / 'html', cwd=tmp_path)
    assert result.returncode == 0, result.stderr
    stored = list((doctrees / 'kerneldoc').glob('*.pickle'))
    # demo.h, core.c, exports.c, bad.c, tiny.c, long.c, unicode.c (an
    # export file pattern matches the last two): one entry each
    assert len(stored) == 7
    page = (tmp_path / 'html' / 'api.html').read_text(encoding='utf-8')
    assert 'demo_probe' in page


def test_external_script(tmp_path: Path) -> None:
    """``kerneldoc_bin`` runs a script the way the kernel's extension does.

    The stand-in script prints its arguments as the document's text, so
    the test sees exactly what it was given.
    """
    root = tmp_path / 'root'
    shutil.copytree(ROOT, root)
    script = tmp_path / 'kernel-doc'
    script.write_text(f'#!{sys.executable}\n'
                      'import sys\n'
                      "print('.. LINENO 7')\n"
                      "print('ARGS ' + ' '.join(a.rsplit('/', 1)[-1] "
                      "for a in sys.argv[1:]))\n")
    script.chmod(0o755)
    (root / 'api.rst').write_text('API\n===\n\n'
                                  '.. kernel-doc:: drivers/demo/core.c\n'
                                  '   :export: drivers/demo/exports.c\n')
    result = sphinx_build('-b', 'html', '-q', '-D',
                          f'kerneldoc_bin={script}', '-D',
                          'kerneldoc_sphinx_version=9.0.4', root,
                          root / '_build', cwd=tmp_path)
    assert result.returncode == 0, result.stderr
    page = (root / '_build' / 'api.html').read_text(encoding='utf-8')
    assert ('ARGS -rst -enable-lineno -sphinx-version 9.0.4 -export '
            '-export-file exports.c core.c') in page


def test_editing_a_source_rereads_the_documents_using_it(
        tmp_path: Path) -> None:
    root = tmp_path / 'root'
    shutil.copytree(ROOT, root)
    args = ('-b', 'html', '-d', tmp_path / 'doctrees', root,
            tmp_path / 'html')
    first = sphinx_build(*args, cwd=tmp_path)
    assert first.returncode == 0, first.stderr
    # escape.rst depends on a file that does not exist (yet): always read
    unchanged = sphinx_build(*args, cwd=tmp_path)
    assert _reread(unchanged.stdout) == ['escape']
    core = root / 'tree' / 'drivers' / 'demo' / 'core.c'
    core.write_text(core.read_text().replace('bind a device',
                                             'bind one device'))
    edited = sphinx_build(*args, cwd=tmp_path)
    assert _reread(edited.stdout) == ['api', 'escape', 'internal']
    page = (tmp_path / 'html' / 'api.html').read_text(encoding='utf-8')
    assert 'bind one device' in page


def _reread(stdout: str) -> list[str]:
    """The documents a build read, from its progress lines."""
    return sorted(re.findall(r'reading sources\.\.\. \[\s*\d+%\] (\w+)',
                             stdout))


def test_options_in_any_unicode(tmp_path: Path) -> None:
    """``:doc:`` titles and identifiers outside ASCII: found as the
    kernel's script finds them (it reads the C file's bytes), and never
    a UnicodeEncodeError that stops the build."""
    src = tmp_path / 'src'
    (src / 'tree').mkdir(parents=True)
    (src / 'conf.py').write_text("extensions = ['linuxdoc_builders']\n"
                                 "kerneldoc_srctree = 'tree'\n"
                                 "exclude_patterns = ['tree']\n")
    (src / 'tree' / 'u.c').write_text(
        '/**\n * DOC: Locking \u2014 overview\n *\n'
        ' * The lock \u201crules\u201d \u2014 all of them.\n */\n\n'
        '/**\n * DOC: Th\u00e9orie\n *\n * The accents.\n */\n',
        encoding='utf-8')
    (src / 'index.rst').write_text(
        'U\n=\n\n.. kernel-doc:: u.c\n   :doc: Locking \u2014 overview\n\n'
        '.. kernel-doc:: u.c\n   :doc: Th\u00e9orie\n\n'
        '.. kernel-doc:: u.c\n   :identifiers: \u201cquoted\u201d\n',
        encoding='utf-8')
    result = sphinx_build('-b', 'html', '-q', src, tmp_path / 'html',
                          cwd=tmp_path)
    assert result.returncode == 0, result.stderr
    assert 'Traceback' not in result.stderr
    assert result.stderr.splitlines() == [typed(
        f"{src}/tree/u.c:1: WARNING: '\u201cquoted\u201d' not found",
        'kernel-doc.not-found')]
    page = (tmp_path / 'html' / 'index.html').read_text(encoding='utf-8')
    assert 'The lock \u201crules\u201d \u2014 all of them.' in page
    assert 'The accents.' in page


def test_option_problems_in_our_words(tmp_path: Path) -> None:
    """Each problem with the directive's arguments or options: at its
    line, naming the option, what was given and what is expected; no
    docutils text about ``None``; what can be built is built."""
    src = tmp_path / 'src'
    src.mkdir()
    (src / 'conf.py').write_text("extensions = ['linuxdoc_builders']\n"
                                 "kerneldoc_srctree = '.'\n")
    (src / 'a.c').write_text('/**\n * foo() - does foo\n * @x: the x\n'
                             ' */\nint foo(int x);\n')
    (src / 'index.rst').write_text(
        'T\n=\n\n'
        '.. kernel-doc:: a.c\n   :doc:\n\n'            # 4
        '.. kernel-doc:: a.c\n   :exprt:\n\n'          # 7
        '.. kernel-doc::\n\n'                          # 10
        '.. kernel-doc:: a.c\n   :internal: nothere.c\n'   # 12
        '   :no-identifiers: foo\n')
    result = sphinx_build('-b', 'html', '-q', src, tmp_path / 'html',
                          cwd=tmp_path)
    assert result.returncode == 0, result.stderr
    index = f'{src}/index.rst'
    assert result.stderr.splitlines() == [
        typed(f'{index}:4: ERROR: kernel-doc: :doc: given nothing; '
              'expected the title of a DOC: section', 'kernel-doc.option'),
        typed(f'{index}:7: WARNING: kernel-doc: unknown option :exprt:, '
              'ignored; did you mean :export:?', 'kernel-doc.option'),
        typed(f'{index}:10: ERROR: kernel-doc: expected the C file to '
              'read: ".. kernel-doc:: FILE"', 'kernel-doc.option'),
        typed(f"{index}:12: WARNING: kernel-doc: export file 'nothere.c' "
              f'matches no file in kerneldoc_srctree ({src}); ignored',
              'kernel-doc.path'),
        # the script's own word on a selection that leaves nothing
        typed(f'{src}/a.c:1: WARNING: no structured comments found',
              'kernel-doc.not-found')]
    page = (tmp_path / 'html' / 'index.html').read_text(encoding='utf-8')
    assert page.count('does foo') == 1


def _in_tree(argv: list[str], environ: dict[str, str] | None = None
             ) -> tuple[str, str, int]:
    here = Path.cwd()
    os.chdir(TREE)
    try:
        return command_line.run(argv, {} if environ is None else environ)
    finally:
        os.chdir(here)


@pytest.mark.parametrize(('argv', 'environ', 'werror'), [
    ([], {}, False),
    (['-Werror'], {}, True),
    ([], {'KDOC_WERROR': '1'}, True),
    ([], {'KDOC_WERROR': '0'}, False),
    (['-Werror'], {'KDOC_WERROR': '0'}, True),
    ([], {'KCFLAGS': '-O2 -Werror'}, True),
    ([], {'KCFLAGS': '-O2 -Werror', 'KDOC_WERROR': ''}, False),
])
def test_werror_as_the_script_reads_it(argv: list[str],
                                       environ: dict[str, str],
                                       werror: bool) -> None:
    """Warnings as errors: the script then says how many and exits
    with that number; otherwise with the number of errors."""
    _, stderr, status = _in_tree(['-rst', '-sphinx-version', '9.0.4',
                                  *argv, 'drivers/demo/bad.c'], environ)
    warnings = stderr.count(': warning: ')
    errors = stderr.count(': error: ')
    assert warnings == 5 and errors == 1, stderr
    if werror:
        assert stderr.endswith('5 warnings as Errors\n')
        assert status == warnings
    else:
        assert 'as Errors' not in stderr
        assert status == errors


def test_without_sphinx_version_the_installed_sphinx_decides(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """As the script: ``sphinx-build --version`` on PATH gives the
    dialect; with none, a warning and Sphinx 1.2's."""
    fake = tmp_path / 'sphinx-build'
    fake.write_text('#!/bin/sh\necho "sphinx-build 2.4.4"\n')
    fake.chmod(0o755)
    given = _in_tree(['-rst', '-sphinx-version', '2.4.4', 'include/demo.h'])
    assert given != _in_tree(['-rst', '-sphinx-version', '9.0.4',
                              'include/demo.h'])
    monkeypatch.setenv('PATH', str(tmp_path))
    assert _in_tree(['-rst', 'include/demo.h']) == given
    fake.unlink()
    oldest = _in_tree(['-rst', '-sphinx-version', '1.2.0', 'include/demo.h'])
    out, err, status = _in_tree(['-rst', 'include/demo.h'])
    assert (out, status) == oldest[::2]
    assert err == command_line.NO_SPHINX + oldest[1]


def test_a_typedef_only_newer_kernel_doc_reads(tmp_path: Path) -> None:
    """``typedef Object *(Resolve)(...);`` over three lines stops 6.12's
    script ("Cannot parse typedef!", exit 1, and the kernel's directive
    drops the whole file); it is rendered as a function typedef, as the
    kernel's newer kernel-doc does, with a warning naming it, and the
    rest of the file as before."""
    source = tmp_path / 'resolve.h'
    source.write_text(
        '/**\n * typedef Resolve - resolve a part\n * @obj: the object\n'
        ' * @part: the part\n */\ntypedef Object *(Resolve)(Object *obj,\n'
        '                           const char *part);\n\n'
        '/**\n * other() - after it\n */\nint other(void);\n')
    out, err, status = command_line.run(
        ['-rst', '-sphinx-version', '9.0.4', str(source)], {})
    assert status == 0
    assert err == (f'{source}:7: warning: typedef Resolve: a function '
                   "returning a pointer, which kernel 6.12's kernel-doc "
                   'cannot parse ("Cannot parse typedef!", and the kernel '
                   "drops the whole file); rendered as the kernel's newer "
                   'kernel-doc renders it\n')
    assert '.. c:macro:: Resolve\n\n   **Typedef**: resolve a part' in out
    assert '``Object * Resolve (Object *obj, const char *part)``' in out
    assert '.. c:function:: int other (void)' in out
    # a typedef nothing reads is still the script's error
    odd = tmp_path / 'odd.h'
    odd.write_text('/**\n * typedef Odd - odd\n */\ntypedef int (*)(int);\n')
    _, err, status = command_line.run(
        ['-rst', '-sphinx-version', '9.0.4', str(odd)], {})
    assert (err, status) == (
        f'{odd}:4: error: Cannot parse typedef!\n'
        f'{odd}:1: warning: no structured comments found\n', 1)


@pytest.mark.parametrize('jobs', ['1', '2'])
def test_duplicate_declarations_name_the_c_file(tmp_path: Path,
                                                jobs: str) -> None:
    """Sphinx's "also defined at DOC:LINE" named the C file's line with
    the document's name; it names the C file, serial or with -j."""
    src = tmp_path / 'src'
    (src / 'drivers').mkdir(parents=True)
    (src / 'conf.py').write_text("extensions = ['linuxdoc_builders']\n"
                                 "kerneldoc_srctree = '.'\n"
                                 "exclude_patterns = ['drivers']\n")
    (src / 'drivers' / 'a.c').write_text(
        '\n\n/**\n * foo() - does foo\n * @x: the x\n */\nint foo(int x);\n')
    (src / 'index.rst').write_text(
        'T\n=\n\n.. toctree::\n\n   one\n   two\n')
    for name in ('one', 'two'):
        (src / f'{name}.rst').write_text(
            f'{name}\n===\n\n.. kernel-doc:: drivers/a.c\n')
    result = sphinx_build('-b', 'html', '-q', '-j', jobs, src,
                          tmp_path / 'html', cwd=tmp_path)
    assert result.returncode == 0, result.stderr
    lines = [line for line in result.stderr.splitlines()
             if 'Duplicate C declaration' in line]
    assert lines
    for line in lines:
        assert re.search(r'also defined at drivers/a\.c:7 \(in (one|two)\)'
                         r'\.$', line), line
        where = line.split(': WARNING: ')[0]
        assert where.endswith(('drivers/a.c:7', '(in one)', '(in two)')), \
            line
