"""Fresh output of real JAX, piped through `jaxerr-ls check`: fixtures that cannot go stale.

Each JAX version's environment runs programs of the fixture project, copied to a new folder as
a user's checkout would be, and the tool must place each error on the line its marker names.
"""

from __future__ import annotations

import json
import os
import re
import shutil
import subprocess
import sys
from pathlib import Path

import pytest

from tests import forkrun
from tests.e2e.support import ENVIRONMENTS, PROJECT, expected_codes, interpreter

# ``CODE jax0.10.2=X jax0.4.38=Y``: groups 2-3 are the first override, further ones are skipped
# (the 0.10.2 override, the only version run here that has them, comes first on each line).
PROGRAMS = ["custom_vjp_bwd_shape", "hijax_vjp_bwd_return", "vjp_ref_grad_missing", "reraise_from"]


@pytest.fixture(scope="module")
def checkout(tmp_path_factory: pytest.TempPathFactory) -> Path:
    target = tmp_path_factory.mktemp("checkout") / "project"
    shutil.copytree(PROJECT, target)
    return target


def check(output: str, root: Path) -> list[dict[str, object]]:
    result = subprocess.run(
        [sys.executable, "-m", "jaxerr_ls", "check", "--format", "json", "--root", str(root), "-"],
        input=output,
        capture_output=True,
        text=True,
        check=False,
    )
    assert result.returncode == 1, result.stderr
    findings: list[dict[str, object]] = json.loads(result.stdout)
    return findings


def run_jax(python: Path, args: list[str], cwd: Path) -> str:
    env = {
        "PATH": os.environ.get("PATH", ""),
        "JAX_PLATFORMS": "cpu",
        "PYTHONPATH": str(cwd),
        "HOME": os.environ.get("HOME", "/tmp"),
        **forkrun.COMPILATION_CACHE,
    }
    result = subprocess.run(
        [str(python), *args], cwd=cwd, env=env, capture_output=True, text=True, check=False
    )
    assert result.returncode != 0, "the program was meant to fail"
    return result.stdout + result.stderr


@pytest.mark.parametrize("version", sorted(ENVIRONMENTS))
@pytest.mark.parametrize("program", PROGRAMS)
def test_a_script_error_lands_on_its_marked_line(
    checkout: Path, version: str, program: str
) -> None:
    python = interpreter(version)
    output = run_jax(python, [f"scripts/{program}.py"], checkout)
    [finding] = check(output, checkout)
    path = checkout / str(finding["file"])
    codes = expected_codes(path, version)
    assert finding["line"] in codes, f"{finding['file']}:{finding['line']} has no marker"
    assert finding["code"] == codes[finding["line"]]  # type: ignore[index]


# The traceback style and the JAX version change different parts of the output, so each style
# runs once and the default one under each version (four runs, not six);
# tests/core/test_check_logs.py reads the captured runs of every style under every version.
def _release(version: str) -> tuple[int, ...]:
    return tuple(int(part) for part in version.split("."))


PYTEST_RUNS = [
    *(("auto", version) for version in sorted(ENVIRONMENTS)),
    ("short", min(ENVIRONMENTS, key=_release)),
    ("native", max(ENVIRONMENTS, key=_release)),
]


@pytest.mark.parametrize(("tb", "version"), PYTEST_RUNS)
def test_a_pytest_run_reports_every_failing_test(checkout: Path, version: str, tb: str) -> None:
    python = interpreter(version)
    output = run_jax(
        python,
        ["-m", "pytest", "-p", "no:cacheprovider", f"--tb={tb}", "tests/test_ops.py"],
        checkout,
    )
    failed = set(re.findall(r"^FAILED (\S+)", output, flags=re.MULTILINE))
    findings = check(output, checkout)
    assert {f["test_id"] for f in findings} == failed
    for finding in findings:
        codes = expected_codes(checkout / str(finding["file"]), version)
        assert codes.get(finding["line"]) == finding["code"], finding  # type: ignore[call-overload]
