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


def _env() -> dict[str, str]:
    env = {k: v for k, v in os.environ.items() if not k.startswith(("JAX_", "XLA_"))}
    env.update(PYTHONPATH=str(REPO), JAX_PLATFORMS="cpu")
    return env


@cache
def results(version: str) -> dict[tuple[str, str], dict[str, object]]:
    done = subprocess.run(
        [str(interpreter(version)), "-m", "tests.claims"],
        cwd=REPO,
        env=_env(),
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


def test_every_api_name_and_alias_exists_in_a_pinned_jax() -> None:
    """A doc's name exists in the newest JAX; each alias in at least one pinned version (an
    old name such as VJPHiPrimitive in jax 0.10 only)."""
    existing: dict[str, set[str]] = {}
    newest = max(ENVIRONMENTS, key=lambda v: tuple(int(p) for p in v.split(".")))
    for version in ENVIRONMENTS:
        done = subprocess.run(
            [str(interpreter(version)), "-m", "tests.claims", "--names"],
            cwd=REPO,
            env=_env(),
            capture_output=True,
            text=True,
            check=True,
        )
        for stem, names in json.loads(done.stdout).items():
            existing.setdefault(stem, set()).update(names)
            if version == newest:
                doc = json.loads((REPO / "data" / "api" / f"{stem}.json").read_text())
                assert doc["name"] in names, f"{doc['name']} does not exist in jax {version}"
    for stem, names in existing.items():
        doc = json.loads((REPO / "data" / "api" / f"{stem}.json").read_text())
        missing = sorted({doc["name"], *doc.get("aliases", [])} - names)
        assert missing == [], f"{stem}: no pinned JAX has {missing}"
