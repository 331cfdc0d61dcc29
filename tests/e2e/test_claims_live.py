"""Every claim of the API docs and records, checked with real JAX under each pinned version.

One process per JAX version runs all the checks (``python -m tests.claims``, see
tests/claims.py); select these tests with ``-m jax``.
"""

from __future__ import annotations

import json
import os
import subprocess

import pytest

from tests.claims import REPO, claim_files, declared
from tests.e2e.support import ENVIRONMENTS, interpreter

pytestmark = pytest.mark.jax


def _env() -> dict[str, str]:
    env = {k: v for k, v in os.environ.items() if not k.startswith(("JAX_", "XLA_"))}
    env.update(PYTHONPATH=str(REPO), JAX_PLATFORMS="cpu")
    return env


# One test per JAX version, so that each version's checks run in one process even when the
# tests are spread over xdist workers; a failure lists every claim that does not hold.
@pytest.mark.parametrize("version", sorted(ENVIRONMENTS))
def test_every_claim_holds(version: str) -> None:
    expected = {
        (found.file, found.name): found
        for path in claim_files()
        for found in declared(path)
        if found.applies_to(version)
    }
    done = subprocess.run(
        [str(interpreter(version)), "-m", "tests.claims"],
        cwd=REPO,
        env=_env(),
        capture_output=True,
        text=True,
        check=False,
    )
    ran = {}
    for line in done.stdout.splitlines():
        result = json.loads(line)
        ran[str(result["file"]), str(result["name"])] = result
    assert ran, done.stderr[-3000:]
    failures = [
        f"{file}::{name}: {result['quote']!r}\n{result['detail']}"
        for (file, name), result in sorted(ran.items())
        if result["status"] == "fail"
    ]
    assert failures == [], f"{len(failures)} claims fail under jax {version}:\n" + "\n".join(
        failures
    )
    passed = {key for key, result in ran.items() if result["status"] == "pass"}
    assert sorted(set(expected) - passed) == [], "claims that did not run"


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


@pytest.mark.parametrize("version", sorted(ENVIRONMENTS))
def test_signatures_name_real_parameters(version: str) -> None:
    """A doc's signature names only parameters its JAX has: in the newest version all of them,
    in an older one all but those its version note names as new."""
    newest = max(ENVIRONMENTS, key=lambda v: tuple(int(p) for p in v.split(".")))
    done = subprocess.run(
        [str(interpreter(version)), "-m", "tests.claims", "--signatures"],
        cwd=REPO,
        env=_env(),
        capture_output=True,
        text=True,
        check=True,
    )
    for stem, missing in json.loads(done.stdout).items():
        doc = json.loads((REPO / "data" / "api" / f"{stem}.json").read_text())
        notes = f"{doc.get('since') or ''} {doc.get('versionNotes') or ''}"
        if version == newest:
            assert missing == [], f"{stem}: jax {version} has no parameter {missing}"
        else:
            unnoted = [name for name in missing if name not in notes]
            assert unnoted == [], f"{stem}: jax {version} lacks {unnoted}, and no note says so"
