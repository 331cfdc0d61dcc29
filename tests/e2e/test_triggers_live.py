"""Each curated record's trigger run for real: its error found and placed, and fixed by the
record's exampleFix.

Under jax 0.12.0.1 (the dev set-up's main environment): every trigger script is run as
``python scripts/NAME.py``, every trigger's pytest test in one pytest session, and each output
is analysed with the curated records; then the record's exampleFix is applied to a copy of the
project and the script must run to completion. (The captured runs of both JAX versions, in
every traceback style, are checked by tests/core/test_check_logs.py.)
"""

from __future__ import annotations

import re
from functools import cache
from pathlib import Path

import pytest

from jaxerr_ls.diagnose import Finding
from jaxerr_ls.records import Record
from tests.e2e.support import interpreter
from tests.triggers import (
    MAIN_VERSION,
    PROJECT,
    analyze,
    apply_example_fix,
    copy_project,
    curated,
    record_triggers,
    run_pytest,
    run_script,
)

# Records proven by a lint trigger alone (tests/fixtures/lint: a hijax class that only a
# traceback with JAX's frames can name) are run live by tests/e2e/test_lint_live.py.
RECORDS = sorted((r for r in curated() if record_triggers(r.code)), key=lambda r: r.code)


def placed_on_its_marker(finding: Finding, code: str) -> bool:
    if finding.span is None or finding.code != code:
        return False
    line = finding.span.path.read_text().splitlines()[finding.span.line - 1]
    return re.search(rf"#\s*jaxerr-expect:\s*{re.escape(code)}\b", line) is not None


@pytest.mark.parametrize("record", RECORDS, ids=lambda r: r.code)
def test_the_trigger_script_raises_its_record(record: Record) -> None:
    python = interpreter(MAIN_VERSION)
    [trigger, *_] = record_triggers(record.code)
    proc = run_script(python, PROJECT, trigger.name, forked=True)
    assert proc.returncode != 0
    findings = analyze(proc.stdout, PROJECT)
    assert [f.code for f in findings] == [record.code], proc.stdout[-2000:]
    assert placed_on_its_marker(findings[0], record.code)


@cache
def pytest_session_output(python: Path) -> str:
    """One pytest run of every trigger's test (a test suite's failures, one report)."""
    nodes = sorted({t.node for r in RECORDS for t in record_triggers(r.code)})
    return run_pytest(python, PROJECT, *nodes, timeout=900).stdout


def test_every_trigger_test_fails_with_its_record_under_pytest() -> None:
    python = interpreter(MAIN_VERSION)
    findings = analyze(pytest_session_output(python), PROJECT)
    found = {f.code for f in findings if placed_on_its_marker(f, f.code)}
    missing = [r.code for r in RECORDS if r.code not in found]
    assert missing == []


@pytest.mark.parametrize("record", RECORDS, ids=lambda r: r.code)
def test_the_example_fix_makes_the_error_go_away(record: Record, tmp_path: Path) -> None:
    python = interpreter(MAIN_VERSION)
    assert record.example_fix
    [trigger, *_] = record_triggers(record.code)
    project = copy_project(tmp_path / "project")
    apply_example_fix(project, trigger.name, record.example_fix)
    proc = run_script(python, project, trigger.name, forked=True)
    assert proc.returncode == 0, proc.stdout[-3000:]
    assert analyze(proc.stdout, project) == []
