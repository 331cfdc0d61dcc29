"""Clearing by meaning: which tests and scripts a command ran, and which findings a run replaces,
on real output of the fixture project."""

from __future__ import annotations

from collections.abc import Sequence
from pathlib import Path

import pytest

from jaxerr_ls.diagnose import Analyzer, Finding
from jaxerr_ls.matching import RecordIndex
from jaxerr_ls.records import load_records
from jaxerr_ls.runs import PytestNode, PytestSelector, RunScope, python_launcher, run_scope
from jaxerr_ls.tracking import FindingStore

FIXTURES = Path(__file__).resolve().parents[1] / "fixtures"
PROJECT = (FIXTURES / "project").resolve()
LOGS = FIXTURES / "logs" / "jax-0.12.0.1"
PYTEST_LOG = LOGS / "pytest" / "tb-short-nocolor-q.log"
SCRIPT = "scripts/custom_vjp_bwd_shape.py"
SCRIPT_LOG = LOGS / "script" / "custom_vjp_bwd_shape.log"
TEST = "tests/test_ops.py::test_clipped_relu_grad"


@pytest.mark.parametrize(
    ("command", "tests", "scripts"),
    [
        ("pytest", [("", None)], []),
        ("python -m pytest -q --tb short", [("", None)], []),
        ("PYTHONPATH=. uv run pytest tests/test_ops.py", [("tests/test_ops.py", None)], []),
        (f"pytest -x {TEST}", [("tests/test_ops.py", "test_clipped_relu_grad")], []),
        ("python3.13 -m pytest --rootdir . tests -p no:cacheprovider", [("tests", None)], []),
        ("pytest -k relu tests", [], []),  # some tests of tests/, which the line does not say
        (f"PYTHONPATH=. /opt/venv/bin/python -W ignore {SCRIPT} --steps 3", [], [SCRIPT]),
        ("time python3 main.py", [], ["main.py"]),
        ("python -m model.train", [], []),
        ("python -c 'import model'", [], []),
        ("make test", [], []),
        ("echo 'unbalanced", [], []),
    ],
)
def test_a_command_line_covers_the_tests_and_scripts_it_names(
    command: str, tests: Sequence[tuple[str, str | None]], scripts: Sequence[str]
) -> None:
    scope = run_scope(command, PROJECT)
    assert scope.command == command
    assert scope.tests == tuple(PytestSelector((PROJECT / p).resolve(), n) for p, n in tests)
    assert scope.scripts == frozenset((PROJECT / s).resolve() for s in scripts)


def test_a_test_selector_covers_its_tests_and_their_parametrisations() -> None:
    test = PytestNode(PROJECT / "tests" / "test_ops.py", "test_clipped_relu_grad[float32]")
    assert PytestSelector(PROJECT / "tests").covers(test)
    assert PytestSelector(PROJECT / "tests" / "test_ops.py", "test_clipped_relu_grad").covers(test)
    assert not PytestSelector(PROJECT / "tests" / "test_ops.py", "test_clipped_relu").covers(test)
    assert not PytestSelector(PROJECT / "scripts").covers(test)


def findings(log: Path) -> list[Finding]:
    analyzer = Analyzer(RecordIndex(load_records().records), PROJECT, cwd=PROJECT)
    return list(analyzer.analyze_lines(log.read_text().splitlines(), str(log)))


def lines(path: Path) -> list[str]:
    return path.read_text().splitlines()


def ingest(store: FindingStore, source: str, log: Path | None, command: str | None) -> None:
    scope = run_scope(command, PROJECT) if command is not None else None
    store.replace_source(source, findings(log) if log else [], lines, lines, scope=scope)


def shown_tests(store: FindingStore) -> set[str]:
    return {
        f"{item.finding.test.path.relative_to(PROJECT)}::{item.finding.test.name}"
        for item in store.all()
        if item.finding.test is not None
    }


def test_findings_know_their_test_or_script() -> None:
    tests = {f.test for f in findings(PYTEST_LOG)}
    assert PytestNode(PROJECT / "tests" / "test_ops.py", "test_clipped_relu_grad") in tests
    [script_error] = findings(SCRIPT_LOG)
    assert script_error.test is None and script_error.script == PROJECT / SCRIPT


