# SPDX-License-Identifier: GPL-2.0-only
"""The garbage-collection policy is in force while the pages are written
and undone afterwards, also after a failed build, and off on request
(issue 32, item 4: ``linuxdoc_builders/gc_policy.py``)."""

from __future__ import annotations

import gc
from pathlib import Path
from typing import TYPE_CHECKING

import pytest
from tools import sphinx_build, sphinx_path

from linuxdoc_builders.gc_policy import BUILD_THRESHOLDS

if TYPE_CHECKING:
    from collections.abc import Callable

    from sphinx.testing.util import SphinxTestApp

    MakeApp = Callable[..., SphinxTestApp]


def _app(make_app: MakeApp, tmp_path: Path, builder: str = 'linuxhtml',
         conf: str = '') -> SphinxTestApp:
    # Sphinx 7.2's fixtures give their own path class
    source = Path(str(tmp_path)) / 'source'
    source.mkdir()
    (source / 'conf.py').write_text(
        "extensions = ['linuxdoc_builders']\n" + conf)
    (source / 'index.rst').write_text(
        'Title\n=====\n\n.. flat-table::\n\n   * - a\n     - b\n')
    return make_app(builder, srcdir=sphinx_path(source), freshenv=True)


def _record_while_writing(app: SphinxTestApp) -> list[tuple[object, int]]:
    seen: list[tuple[object, int]] = []
    app.connect('doctree-resolved', lambda app, doctree, docname: seen.append(
        (gc.get_threshold(), gc.get_freeze_count())))
    return seen


def test_in_force_while_writing_and_undone(make_app: MakeApp,
                                           tmp_path: Path) -> None:
    before = gc.get_threshold()
    app = _app(make_app, tmp_path)
    seen = _record_while_writing(app)
    app.build()
    assert app.statuscode == 0
    assert len(seen) == 1
    thresholds, frozen = seen[0]
    assert thresholds == BUILD_THRESHOLDS
    assert frozen > 0
    assert gc.get_threshold() == before
    assert gc.get_freeze_count() == 0


def test_undone_after_a_failed_build(make_app: MakeApp,
                                     tmp_path: Path) -> None:
    before = gc.get_threshold()
    app = _app(make_app, tmp_path)

    def fail(app: SphinxTestApp, doctree: object, docname: str) -> None:
        raise RuntimeError('a failing extension')

    app.connect('doctree-resolved', fail)
    with pytest.raises(Exception, match='a failing extension'):
        app.build()
    assert gc.get_threshold() == before
    assert gc.get_freeze_count() == 0


def test_off_on_request(make_app: MakeApp, tmp_path: Path) -> None:
    before = gc.get_threshold()
    app = _app(make_app, tmp_path, conf='linuxdoc_gc_policy = False\n')
    seen = _record_while_writing(app)
    app.build()
    assert seen == [(before, 0)]


#: conf.py's own extension: how many of the doctrees read are still
#: alive once the environment is frozen, written to ``alive.txt``.
WATCH_DOCTREES = """
import weakref
from pathlib import Path

def setup(app):
    read = []

    def count(app, env):
        alive = sum(ref() is not None for ref in read)
        found = Path(__file__).with_name('alive.txt')
        found.write_text(f'{len(read)} {alive}')

    app.connect('doctree-read', lambda app, doctree: read.append(
        weakref.ref(doctree)))
    app.connect('env-updated', count, priority=1000)
"""


def test_linuxpdf_frees_the_read_doctrees_before_freezing(
        tmp_path: Path) -> None:
    """linuxpdf does not keep the doctrees read for its writers; they
    are freed before the environment is frozen, or they would stay in
    memory to the end of the build (issue 34, item 4).  A build of its
    own: a process that ran other builds holds other references."""
    source = tmp_path / 'source'
    source.mkdir()
    (source / 'conf.py').write_text(
        "extensions = ['linuxdoc_builders']\n" + WATCH_DOCTREES)
    (source / 'index.rst').write_text(
        'Title\n=====\n\n.. toctree::\n\n   a\n   b\n   c\n')
    for name in 'abc':
        (source / f'{name}.rst').write_text(f'{name}\n=\n\nText.\n')
    result = sphinx_build('-b', 'linuxpdf', source, tmp_path / 'out',
                          cwd=tmp_path)
    assert result.returncode == 0, result.stderr
    read, alive = map(int, (source / 'alive.txt').read_text().split())
    # Sphinx 5.3 and 8.1 keep the last document read in their docutils
    # publisher; none of the others stays
    assert read == 4
    assert alive <= 1
