"""Analyzer policies on real output: which warnings are reported, and chains."""

from __future__ import annotations

import ast
from pathlib import Path

import pytest

from jaxerr_ls.diagnose import Analyzer
from jaxerr_ls.events import ErrorEvent, Frame
from jaxerr_ls.matching import RecordIndex
from jaxerr_ls.records import load_records

FIXTURES = Path(__file__).resolve().parents[1] / "fixtures"
GENERIC = FIXTURES / "generic"
NOISY = FIXTURES / "logs" / "generic" / "py313-noisy_output.log"


def analyze(log: Path, root: Path) -> list:  # type: ignore[type-arg]
    analyzer = Analyzer(RecordIndex(load_records().records), root, cwd=root)
    return list(analyzer.analyze_lines(log.read_text().splitlines(keepends=True), str(log)))


def warning_line() -> int:
    lines = (GENERIC / "noisy_output.py").read_text().splitlines()
    return next(n for n, text in enumerate(lines, 1) if "warnings.warn(" in text)


def test_a_warning_raised_in_the_project_is_reported_as_a_warning() -> None:
    findings = analyze(NOISY, GENERIC)
    warnings = [f for f in findings if f.severity == "warning"]
    assert [(w.code, w.span.line) for w in warnings] == [("UserWarning", warning_line())]
    assert any(f.severity == "error" for f in findings)


def test_a_warning_from_outside_the_project_is_left_out(tmp_path: Path) -> None:
    # The same output seen from another project: the warning's file is not the user's.
    findings = analyze(NOISY, tmp_path)
    assert all(f.severity == "error" for f in findings)
    assert findings


PROJECT = FIXTURES / "project"
PYTEST_LOGS = [
    FIXTURES / "logs" / "jax-0.12.0.1" / "pytest" / f"tb-{style}-nocolor-q.log"
    for style in ("auto", "long", "short", "native")
]


def _scopes_at(path: Path, line: int) -> set[str]:
    """The names Python could give the frame running ``line``, from the file's syntax tree:
    its innermost function or class, or ``<lambda>`` when a lambda sits on the line."""
    tree = ast.parse(path.read_text())
    scopes = [
        node
        for node in ast.walk(tree)
        if isinstance(node, ast.FunctionDef | ast.AsyncFunctionDef | ast.ClassDef)
        and node.lineno < line <= (node.end_lineno or node.lineno)
    ]
    names = {max(scopes, key=lambda node: node.lineno).name if scopes else "<module>"}
    lambdas = [n for n in ast.walk(tree) if isinstance(n, ast.Lambda) and n.lineno == line]
    return names | ({"<lambda>"} if lambdas else set())


@pytest.mark.parametrize("log", PYTEST_LOGS, ids=lambda log: log.name)
def test_related_frames_are_in_call_order_and_named_by_their_own_function(log: Path) -> None:
    checked = 0
    for finding in analyze(log, PROJECT):
        frames = [r for r in finding.related if r.message.startswith("traceback: in ")]
        for frame in frames:
            name = frame.message.removeprefix("traceback: in ")
            assert name in _scopes_at(frame.span.path, frame.span.line), (finding.code, frame)
            checked += 1
        if not finding.event.chain:
            # Call order: the outermost frame first, as the traceback printed them.
            printed = [(Path(f.path).name, f.line) for f in finding.event.frames]
            positions = [printed.index((r.span.path.name, r.span.line)) for r in frames]
            assert positions == sorted(positions), (finding.code, frames)
    assert checked > 0


# Each error of two whole logs analysed twice over, the second time by a fresh analyzer each:
# in the whole suite and with `-m slow`, not in the core tier.
@pytest.mark.slow
@pytest.mark.parametrize("log", PYTEST_LOGS[1::2], ids=lambda p: p.stem)  # long, native
def test_an_output_repeated_in_one_log_gives_the_findings_of_each_error_alone(log: Path) -> None:
    # One analyzer works out what follows from a message, frames or test once per run: each
    # finding of a log holding the same run's output twice must be what a fresh analyzer
    # makes of that error alone, at its own place in the log.
    from jaxerr_ls.formats import finding_json
    from jaxerr_ls.tracebacks import parse_text

    text = log.read_text()
    records = RecordIndex(load_records().records)
    shared = Analyzer(records, PROJECT, cwd=PROJECT)
    events = parse_text(text + text)
    findings = [shared.analyze_event(event, str(log)) for event in events]
    alone = [Analyzer(records, PROJECT, cwd=PROJECT).analyze_event(e, str(log)) for e in events]
    assert findings and len(events) % 2 == 0
    half = len(events) // 2
    shift = len(text.splitlines())
    assert [e.log_line + shift for e in events[:half]] == [e.log_line for e in events[half:]]
    assert [finding_json(f, PROJECT) for f in findings] == [finding_json(f, PROJECT) for f in alone]
    assert any(f.span is not None for f in findings)


