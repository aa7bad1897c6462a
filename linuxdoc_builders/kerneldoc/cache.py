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
"""

from __future__ import annotations

import contextlib
import hashlib
import os
import pickle
import tempfile
from pathlib import Path

from .model import MODEL_VERSION, ParsedFile
from .parser import parse

_Key = tuple[str, int, int]
_MEMORY: dict[str, tuple[_Key, ParsedFile]] = {}


def _key(path: Path) -> _Key:
    stat = path.stat()
    return (str(path), stat.st_mtime_ns, stat.st_size)


def parsed_file(path: Path, cache_dir: Path | None = None) -> ParsedFile:
    """The parse of ``path`` (resolved), from a cache when still valid.

    Raises :class:`OSError` when the file cannot be read.
    """
    key = _key(path)
    held = _MEMORY.get(key[0])
    if held is not None and held[0] == key:
        return held[1]
    entry = None
    if cache_dir is not None:
        digest = hashlib.sha256(key[0].encode('utf-8', 'surrogateescape'))
        entry = cache_dir / f'{digest.hexdigest()[:32]}.pickle'
        parsed = _load(entry, key)
        if parsed is not None:
            _MEMORY[key[0]] = (key, parsed)
            return parsed
    parsed = parse(path.read_bytes())
    _MEMORY[key[0]] = (key, parsed)
    if entry is not None:
        _store(entry, key, parsed)
    return parsed


def _load(entry: Path, key: _Key) -> ParsedFile | None:
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