def test_a_passing_run_of_one_test_clears_that_test_whichever_command_ran_it() -> None:
    store = FindingStore()
    ingest(store, "pytest-report", PYTEST_LOG, None)
    before = shown_tests(store)
    assert TEST in before and len(before) > 10
    # The same test passes, run by its node id from the terminal: it alone is cleared.
    ingest(store, "output:terminal", None, f"python -m pytest {TEST}")
    assert shown_tests(store) == before - {TEST}
    # An unrelated command clears nothing.
    ingest(store, "output:terminal", None, "ls -l")
    assert shown_tests(store) == before - {TEST}
    # The whole file passes: every test of it goes, the others stay.
    ingest(store, "output:terminal", None, "pytest tests/test_ops.py")
    assert shown_tests(store) == {t for t in before if not t.startswith("tests/test_ops.py::")}


def test_a_failing_run_replaces_the_findings_of_what_it_ran_and_no_more() -> None:
    store = FindingStore()
    ingest(store, "output:terminal", PYTEST_LOG, "pytest")
    count = len(store.all())
    # The same failures again from the pytest plugin's report: one error each, not two.
    ingest(store, "pytest", PYTEST_LOG, None)
    assert len(store.all()) == count
    # A script fails next to them: both are shown.
    ingest(store, "output:terminal", SCRIPT_LOG, f"python {SCRIPT}")
    assert len(store.all()) > count


def test_a_passing_script_run_clears_its_error_whatever_its_command_line() -> None:
    store = FindingStore()
    ingest(store, "output:terminal", SCRIPT_LOG, f"PYTHONPATH=. python {SCRIPT}")
    ingest(store, "output:terminal", PYTEST_LOG, "pytest")
    script = PROJECT / SCRIPT
    assert any(item.finding.script == script and item.finding.test is None for item in store.all())
    # pytest passing elsewhere does not clear the script's error ...
    ingest(store, "output:terminal", None, "pytest tests/test_numerics.py")
    assert any(item.finding.test is None for item in store.all())
    # ... the script run with another interpreter and from another folder does.
    ingest(store, "output:terminal", None, f"cd . && python3 ./{SCRIPT}")
    assert any(item.finding.test is None for item in store.all())  # `cd` first: not understood
    ingest(store, "output:terminal", None, f"/usr/bin/python3 ./{SCRIPT}")
    assert all(item.finding.test is not None for item in store.all())


def test_output_without_a_command_replaces_its_own_source_as_before() -> None:
    store = FindingStore()
    ingest(store, "output:selection", SCRIPT_LOG, None)
    ingest(store, "output:terminal", PYTEST_LOG, "pytest")
    ingest(store, "output:selection", None, None)
    assert store.all() and all(item.source == "output:terminal" for item in store.all())


def test_a_scope_without_a_command_line_match_covers_only_what_it_names() -> None:
    scope = RunScope("pytest -k relu")
    assert scope.tests == () and scope.scripts == frozenset()


@pytest.mark.parametrize(
    ("command", "launcher"),
    [
        ("python -m pytest -q tests", ("python",)),
        ("/opt/venv/bin/python3.13 train.py", ("/opt/venv/bin/python3.13",)),
        ("PYTHONPATH=. python -m train", ("env", "PYTHONPATH=.", "python")),
        (
            "env CUDA_VISIBLE_DEVICES= XLA_FLAGS='--x y' py/python3 -X dev t.py",
            ("env", "CUDA_VISIBLE_DEVICES=", "XLA_FLAGS=--x y", "py/python3"),
        ),
        ("time nice python t.py", ("python",)),
        ("uv run python -m pytest", ("uv", "run", "python")),
        ("uv run pytest -x", ("uv", "run", "python")),
        # A bare pytest: which Python it runs, the command does not say.
        ("pytest -q", None),
        ("make test", None),
        ("./run.sh", None),
        ("python 'unbalanced", None),
        ("", None),
    ],
)
def test_the_python_a_command_line_started(
    command: str, launcher: tuple[str, ...] | None, tmp_path: Path
) -> None:
    assert python_launcher(command, tmp_path) == launcher


def test_a_pytest_program_runs_again_with_the_python_beside_it(tmp_path: Path) -> None:
    bin_dir = tmp_path / ".venv" / "bin"
    bin_dir.mkdir(parents=True)
    (bin_dir / "python").touch()
    (bin_dir / "pytest").touch()
    assert python_launcher(".venv/bin/pytest -q", tmp_path) == (".venv/bin/python",)
    # No python beside it: unknown, not guessed.
    assert python_launcher(str(tmp_path / "pytest"), tmp_path) is None
