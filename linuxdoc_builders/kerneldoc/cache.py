# SPDX-License-Identifier: GPL-2.0-only
"""Each source file parsed once per build, shared by ``-j`` workers.

A kernel header is often named by dozens of directives (the gpu docs
name ``drm_*.h`` files again and again), and the kernel's own extension
parses it again for each.  Here a parse is kept twice:

- in this process, for the directives of every document it reads;
- on disk, under the build's doctree directory, for the other ``-j``
  workers (forked before any document is read, so they share nothing
  else) and for the next incremental build.

Both are keyed by the file's resolved path, modification time and size,
so an edited file is parsed again and a stale entry is never used.  The
disk entries are pickles, like Sphinx's own environment next to them,
written to a temporary name and renamed, so a worker never reads one
half written; an unreadable entry is simply parsed again.

The disk's modules (and :mod:`pathlib`) are imported only by a build
that keeps a disk cache: the command line, one process per file, starts
without them.
"""

from __future__ import annotations

import os

from .model import MODEL_VERSION, ParsedFile
from .parser import parse

TYPE_CHECKING = False
if TYPE_CHECKING:
    from pathlib import Path

_Key = tuple[str, int, int]
_MEMORY: dict[str, tuple[_Key, ParsedFile]] = {}


def _key(path: str) -> _Key:
    stat = os.stat(path)
    return (path, stat.st_mtime_ns, stat.st_size)


def parsed_file(path: str | os.PathLike[str], cache_dir: Path | None = None
                ) -> ParsedFile:
    """The parse of ``path`` (resolved), from a cache when still valid.

    Raises :class:`OSError` when the file cannot be read.
    """
    key = _key(os.fspath(path))
    held = _MEMORY.get(key[0])
    if held is not None and held[0] == key:
        return held[1]
    entry = None
    if cache_dir is not None:
        import hashlib
        digest = hashlib.sha256(key[0].encode('utf-8', 'surrogateescape'))
        entry = cache_dir / f'{digest.hexdigest()[:32]}.pickle'
        parsed = _load(entry, key)
        if parsed is not None:
            _MEMORY[key[0]] = (key, parsed)
            return parsed
    with open(key[0], 'rb') as source:
        parsed = parse(source.read())
    _MEMORY[key[0]] = (key, parsed)
    if entry is not None:
        _store(entry, key, parsed)
    return parsed


def _load(entry: Path, key: _Key) -> ParsedFile | None:
    import pickle
    try:
        with entry.open('rb') as stream:
            version, stored_key, parsed = pickle.load(stream)
    except (OSError, EOFError, pickle.UnpicklingError, ValueError,
            TypeError, AttributeError, ImportError):
        return None
    if version != MODEL_VERSION or tuple(stored_key) != key:
        return None
    if not isinstance(parsed, ParsedFile):
        return None
    return parsed


def _store(entry: Path, key: _Key, parsed: ParsedFile) -> None:
    """Write atomically; a cache that cannot be written is no error."""
    import contextlib
    import pickle
    import tempfile
    with contextlib.suppress(OSError):
        entry.parent.mkdir(parents=True, exist_ok=True)
        fd, tmp = tempfile.mkstemp(dir=entry.parent, suffix='.tmp')
        try:
            with os.fdopen(fd, 'wb') as stream:
                pickle.dump((MODEL_VERSION, key, parsed), stream,
                            protocol=pickle.HIGHEST_PROTOCOL)
            os.replace(tmp, entry)
        except OSError:
            os.unlink(tmp)
            raise


def clear_memory() -> None:
    """Forget this process's parses (tests and benchmarks: a cold run)."""
    _MEMORY.clear()
