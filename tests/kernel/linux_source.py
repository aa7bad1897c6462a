# SPDX-License-Identifier: GPL-2.0-only
"""Debian's ``linux-source-6.12``, extracted into a cache outside the repo.

No kernel text is ever committed: tests and benchmarks that need the real
kernel tree take it from the Debian package at run time, installing the
package when it is missing (as root, the way CI runs).
"""

from __future__ import annotations

import os
import shutil
import subprocess
from collections.abc import Sequence
from pathlib import Path

PACKAGE = 'linux-source-6.12'
TARBALL = Path('/usr/src') / f'{PACKAGE}.tar.xz'
#: What the tests read: the docs, the scripts the doc build runs, the
#: uapi headers the media docs include, and the sources whose kernel-doc
#: comments Documentation/gpu and the media docs pull in.
MEMBERS = ('Documentation/', 'scripts/', 'include/', 'drivers/gpu/',
           'drivers/pci/', 'drivers/platform/', 'drivers/video/',
           'drivers/staging/media/ipu3/')


def cache_dir() -> Path:
    base = os.environ.get('XDG_CACHE_HOME') or Path.home() / '.cache'
    return Path(base) / 'linuxdoc-builders'


def ensure_package() -> Path:
    """The tarball, installing the Debian package first if it is missing."""
    if not TARBALL.exists():
        if shutil.which('apt-get') is None or os.geteuid() != 0:
            msg = (f'{TARBALL} is missing; install it with '
                   f'"apt-get install {PACKAGE}" (as root)')
            raise RuntimeError(msg)
        env = dict(os.environ, DEBIAN_FRONTEND='noninteractive')
        subprocess.run(['apt-get', 'update', '-q'], check=True, env=env)
        subprocess.run(['apt-get', 'install', '-y', '-q', PACKAGE],
                       check=True, env=env)
    return TARBALL


def kernel_tree() -> Path:
    """The extracted tree; extracted once per tarball version.

    Members added to :data:`MEMBERS` later are extracted into the existing
    tree (listed in ``.members``), so a tree another checkout is reading is
    never removed just because this one needs more of the tarball.
    """
    tarball = ensure_package()
    stamp = f'{tarball.stat().st_size}-{int(tarball.stat().st_mtime)}'
    root = cache_dir() / PACKAGE
    done = root / '.extracted'
    listed = root / '.members'
    if not (done.exists() and done.read_text() == stamp):
        if root.exists():
            shutil.rmtree(root)
        root.mkdir(parents=True)
        _extract(tarball, root, MEMBERS)
        done.write_text(stamp)
        listed.write_text('\n'.join(MEMBERS) + '\n')
    have = set(listed.read_text().split()) if listed.exists() else set()
    missing = [m for m in MEMBERS if m not in have]
    if missing:
        _extract(tarball, root, missing)
        listed.write_text('\n'.join(sorted(have | set(missing))) + '\n')
    return root / PACKAGE


def full_kernel_tree() -> Path:
    """The whole tree, extracted once per tarball version.

    kernel-doc directives reach into every corner of the sources
    (``fs/``, ``mm/``, ``net/``, ``kernel/``...), so comparing our parser
    with the kernel's script needs all of it, not :data:`MEMBERS`.  Kept
    apart from :func:`kernel_tree` so neither removes the other.
    """
    tarball = ensure_package()
    stamp = f'{tarball.stat().st_size}-{int(tarball.stat().st_mtime)}'
    root = cache_dir() / f'{PACKAGE}-full'
    done = root / '.extracted'
    if not (done.exists() and done.read_text() == stamp):
        if root.exists():
            shutil.rmtree(root)
        root.mkdir(parents=True)
        subprocess.run(['tar', '-xJf', str(tarball), '-C', str(root)],
                       check=True)
        done.write_text(stamp)
    return root / PACKAGE


def _extract(tarball: Path, root: Path, members: Sequence[str]) -> None:
    subprocess.run(['tar', '-xJf', str(tarball), '-C', str(root),
                    '--wildcards', *(f'{PACKAGE}/{m}*' for m in members)],
                   check=True)
