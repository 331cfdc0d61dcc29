"""Custom rule and hijax fixes against real JAX: each program of tests/fixtures/rule_fixes runs,
its real output is analysed, the preferred fix is applied to a copy, and the fixed program must
run to its end (and be the fix the core tests expect, expected/<program>.diff)."""

from __future__ import annotations

import shutil
import subprocess
from pathlib import Path

import pytest

from jaxerr_ls.catalog import Catalog
from jaxerr_ls.diagnose import Analyzer
from jaxerr_ls.fixes import finding_target, fixes_for
from jaxerr_ls.spans import apply_edits
from tests import forkrun
from tests.core.test_rule_fixes import as_diff
from tests.e2e.support import interpreter
from tests.fixtures.rule_fixes.capture import invocation

HERE = Path(__file__).resolve().parents[1] / "fixtures" / "rule_fixes"
PROGRAMS = sorted(p.stem for p in HERE.glob("*.py") if p.name != "capture.py")


def run(program: Path, python: Path) -> subprocess.CompletedProcess[str]:
    """The program run as capture.py runs it, by a child of a process that imported JAX."""
    argv, cwd, env = invocation(program)
    env = {**env, **forkrun.COMPILATION_CACHE}
    return forkrun.run(python, argv, cwd, env, timeout=300, separate=True)


@pytest.mark.parametrize("name", PROGRAMS)
def test_the_offered_fix_makes_the_program_run(tmp_path: Path, name: str) -> None:
    python = interpreter("0.12.0.1")
    root = tmp_path / "rule_fixes"
    shutil.copytree(HERE, root, ignore=shutil.ignore_patterns("expected", "logs", "__pycache__"))
    program = root / f"{name}.py"
    failed = run(program, python)
    assert failed.returncode != 0
    catalog = Catalog.load(generated=None)
    analyzer = Analyzer(catalog, root, cwd=root)
    output = (failed.stdout + failed.stderr).splitlines()
    [finding] = [f for f in analyzer.analyze_lines(output, "run") if f.severity == "error"]
    target = finding_target(finding)
    assert target is not None
    offered = fixes_for(target, lambda p: p.read_text() if p.is_file() else None)
    fix = next((f for f in offered if f.preferred), offered[0])
    fixed = apply_edits(program.read_text(), [e for e in fix.edits if e.path == program])
    assert as_diff(program, fixed) == (HERE / "expected" / f"{name}.diff").read_text()
    program.write_text(fixed)
    done = run(program, python)
    assert done.returncode == 0, done.stderr[-2000:]


# A hook's statistic, or a mapping of logs, returned as a dict of logs: jax 0.10.2's
# ``VJPHiPrimitive`` takes no logs (it asserts that ``vjp_bwd`` returns None), so those fixes
# are for the jax that raises the error.
_LOGS_ONLY = ("hijax_hook_", "hijax_logs_")


@pytest.mark.parametrize(
    "name", [p for p in PROGRAMS if p.startswith("hijax_") and not p.startswith(_LOGS_ONLY)]
)
def test_the_hijax_fixes_run_under_jax_0_10_too(tmp_path: Path, name: str) -> None:
    """jax 0.10.2 fails otherwise on these programs (an AssertionError no record explains), but
    its ``VJPHiPrimitive`` takes the accumulating ``vjp_bwd`` the fix writes."""
    python = interpreter("0.10.2")
    root = tmp_path / "rule_fixes"
    shutil.copytree(HERE, root, ignore=shutil.ignore_patterns("expected", "__pycache__"))
    program = root / f"{name}.py"
    catalog = Catalog.load(generated=None)
    log = (root / "logs" / f"{name}.log").read_text().splitlines()
    [finding] = [
        f
        for f in Analyzer(catalog, root, cwd=root).analyze_lines(log, "run")
        if f.severity == "error"
    ]
    target = finding_target(finding)
    assert target is not None
    offered = fixes_for(target, lambda p: p.read_text() if p.is_file() else None)
    for fix in offered:
        original = program.read_text()
        program.write_text(apply_edits(original, [e for e in fix.edits if e.path == program]))
        done = run(program, python)
        assert done.returncode == 0, (fix.title, done.stderr[-2000:])
        program.write_text(original)
