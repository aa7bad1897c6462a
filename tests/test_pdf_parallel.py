# SPDX-License-Identifier: GPL-2.0-only
"""linuxpdf with ``-j``: each book in a worker process of its own.

The same books come out byte for byte (invariant mode) with the same
messages as a serial build; a book that cannot be written fails the
build, naming it, and the other books are still written.
"""

from __future__ import annotations

from pathlib import Path

from tools import sphinx_build

ROOTS = Path(__file__).parent / 'roots'


def _warnings(stderr: str) -> list[str]:
    return sorted(line for line in stderr.splitlines() if 'WARNING' in line)


def test_books_written_in_parallel_are_the_same(tmp_path: Path) -> None:
    serial = sphinx_build('-E', '-b', 'linuxpdf', ROOTS / 'test-books',
                          tmp_path / 'serial', cwd=tmp_path)
    parallel = sphinx_build('-E', '-j', '2', '-b', 'linuxpdf',
                            ROOTS / 'test-books', tmp_path / 'parallel',
                            cwd=tmp_path)
    assert serial.returncode == parallel.returncode == 0, parallel.stderr
    assert _warnings(parallel.stderr) == _warnings(serial.stderr)
    names = sorted(p.name for p in (tmp_path / 'serial').glob('*.pdf'))
    assert names == ['alpha.pdf', 'beta.pdf', 'gamma.pdf']
    for name in names:
        assert ((tmp_path / 'parallel' / name).read_bytes()
                == (tmp_path / 'serial' / name).read_bytes()), name


def test_a_failed_book_fails_the_build_and_the_others_are_written(
        tmp_path: Path) -> None:
    source = tmp_path / 'source'
    source.mkdir()
    (source / 'conf.py').write_text(
        "project = 'two books'\n"
        "extensions = ['linuxdoc_builders']\n"
        "pdf_documents = [('good/index', 'good', 'Good', 'me'),\n"
        "                 ('bad/index', 'bad', 'Bad', 'me')]\n")
    (source / 'index.rst').write_text(
        'Books\n=====\n\n.. toctree::\n\n   good/index\n   bad/index\n')
    for name, body in (('good', 'A book that is fine.\n'),
                       ('bad', '.. raw:: pdf\n\n   Spacer 0 abc\n')):
        (source / name).mkdir()
        (source / name / 'index.rst').write_text(
            f'{name.title()} book\n=========\n\n{body}')
    result = sphinx_build('-E', '-j', '2', '-b', 'linuxpdf', source,
                          tmp_path / 'out', cwd=tmp_path)
    assert result.returncode == 1, result.stderr
    assert 'ERROR: could not write bad.pdf' in result.stderr
    assert 'good.pdf' not in result.stderr.split('ERROR', 1)[1]
    assert (tmp_path / 'out' / 'good.pdf').stat().st_size > 0
    assert not (tmp_path / 'out' / 'bad.pdf').exists()
