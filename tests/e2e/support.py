"""What the end-to-end tests share: the JAX environments, and the fixture project's markers."""

from __future__ import annotations

import os
import re
import subprocess
import sys
from functools import cache
from pathlib import Path

import pytest

REPO = Path(__file__).resolve().parents[2]
PROJECT = REPO / "tests" / "fixtures" / "project"
# The Pythons the tests run real JAX with, each pinned by scripts/dev-setup.
ENVIRONMENTS = {
    "0.12.0.1": Path(sys.executable),
    "0.10.2": REPO / ".venv-jax0.10" / "bin" / "python",
}
_EXPECT_RE = re.compile(r"#\s*jaxerr-expect:\s*([\w.-]+)((?:\s+jax[\d.]+=[\w.-]+)*)")
_OVERRIDE_RE = re.compile(r"jax([\d.]+)=([\w.-]+)")


@cache
def _jax_version(python: Path) -> str | None:
    """The JAX version ``python`` imports, None without one: asked once per test process, since
    importing JAX costs seconds of CPU and hundreds of live tests ask."""
    if not python.exists():
        return None
    probe = subprocess.run(
        [str(python), "-c", "import jax; print(jax.__version__)"],
        capture_output=True,
        text=True,
        check=False,
    )
    return probe.stdout.strip()


def interpreter(version: str) -> Path:
    """The Python with this JAX version; fails in CI and skips elsewhere when it is missing."""
    python = ENVIRONMENTS[version]
    if _jax_version(python) != version:
        message = f"no Python with jax {version} at {python} (run scripts/dev-setup)"
        if os.environ.get("CI"):
            pytest.fail(message)
        pytest.skip(message)
    return python


def expected_codes(path: Path, version: str) -> dict[int, str]:
    """1-based line -> the code its ``# jaxerr-expect:`` marker gives for this JAX version."""
    codes = {}
    for number, text in enumerate(path.read_text().splitlines(), start=1):
        found = _EXPECT_RE.search(text)
        if found:
            overrides = dict(_OVERRIDE_RE.findall(found[2]))
            codes[number] = overrides.get(version, found[1])
    return codes
