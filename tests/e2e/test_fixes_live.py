"""Quick fixes against real JAX: run a failing program, fix it as offered, run it again.

The fixture project is copied to a new folder for each fix; its program runs under each JAX
version, its real output is analysed, each offered fix is applied to the copy, and the program
must then run to its end: the error is gone and what follows the fixed line works too.
"""

from __future__ import annotations

import os
import shutil
import subprocess
from pathlib import Path

import pytest

from jaxerr_ls.diagnose import Analyzer, Finding
from jaxerr_ls.fixes import Fix, finding_target, fixes_for
from jaxerr_ls.matching import RecordIndex
from jaxerr_ls.records import load_records
from jaxerr_ls.spans import apply_edits
from tests import forkrun
from tests.e2e.support import ENVIRONMENTS, PROJECT, interpreter

PYTEST = ["-m", "pytest", "-p", "no:cacheprovider"]
# (how the program runs, the error its output must report) per JAX version; None where that
# version fails differently (manifest.json "version_differences": hijax's vjp_bwd contract and
# Ref gradients are newer than 0.10.2, which fails with errors no record explains).
PROGRAMS: dict[str, tuple[list[str], dict[str, str | None]]] = {
    "script-custom_vjp_bwd_shape": (
        ["scripts/custom_vjp_bwd_shape.py"],
        {"0.12.0.1": "custom-vjp-bwd-args-mismatch", "0.10.2": "custom-vjp-bwd-args-mismatch"},
    ),
    "script-custom_vjp3_bwd_shape": (
        ["scripts/custom_vjp3_bwd_shape.py"],
        {"0.12.0.1": "custom-vjp-bwd-output-type", "0.10.2": "custom-vjp-bwd-args-mismatch"},
    ),
    "script-hijax_vjp_bwd_return": (
        ["scripts/hijax_vjp_bwd_return.py"],
        {"0.12.0.1": "hijax-vjp-bwd-return", "0.10.2": None},
    ),
    "script-vjp_ref_grad_missing": (
        ["scripts/vjp_ref_grad_missing.py"],
        {"0.12.0.1": "vjp-ref-grad-missing", "0.10.2": None},
    ),
    # The pytest variants unpack differently (`_, x_ct = f_vjp(...)`) and run as tests.
    "pytest-test_clipped_relu_grad_vjp3": (
        [
            "-m",
            "pytest",
            "-p",
            "no:cacheprovider",
            "tests/test_ops.py::test_clipped_relu_grad_vjp3",
        ],
        {"0.12.0.1": "custom-vjp-bwd-output-type", "0.10.2": "custom-vjp-bwd-args-mismatch"},
    ),
    "pytest-test_scaled_tanh_grad": (
        [*PYTEST, "tests/test_ops.py::test_scaled_tanh_grad"],
        {"0.12.0.1": "hijax-vjp-bwd-return", "0.10.2": None},
    ),
    "pytest-test_scale_in_place_vjp": (
        [*PYTEST, "tests/test_ops.py::test_scale_in_place_vjp"],
        {"0.12.0.1": "vjp-ref-grad-missing", "0.10.2": None},
    ),
}

