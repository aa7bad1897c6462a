# SPDX-License-Identifier: GPL-2.0-only
"""The tox environment runs the Sphinx and docutils it is named for.

pip once replaced an environment's Sphinx with the newest to satisfy a
dependency, and the Debian 12 environment ran Sphinx 9 without a word.
tox.ini says in ``LINUXDOC_EXPECT`` what each environment must run
(``sphinx 5.3.0, docutils 0.19``: each a release or its start); the
newest environment, whose Sphinx is whatever is newest, its Python.
"""

from __future__ import annotations

import os
import platform

import docutils
import pytest
import sphinx


@pytest.mark.skipif('LINUXDOC_EXPECT' not in os.environ,
                    reason='outside tox: any Sphinx')
def test_the_environment_runs_what_it_is_named_for() -> None:
    running = {'sphinx': sphinx.__version__,
               'docutils': docutils.__version__,
               'python': platform.python_version()}
    for expected in os.environ['LINUXDOC_EXPECT'].split(','):
        name, version = expected.split()
        assert (running[name] == version
                or running[name].startswith(version + '.')), running
