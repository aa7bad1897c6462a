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
from pathlib import Path

PACKAGE = 'linux-source-6.12'
TARBALL = Path('/usr/src') / f'{PACKAGE}.tar.xz'
#: What the tests read: the docs, the scripts the doc build runs, and the
#: uapi headers the media docs include.
MEMBERS = ('Documentation/', 'scripts/', 'include/')


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
    """The extracted tree; extracted once per tarball version."""
    tarball = ensure_package()
    stamp = f'{tarball.stat().st_size}-{int(tarball.stat().st_mtime)}'
    root = cache_dir() / PACKAGE
    done = root / '.extracted'
    if done.exists() and done.read_text() == stamp:
        return root / PACKAGE
    if root.exists():
        shutil.rmtree(root)
    root.mkdir(parents=True)
    subprocess.run(['tar', '-xJf', str(tarball), '-C', str(root),
                    '--wildcards', *(f'{PACKAGE}/{m}*' for m in MEMBERS)],
                   check=True)
    done.write_text(stamp)
    return root / PACKAGE
