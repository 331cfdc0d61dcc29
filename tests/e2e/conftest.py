"""Fixtures the end-to-end tests share."""

from __future__ import annotations

import shutil
from pathlib import Path

import pytest

from tests.e2e.support import PROJECT


@pytest.fixture
def project(tmp_path: Path) -> Path:
    """A fresh copy of the failing fixture project, as a user's checkout at another path."""
    root = tmp_path / "project"
    shutil.copytree(PROJECT, root)
    return root.resolve()
