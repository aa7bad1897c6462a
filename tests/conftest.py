# SPDX-License-Identifier: GPL-2.0-only
"""Sphinx's own test fixtures, our test roots, and the golden switch."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest
import sphinx

pytest_plugins = ('sphinx.testing.fixtures',)

ROOTS = Path(__file__).parent / 'roots'


def pytest_addoption(parser: pytest.Parser) -> None:
    parser.addoption('--update-goldens', action='store_true',
                     help='rewrite golden files from the current output '
                          '(look at the rendered result before committing)')


@pytest.fixture(scope='session')
def rootdir() -> Any:
    if sphinx.version_info < (7, 3):
        # Sphinx 7.2's fixtures copy roots with its own path class.
        from sphinx.testing.path import path
        return path(str(ROOTS))
    return ROOTS


@pytest.fixture
def update_goldens(request: pytest.FixtureRequest) -> bool:
    return bool(request.config.getoption('--update-goldens'))
