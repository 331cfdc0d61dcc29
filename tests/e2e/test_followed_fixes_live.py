"""Fixes that follow a value to where it is made, against real JAX: each program of
tests/fixtures/transforms/fix9_* that gets a fix (tests/core/test_fix_followed.py) has its
preferred fix applied to a copy, then runs to its end under jax 0.12.0.1, whose captured
output the fix was computed from (jax 0.10.2 lacks ``with_refs`` and raises other errors)."""

from __future__ import annotations

import shutil
from pathlib import Path

import pytest

from jaxerr_ls.diagnose import Analyzer
from jaxerr_ls.fixes import finding_target, fixes_for
from jaxerr_ls.matching import RecordIndex
from jaxerr_ls.records import load_records
from jaxerr_ls.spans import apply_edits
from tests.e2e.support import interpreter
from tests.e2e.test_fixes_live import run

CASES = Path(__file__).resolve().parents[1] / "fixtures" / "transforms"
VERSION = "0.12.0.1"
PROGRAMS = [
    "fix9_jvp_ones_like_other",
    "fix9_jvp_tree_map_ones",
    "fix9_jvp_uniform_like_primal",
    "fix9_partial_keywords_attribute",
    "fix9_ref_buffer_dict_factory",
    "fix9_vjp_dataclass_registered_call",
]


def _read(path: Path) -> str | None:
    return path.read_text() if path.is_file() else None


@pytest.mark.parametrize("program", PROGRAMS)
def test_the_preferred_fix_makes_the_program_run(tmp_path: Path, program: str) -> None:
    python = interpreter(VERSION)
    root = Path(shutil.copytree(CASES / program, tmp_path / program))
    log = (CASES / program / "logs" / f"{VERSION}.log").read_text()
    analyzer = Analyzer(RecordIndex(load_records().records), root, cwd=root)
    [finding] = [f for f in analyzer.analyze_lines(log.splitlines(True)) if f.match]
    target = finding_target(finding)
    assert target is not None
    offered = fixes_for(target, _read)
    fix = next((f for f in offered if f.preferred), offered[0])
    for path in {edit.path for edit in fix.edits}:
        path.write_text(apply_edits(path.read_text(), [e for e in fix.edits if e.path == path]))
    done = run(python, ["-m", "main"], root)
    assert done.returncode == 0, f"{fix.title}\n{done.stderr[-2000:]}"
