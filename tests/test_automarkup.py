# SPDX-License-Identifier: GPL-2.0-only
"""Automatic cross-references in prose (linuxdoc_builders.automarkup):
every form, the skip lists, a namespace, literals and existing
references, the settings, the warning for names documented nowhere,
and (kernel tests) the same links as the kernel's own automarkup."""

from __future__ import annotations

import re
from pathlib import Path

import pytest
from lxml import html
from tools import sphinx_build, typed

ROOT = Path(__file__).parent / 'roots' / 'test-automarkup'
PAGES = ('index', 'api', 'other', 'ns')


def links(out: Path) -> list[tuple[str, str, str, str]]:
    """(page, text, target, classes of the link's content) of every link
    in the pages' paragraphs."""
    found = []
    for page in PAGES:
        tree = html.parse(str(out / f'{page}.html'))
        for link in tree.xpath('//div[@role="main"]//p//a'):
            inner = link.xpath('./*[@class]')
            found.append((page, link.text_content(), link.get('href'),
                          inner[0].get('class') if inner else ''))
    return found


def build(tmp_path: Path, *options: str) -> tuple[Path, str]:
    out = tmp_path / 'html'
    result = sphinx_build('-E', '-b', 'html', *options, ROOT, out,
                          cwd=tmp_path)
    assert result.returncode == 0, result.stderr
    return out, result.stderr


LITERAL = 'xref c {} docutils literal notranslate'

EXPECTED = [
    ('index', 'foo_init()', 'api.html#c.foo_init', LITERAL.format('c-func')),
    ('index', 'struct foo_dev', 'api.html#c.foo_dev',
     LITERAL.format('c-struct')),
    ('index', 'union foo_regs', 'api.html#c.foo_regs',
     LITERAL.format('c-union')),
    ('index', 'enum foo_mode', 'api.html#c.foo_mode',
     LITERAL.format('c-enum')),
    ('index', 'typedef foo_cb', 'api.html#c.foo_cb', LITERAL.format('c-type')),
    ('index', 'foo_MACRO()', 'api.html#c.foo_MACRO',
     LITERAL.format('c-func')),
    # the explicit :c:func: reference, left as it is
    ('index', 'foo_init()', 'api.html#c.foo_init', LITERAL.format('c-func')),
    ('index', 'Other', 'other.html', 'doc'),
    ('index', 'Other', 'other.html', 'doc'),
    ('index', 'commit 0123456789ab',
     'https://git.kernel.org/torvalds/c/0123456789ab', ''),
    ('api', 'Other', 'other.html', 'doc'),
    ('other', 'foo_init()', 'api.html#c.foo_init', LITERAL.format('c-func')),
    ('ns', 'bar_run()', '#c.drm.bar_run', LITERAL.format('c-func')),
    ('ns', 'foo_init()', 'api.html#c.foo_init', LITERAL.format('c-func')),
    ('ns', 'open()', '#c.drm.open', LITERAL.format('c-func')),
]


@pytest.mark.parametrize('jobs', ['1', '2'])
def test_every_form_links_and_nothing_else(tmp_path: Path,
                                           jobs: str) -> None:
    """Functions, macros, struct/union/enum/typedef, documents (absolute
    and relative), commits and a namespace link (a system call's name
    too, inside a namespace, as the kernel's links it); system calls, C
    words,
    names documented nowhere, literals and references stay as they
    are; the same with -j 2."""
    out, stderr = build(tmp_path, '-j', jobs)
    assert 'WARNING' not in stderr, stderr
    assert links(out) == EXPECTED
    index = (out / 'index.html').read_text(encoding='utf-8')
    for text in ('read() and ioctl()', 'sizeof() and for()',
                 'nothing_here() and struct nowhere'):
        assert text in index, text


def test_settings_choose_the_forms_and_the_skip_lists(
        tmp_path: Path) -> None:
    out, _ = build(tmp_path, '-D', 'automarkup_forms=function,doc',
                   '-D', 'automarkup_skip_functions=foo_MACRO',
                   '-D', 'automarkup_commit_url=')
    found = {text for _, text, _, _ in links(out)}
    assert 'foo_init()' in found and 'Other' in found
    assert not found & {'struct foo_dev', 'foo_MACRO()',
                        'commit 0123456789ab'}


def test_wrong_settings_are_named(tmp_path: Path) -> None:
    _, stderr = build(tmp_path, '-D', 'automarkup_forms=function,links',
                      '-D', 'automarkup_commit_url=https://x/')
    assert typed('automarkup_forms: unknown links; the forms are function, '
                 'struct, union, enum, typedef, doc, commit',
                 'linuxdoc.config') in stderr
    assert "automarkup_commit_url = 'https://x/': expected a URL with " \
        "'{rev}'" in stderr


def test_names_documented_nowhere_can_be_reported(tmp_path: Path) -> None:
    _, stderr = build(tmp_path, '-D', 'automarkup_warn_unresolved=1')
    warnings = [line for line in stderr.splitlines() if 'documented '
                'nowhere' in line]
    assert len(warnings) == 2, stderr
    assert all(re.match(r'\S*index\.rst:\d+: WARNING: ', w)
               for w in warnings), warnings
    assert any("'nothing_here()' looks like a reference to function "
               'nothing_here' in w for w in warnings)
    assert any("'struct nowhere' looks like a reference to struct "
               'nowhere' in w for w in warnings)


@pytest.mark.kernel
def test_the_same_links_as_the_kernels_automarkup(tmp_path: Path) -> None:
    """The kernel 6.12's Documentation/sphinx/automarkup.py (from
    Debian's linux-source-6.12) on the same pages: the same links."""
    import linux_source
    sphinx_dir = linux_source.kernel_tree() / 'Documentation' / 'sphinx'
    theirs = tmp_path / 'theirs'
    theirs.mkdir()
    for page in ROOT.glob('*.rst'):
        (theirs / page.name).write_text(page.read_text(encoding='utf-8'),
                                        encoding='utf-8')
    (theirs / 'conf.py').write_text(
        f'import sys\nsys.path.insert(0, {str(sphinx_dir)!r})\n'
        "extensions = ['linuxdoc_builders', 'automarkup']\n"
        "project = 'automarkup'\n", encoding='utf-8')
    result = sphinx_build('-E', '-b', 'html', theirs, tmp_path / 'kernel',
                          cwd=tmp_path)
    assert result.returncode == 0, result.stderr
    ours, _ = build(tmp_path)
    assert links(tmp_path / 'kernel') == links(ours) == EXPECTED
