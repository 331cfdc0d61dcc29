"""Every curated record has a trigger: a program of the fixture project that really raises it.

The captured real runs (tests/fixtures/logs, by tests/fixtures/capture_jax.py) must show each
trigger's script and its pytest test ending on a line marked for the record, and matched to it;
the record's exampleFix must be code of that trigger. tests/e2e/test_triggers_live.py runs
them with real JAX.
"""

from __future__ import annotations

import ast
import re
from pathlib import Path

import pytest

from jaxerr_ls.fixes import PROVIDERS, finding_target, fixes_for
from jaxerr_ls.records import Record
from jaxerr_ls.spans import apply_edits
from tests.triggers import (
    LOGS,
    MAIN_VERSION,
    PROJECT,
    analyze,
    curated,
    example_fixed,
    lint_triggers,
    manifest,
    record_triggers,
    triggers,
)

RECORDS = sorted(curated(), key=lambda r: r.code)


def test_the_curated_set_covers_the_autodiff_errors_users_hit() -> None:
    assert len(RECORDS) >= 60


def test_every_script_names_a_test_that_exists() -> None:
    for trigger in triggers():
        assert trigger.node, f"{trigger.script.name}: no '# jaxerr-test:' header"
        file_part, name = trigger.node.split("::")
        source = (PROJECT / file_part).read_text()
        assert re.search(rf"^def {name}\(", source, re.MULTILINE), trigger.node


def test_every_curated_record_has_a_trigger() -> None:
    """A trigger of the fixture project; for a record that jax 0.12 does not raise (a class
    jax 0.10 refuses and 0.12 runs silently) or that owns its message only where the
    traceback shows a frame, a lint trigger whose captured run under a pinned JAX ends with
    its error (tests/core/test_lint_captures.py)."""
    missing = [r.code for r in RECORDS if not record_triggers(r.code) and not lint_triggers(r.code)]
    assert missing == [], f"curated records with no trigger script: {missing}"


@pytest.mark.parametrize("record", RECORDS, ids=lambda r: r.code)
def test_the_trigger_test_raises_the_same_error(record: Record) -> None:
    """The test each trigger names ended, in the captured pytest run, on a line marked for
    the record."""
    tests = manifest()["tests"][MAIN_VERSION]
    for trigger in record_triggers(record.code):
        frame = tests[trigger.node]["tracebacks"][-1]["innermost_project_frame"]
        assert f"expect:{record.code}" in frame["markers"], (trigger.node, frame)


def _marked(path: Path, line: int, code: str) -> bool:
    text = path.read_text().splitlines()[line - 1]
    return re.search(rf"#\s*jaxerr-expect:\s*{re.escape(code)}\b", text) is not None


@pytest.mark.parametrize("record", RECORDS, ids=lambda r: r.code)
def test_captured_trigger_runs_are_matched_and_placed(record: Record) -> None:
    for trigger in record_triggers(record.code):
        for log in (f"script/{trigger.name}.log", f"pytest-single/{trigger.name}.log"):
            text = (LOGS / f"jax-{MAIN_VERSION}" / log).read_text(errors="replace")
            findings = analyze(text, PROJECT)
            assert [f.code for f in findings] == [record.code], log
            span = findings[0].span
            assert span is not None and _marked(span.path, span.line, record.code), log


@pytest.mark.parametrize("record", RECORDS, ids=lambda r: r.code)
def test_the_example_fix_is_code_of_the_trigger(record: Record) -> None:
    """The exampleFix's before code is in the trigger (or the module it calls), once, and the
    fixed file still parses; tests/e2e runs the fixed program."""
    assert record.example_fix, record.code
    for trigger in record_triggers(record.code):
        changed, fixed = example_fixed(trigger.name, record.example_fix)
        ast.parse(fixed)
        original = (PROJECT / changed).read_text()
        assert fixed != original


# Records whose fix is in a custom_vjp definition that the traceback never enters and no
# culprit names (a closed-over value): their example is shown in the record, not offered as
# an edit.
FIX_OUT_OF_REACH = {
    "custom-vjp-closed-over-value",
}


@pytest.mark.parametrize("record", RECORDS, ids=lambda r: r.code)
def test_the_example_fix_is_offered_as_a_quick_fix_on_the_trigger(record: Record) -> None:
    """Where the before code is near the error, its culprit or a frame of the traceback, the
    quick fix a diagnostic of the captured run offers is exactly the record's example."""
    for trigger in record_triggers(record.code):
        text = (LOGS / f"jax-{MAIN_VERSION}" / "script" / f"{trigger.name}.log").read_text()
        [finding] = analyze(text, PROJECT)
        target = finding_target(finding)
        assert target is not None
        offered = fixes_for(target, lambda path: path.read_text(), record.example_fix)
        if record.code in FIX_OUT_OF_REACH:
            assert offered == []
            continue
        if any(record.code in provider.codes for provider in PROVIDERS):
            # A fix written for this error (it reads the user's code) comes instead.
            assert offered, record.code
            continue
        [fix] = offered
        [edit] = fix.edits
        changed, fixed = example_fixed(trigger.name, record.example_fix or "")
        original = Path(edit.path)
        assert changed == original.relative_to(PROJECT)
        assert apply_edits(original.read_text(), [edit]) == fixed