# After a script's fix, its results must be the true gradients: each check runs the fixed
# script (as `python SCRIPT` does: as __main__, from the project's root) and compares what it
# computed with JAX's own derivative of the same function. The check's run is the fixed
# program's run: a script that still fails fails it with the script's own traceback.
_CLIPPED_RELU = """
import runpy, jax, jax.numpy as jnp
ns = runpy.run_path("scripts/{script}.py", run_name="__main__")
x, y, w = ns["x"], ns["y"], ns["w"]
want = jax.grad(lambda w: jnp.mean((jnp.clip(x @ w, 0.0, 6.0) - y) ** 2))(w)
assert jnp.allclose(ns["g"], want), (ns["g"], want)
"""
CHECKS = {
    "script-custom_vjp_bwd_shape": _CLIPPED_RELU.format(script="custom_vjp_bwd_shape"),
    "script-custom_vjp3_bwd_shape": _CLIPPED_RELU.format(script="custom_vjp3_bwd_shape"),
    "script-hijax_vjp_bwd_return": """
import runpy, jax, jax.numpy as jnp
ns = runpy.run_path("scripts/hijax_vjp_bwd_return.py", run_name="__main__")
x, y, w = ns["x"], ns["y"], ns["w"]
want = jax.grad(lambda w: jnp.mean((2.0 * jnp.tanh(x @ w) - y) ** 2))(w)
assert jnp.allclose(ns["g"], want), (ns["g"], want)
""",
    "script-vjp_ref_grad_missing": """
import runpy, jax, jax.numpy as jnp
ns = runpy.run_path("scripts/vjp_ref_grad_missing.py", run_name="__main__")
x, w = ns["x"], ns["w_ref"][...]
assert jnp.allclose(ns["x_ct"], jnp.broadcast_to(w, x.shape)), ns["x_ct"]
w_ct = ns["w_ct"]
# The gradient-ref fix reads the gradient back; DontWant leaves a placeholder.
assert type(w_ct).__name__ == "DidntWant" or jnp.allclose(w_ct, x.sum(0)), w_ct
""",
}


def run(python: Path, args: list[str], cwd: Path) -> subprocess.CompletedProcess[str]:
    env = {
        "PATH": os.environ.get("PATH", ""),
        "JAX_PLATFORMS": "cpu",
        "PYTHONPATH": str(cwd),
        "HOME": os.environ.get("HOME", "/tmp"),
        **forkrun.COMPILATION_CACHE,
    }
    # A child of a process that imported JAX already (tests/forkrun.py), as a fresh one runs it.
    return forkrun.run(python, args, cwd, env, timeout=600, separate=True)


def findings(output: str, root: Path) -> list[Finding]:
    analyzer = Analyzer(RecordIndex(load_records().records), root, cwd=root)
    return list(analyzer.analyze_lines(output.splitlines(keepends=True)))


def read(path: Path) -> str | None:
    try:
        return path.read_text(encoding="utf-8")
    except OSError:
        return None


def offered(output: str, root: Path, code: str) -> list[Fix]:
    [finding] = [f for f in findings(output, root) if f.code == code]
    target = finding_target(finding)
    assert target is not None
    return fixes_for(target, read)


def apply(fix: Fix) -> None:
    for path in {edit.path for edit in fix.edits}:
        text = path.read_text(encoding="utf-8")
        edits = [edit for edit in fix.edits if edit.path == path]
        path.write_text(apply_edits(text, edits), encoding="utf-8")


@pytest.fixture
def checkout(tmp_path: Path) -> Path:
    target = tmp_path / "project"
    shutil.copytree(PROJECT, target)
    return target


def restore(checkout: Path, fix: Fix) -> None:
    for path in {edit.path for edit in fix.edits}:
        shutil.copyfile(PROJECT / Path(path).relative_to(checkout), path)


@pytest.mark.parametrize("version", sorted(ENVIRONMENTS))
@pytest.mark.parametrize("program", sorted(PROGRAMS))
def test_every_offered_fix_makes_the_program_pass(
    checkout: Path, version: str, program: str
) -> None:
    python = interpreter(version)
    args, codes = PROGRAMS[program]
    code = codes[version]
    before = run(python, args, checkout)
    assert before.returncode != 0, "the program was meant to fail"
    output = before.stdout + before.stderr
    if code is None:
        # This version fails in another way, which no record explains: no fix is offered.
        for finding in findings(output, checkout):
            target = finding_target(finding)
            assert target is None or fixes_for(target, read) == []
        return
    fixes = offered(output, checkout, code)
    assert fixes, f"no fix offered for {code}"
    assert sum(fix.preferred for fix in fixes) == 1
    for fix in fixes:
        apply(fix)
        after = run(python, ["-c", CHECKS[program]] if program in CHECKS else args, checkout)
        assert after.returncode == 0, f"{fix.title}:\n{after.stdout}\n{after.stderr}"
        assert not [f for f in findings(after.stdout + after.stderr, checkout) if f.code == code]
        restore(checkout, fix)
