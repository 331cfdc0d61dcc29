"""`pytest --tb=no` leaves only the short summary, each message cut to the terminal's width and
ended with `...`: such a message gets only a record it can be the beginning of, or none.

Checked on real captures: the same project's tests under the same JAX, once with `--tb=no`
and once with full tracebacks, whose complete messages say which record is right.
"""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path
from typing import Any

import pytest

FIXTURES = Path(__file__).resolve().parents[1] / "fixtures"
PROJECT = FIXTURES / "project"
LOGS = FIXTURES / "logs"


def findings(log: Path) -> list[dict[str, Any]]:
    result = subprocess.run(
        [sys.executable, "-m", "jaxerr_ls", "check", "--format", "json", str(log)],
        cwd=PROJECT,
        capture_output=True,
        text=True,
        timeout=300,
        check=False,
    )
    assert result.returncode == 1, result.stderr
    found: list[dict[str, Any]] = json.loads(result.stdout)
    return found


def code(finding: dict[str, Any] | None) -> str | None:
    return None if finding is None or finding["record"] is None else finding["record"]["code"]


# (log with --tb=no, the least number of cut messages it must find the right record for)
CASES = [
    ("jax-0.12.0.1/pytest/tb-no-nocolor-q.log", 35),
    ("jax-0.12.0.1/pytest/tb-no-color-v.log", 40),
    ("jax-0.10.2/pytest/tb-no-nocolor-q.log", 33),
    ("jax-0.10.2/pytest/tb-no-color-v.log", 35),
]


@pytest.mark.parametrize(("name", "least_right"), CASES)
def test_cut_messages_get_the_right_record_or_none(name: str, least_right: int) -> None:
    log = LOGS / name
    full = {f["test_id"]: f for f in findings(log.parent / "tb-auto-nocolor-q.log")}
    cut = [f for f in findings(log) if f["message"].rstrip().endswith("...")]
    assert len(cut) >= 40
    right = 0
    for finding in cut:
        expected = code(full.get(finding["test_id"]))
        found = code(finding)
        assert found in (None, expected), (finding["test_id"], finding["message"], found)
        if found is not None:
            assert finding["record"]["stage"] == "prefix"
            right += 1
    print(f"{name}: {right} of {len(cut)} cut messages get their record, the others none")
    assert right >= least_right