def test_an_error_without_frames_goes_on_its_tests_first_definition(tmp_path: Path) -> None:
    """A test reported without frames (``--tb=no``) is placed on the name of its first ``def``:
    not on a longer name that starts with it, nor on a later ``def`` of the same name; a name
    that is no Python identifier is still looked for as written."""
    (tmp_path / "tests").mkdir()
    (tmp_path / "tests" / "test_steps.py").write_text(
        "def test_stepper(x):\n"
        "    pass\n"
        "\n"
        "class TestSteps:\n"
        "    async  def  test_step (self, x):\n"
        "        pass\n"
        "\n"
        "def test_step(x):\n"
        "    pass\n"
        "def test-yaml-item(\n"
    )
    analyzer = Analyzer(RecordIndex(load_records().records), tmp_path, cwd=tmp_path)

    def placed(test_id: str) -> tuple[int, int, int] | None:
        event = ErrorEvent("AssertionError", "", rootdir=str(tmp_path), test_id=test_id)
        span = analyzer.analyze_event(event).span
        return None if span is None else (span.line, span.col, span.end_col)

    assert placed("tests/test_steps.py::TestSteps::test_step[3]") == (5, 16, 25)
    assert placed("tests/test_steps.py::test_stepper") == (1, 4, 16)
    assert placed("tests/test_steps.py::test_ste") is None
    assert placed("tests/test_steps.py::test-yaml-item") == (10, 4, 18)


def test_what_the_analyzer_remembers_is_keyed_by_the_frames_too(tmp_path: Path) -> None:
    # The same message and class, raised in JAX's ``vjp_bwd`` (a frame a record's ``raisedIn``
    # asks for) and then elsewhere: one analyzer must not reuse the first's match.
    message = "Tuple arity mismatch: 1 != 2; tuple: (Array([1.], dtype=float32),)."
    site = "/venv/lib/python3.13/site-packages/jax/_src/hijax.py"
    raised = ErrorEvent(
        "ValueError",
        message,
        frames=[Frame("loss.py", 3, "<module>", "loss(f(x))"), Frame(site, 9, "vjp_bwd")],
    )
    elsewhere = ErrorEvent(
        "ValueError", message, frames=[Frame("loss.py", 3, "<module>", "g(x)"), Frame(site, 9)]
    )
    code = "hijax-vjp-bwd-retval-structure"
    index = RecordIndex([r for r in load_records().records if r.code == code])
    analyzer = Analyzer(index, tmp_path, cwd=tmp_path)
    first, second, again = (analyzer.analyze_event(e) for e in (raised, elsewhere, raised))
    assert first.code == code
    assert second.code != first.code
    assert (again.code, again.match) == (first.code, first.match)
    fresh = Analyzer(index, tmp_path, cwd=tmp_path)
    assert fresh.analyze_event(elsewhere).code == second.code


def test_a_culprit_search_that_fails_costs_the_culprit_not_the_diagnostic(
    monkeypatch: pytest.MonkeyPatch, caplog: pytest.LogCaptureFixture
) -> None:
    """The fixture project's run whose errors have culprits, analysed with a culprit search
    that raises (code it does not expect): every error is still reported, with no culprit,
    and the failure is logged."""
    log = PYTEST_LOGS[0]
    expected = [(f.code, f.span) for f in analyze(log, PROJECT)]
    assert any(f.culprits for f in analyze(log, PROJECT))

    def failing(*args: object) -> list[object]:
        raise TypeError("'UnaryOp' object is not iterable")

    monkeypatch.setattr("jaxerr_ls.diagnose.find_culprits", failing)
    found = analyze(log, PROJECT)
    assert [(f.code, f.span) for f in found] == expected
    assert not any(f.culprits for f in found)
    assert "the search failed" in caplog.text


def test_own_statements_of_a_lambda_are_none() -> None:
    from jaxerr_ls.culprit_state import own_statements

    tree = ast.parse("f = lambda x: -x\ndef g(x):\n    y = -x\n    return y\n")
    lam = next(n for n in ast.walk(tree) if isinstance(n, ast.Lambda))
    fn = next(n for n in ast.walk(tree) if isinstance(n, ast.FunctionDef))
    assert list(own_statements(lam)) == []
    assert [type(s).__name__ for s in own_statements(fn)] == ["Return", "Assign"]
