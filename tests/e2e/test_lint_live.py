"""The lint triggers run for real: each program raises exactly the error that ``jaxerr-ls lint``
predicts for it, on the line its ``# jaxerr-expect:`` marker names, under every pinned JAX
(with the marker's ``jax0.10.2=OTHER`` where the older JAX words it as another error). Each
program runs in a child of a process that imported JAX already (tests/forkrun.py), as the
trigger tests run theirs.

The fixture project's own triggers that the linter predicts are run by test_triggers_live.py
and captured for both versions (tests/core/test_check_logs.py).
"""

from __future__ import annotations

from pathlib import Path

import pytest

from jaxerr_ls.fixes import fixes_for
from jaxerr_ls.fixes.example import example_edit
from jaxerr_ls.lint import fix_target, lint_source
from jaxerr_ls.spans import apply_edits
from tests.e2e.support import ENVIRONMENTS, expected_codes, interpreter
from tests.triggers import (
    analyze,
    curated,
    lint_triggers,
    record_triggers,
    run_python,
    script_env,
)

LINT_TRIGGERS = Path(__file__).resolve().parents[1] / "fixtures" / "lint"
SCRIPTS = sorted(LINT_TRIGGERS.glob("*.py"))


@pytest.mark.parametrize("version", sorted(ENVIRONMENTS))
@pytest.mark.parametrize("script", SCRIPTS, ids=lambda p: p.stem)
def test_the_run_raises_the_predicted_error(script: Path, version: str) -> None:
    """(Or runs to its end where the marker says ``none`` for that version.) A
    ``# jaxerr-env:`` header sets a variable for the run, as tests/fixtures/capture_lint.py
    does."""
    expected = expected_codes(script, version)
    assert len(expected) == 1, f"{script.name}: one expect marker"
    [(line, code)] = expected.items()
    python = interpreter(version)
    proc = run_python(python, LINT_TRIGGERS, [script.name], env=script_env(script), forked=True)
    predicted = {p.code for p in lint_source(script.read_text()).predictions}
    # The marker's own code (no version overrides it for "").
    assert expected_codes(script, "")[line] in predicted
    if code == "none":
        assert proc.returncode == 0 and analyze(proc.stdout, LINT_TRIGGERS) == [], proc.stdout
        return
    assert proc.returncode != 0, proc.stdout[-2000:]
    findings = analyze(proc.stdout, LINT_TRIGGERS)
    assert [f.code for f in findings] == [code], proc.stdout[-2000:]
    assert findings[0].span is not None and findings[0].span.line == line


def _lint_proven() -> list[tuple[str, Path, str]]:
    """(record code, lint trigger, version) for each curated record no fixture-project script
    raises, under each JAX whose captured run of the trigger raises it."""
    return [
        (record.code, script, version)
        for record in curated()
        if not record_triggers(record.code)
        for script, version in lint_triggers(record.code)
    ]


@pytest.mark.parametrize(
    ("code", "script", "version"),
    _lint_proven(),
    ids=lambda x: x.stem if isinstance(x, Path) else str(x),
)
def test_the_example_fix_makes_the_lint_trigger_run(
    code: str, script: Path, version: str, tmp_path: Path
) -> None:
    [record] = [r for r in curated() if r.code == code]
    assert record.example_fix is not None
    found = example_edit(script, script.read_text(), record.example_fix)
    assert found is not None
    fixed = tmp_path / script.name
    fixed.write_text(apply_edits(script.read_text(), [found[0]]))
    proc = run_python(
        interpreter(version), tmp_path, [fixed.name], env=script_env(script), forked=True
    )
    assert proc.returncode == 0, proc.stdout[-2000:]


def _offered_fixes() -> list[tuple[str, int]]:
    """(the lint trigger's stem, the fix's index) for each fix offered for the prediction of
    the trigger of ``hijax-vjp-bwd-both`` (fixes of the other codes are run in
    tests/e2e/test_fixes_live.py)."""
    script = LINT_TRIGGERS / "hijax_vjp_bwd_both.py"
    found = []
    for prediction in lint_source(script.read_text(), path=script).predictions:
        offered = fixes_for(fix_target(prediction), lambda p: p.read_text())
        found.extend((script.stem, index) for index in range(len(offered)))
    return found


@pytest.mark.parametrize("version", sorted(ENVIRONMENTS))
@pytest.mark.parametrize(("stem", "index"), _offered_fixes())
def test_each_offered_fix_makes_the_trigger_run(
    stem: str, index: int, version: str, tmp_path: Path
) -> None:
    script = LINT_TRIGGERS / f"{stem}.py"
    text = script.read_text()
    [prediction] = lint_source(text, path=script).predictions
    fix = fixes_for(fix_target(prediction), lambda p: p.read_text())[index]
    (tmp_path / script.name).write_text(apply_edits(text, list(fix.edits)))
    proc = run_python(
        interpreter(version), tmp_path, [script.name], env=script_env(script), forked=True
    )
    assert proc.returncode == 0, proc.stdout[-2000:]
    assert analyze(proc.stdout, tmp_path) == []
