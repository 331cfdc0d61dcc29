"""Tracing-error fixes against real JAX: each program of tests/fixtures/tracer_fixes runs, its
real output is analysed, the offered fix is applied to a copy (the fix the core tests expect,
expected/<program>.diff), and the fixed program must run to its end."""

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
from tests.core.test_tracer_fixes import PROGRAMS, fixed_diff
from tests.e2e.support import interpreter
from tests.fixtures.tracer_fixes.capture import invocation

HERE = Path(__file__).resolve().parents[1] / "fixtures" / "tracer_fixes"


def run(folder: Path, python: Path) -> subprocess.CompletedProcess[str]:
    """The program run as capture.py runs it, by a child of a process that imported JAX."""
    argv, cwd, env = invocation(folder)
    env = {**env, **forkrun.COMPILATION_CACHE}
    return forkrun.run(python, argv, cwd, env, timeout=300, separate=True)


@pytest.mark.parametrize("name", PROGRAMS)
def test_the_offered_fix_makes_the_program_run(tmp_path: Path, name: str) -> None:
    python = interpreter("0.12.0.1")
    root = tmp_path / name
    shutil.copytree(HERE / name, root, ignore=shutil.ignore_patterns("run.log", "__pycache__"))
    failed = run(root, python)
    assert failed.returncode != 0
    analyzer = Analyzer(Catalog.load(generated=None), root, cwd=root)
    output = (failed.stdout + failed.stderr).splitlines()
    [finding] = [f for f in analyzer.analyze_lines(output, "run") if f.severity == "error"]
    target = finding_target(finding)
    assert target is not None
    [fix] = fixes_for(target, lambda p: p.read_text() if p.is_file() else None)
    assert fixed_diff(fix) == (HERE / "expected" / f"{name}.diff").read_text()
    [path] = {edit.path for edit in fix.edits}
    path.write_text(apply_edits(path.read_text(), fix.edits))
    done = run(root, python)
    assert done.returncode == 0, done.stderr[-2000:]
