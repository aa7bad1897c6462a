# SPDX-License-Identifier: GPL-2.0-only
"""The garbage-collection policy is in force while the pages are written
and undone afterwards, also after a failed build, and off on request
(issue 32, item 4: ``linuxdoc_builders/gc_policy.py``)."""

from __future__ import annotations

import gc
from pathlib import Path

import pytest
from sphinx.application import Sphinx

from linuxdoc_builders.gc_policy import BUILD_THRESHOLDS


def _app(tmp_path: Path, conf: str) -> Sphinx:
    source = tmp_path / 'source'
    source.mkdir()
    (source / 'conf.py').write_text(
        "extensions = ['linuxdoc_builders']\n" + conf)
    (source / 'index.rst').write_text(
        'Title\n=====\n\n.. flat-table::\n\n   * - a\n     - b\n')
    return Sphinx(str(source), str(source), str(tmp_path / 'out'),
                  str(tmp_path / 'doctrees'), 'linuxhtml', status=None,
                  warning=None, freshenv=True)


def _record_while_writing(app: Sphinx) -> list[tuple[object, int]]:
    seen: list[tuple[object, int]] = []
    app.connect('doctree-resolved', lambda app, doctree, docname: seen.append(
        (gc.get_threshold(), gc.get_freeze_count())))
    return seen


def test_in_force_while_writing_and_undone(tmp_path: Path) -> None:
    before = gc.get_threshold()
    app = _app(tmp_path, '')
    seen = _record_while_writing(app)
    app.build()
    assert app.statuscode == 0
    assert len(seen) == 1
    thresholds, frozen = seen[0]
    assert thresholds == BUILD_THRESHOLDS
    assert frozen > 0
    assert gc.get_threshold() == before
    assert gc.get_freeze_count() == 0


def test_undone_after_a_failed_build(tmp_path: Path) -> None:
    before = gc.get_threshold()
    app = _app(tmp_path, '')

    def fail(app: Sphinx, doctree: object, docname: str) -> None:
        raise RuntimeError('a failing extension')

    app.connect('doctree-resolved', fail)
    with pytest.raises(Exception, match='a failing extension'):
        app.build()
    assert gc.get_threshold() == before
    assert gc.get_freeze_count() == 0


def test_off_on_request(tmp_path: Path) -> None:
    before = gc.get_threshold()
    app = _app(tmp_path, 'linuxdoc_gc_policy = False\n')
    seen = _record_while_writing(app)
    app.build()
    assert seen == [(before, 0)]


def test_linuxpdf_frees_the_read_doctrees_before_freezing(
        tmp_path: Path) -> None:
    """linuxpdf does not keep the doctrees read for its writers; they
    are freed before the environment is frozen, or they would stay in
    memory to the end of the build (issue 34, item 4)."""
    import weakref

    from docutils import nodes

    source = tmp_path / 'source'
    source.mkdir()
    (source / 'conf.py').write_text("extensions = ['linuxdoc_builders']\n")
    (source / 'index.rst').write_text('Title\n=====\n\nText.\n')
    app = Sphinx(str(source), str(source), str(tmp_path / 'out'),
                 str(tmp_path / 'doctrees'), 'linuxpdf', status=None,
                 warning=None, freshenv=True)
    read: list[weakref.ref[nodes.document]] = []
    alive: list[int] = []
    app.connect('doctree-read', lambda app, doctree: read.append(
        weakref.ref(doctree)))
    app.connect('env-updated', lambda app, env: alive.append(
        sum(ref() is not None for ref in read)), priority=1000)
    app.build()
    assert app.statuscode == 0
    assert read
    assert alive == [0]
