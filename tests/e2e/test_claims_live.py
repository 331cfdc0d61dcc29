"""Every claim of the API docs and records, checked with real JAX under each pinned version.

One process per JAX version runs all the checks (``python -m tests.claims``, see
tests/claims.py), and each claim is reported as its own test here.
"""

from __future__ import annotations

import json
import os
import subprocess
from functools import cache

import pytest

from tests.claims import REPO, Claim, claim_files, declared
from tests.e2e.support import ENVIRONMENTS, interpreter

pytestmark = pytest.mark.jax

CASES = [
    pytest.param(version, found, id=f"{version}-{found.file}::{found.name}")
    for version in sorted(ENVIRONMENTS)
    for path in claim_files()
    for found in declared(path)
    if found.applies_to(version)
]


@cache
def results(version: str) -> dict[tuple[str, str], dict[str, object]]:
    env = {k: v for k, v in os.environ.items() if not k.startswith(("JAX_", "XLA_"))}
    env.update(PYTHONPATH=str(REPO), JAX_PLATFORMS="cpu")
    done = subprocess.run(
        [str(interpreter(version)), "-m", "tests.claims"],
        cwd=REPO,
        env=env,
        capture_output=True,
        text=True,
        check=False,
    )
    found = {}
    for line in done.stdout.splitlines():
        result = json.loads(line)
        found[str(result["file"]), str(result["name"])] = result
    assert found, done.stderr[-3000:]
    return found


@pytest.mark.parametrize(("version", "found"), CASES)
def test_claim_holds(version: str, found: Claim) -> None:
    ran = results(version)
    broken = ran.get((found.file, "<import>"))
    assert broken is None, broken["detail"] if broken else ""
    result = ran.get((found.file, found.name))
    assert result is not None, f"{found.file}::{found.name} did not run under jax {version}"
    assert result["status"] == "pass", f"{found.quote!r}\n{result['detail']}"
