"""The command that runs a failure again, read from real output: each captured run's own
command (from the logs' manifests) is what the analysis proposes, or nothing when it cannot
be known (``python -c``, standard input)."""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

import pytest

from jaxerr_ls.diagnose import Analyzer, Finding
from jaxerr_ls.matching import RecordIndex
from jaxerr_ls.pytest_report import parse_report
from jaxerr_ls.records import load_records
from jaxerr_ls.reruns import Rerun

pytestmark = pytest.mark.core

TESTS = Path(__file__).resolve().parents[1]
FIXTURES = TESTS / "fixtures"
GENERIC_LOGS = FIXTURES / "logs" / "generic"
REPO = TESTS.parent
RUNS = json.loads((GENERIC_LOGS / "manifest.json").read_text())["runs"]
INDEX = RecordIndex(load_records().records)


def findings(log: Path, root: Path, python: str | None = None) -> list[Finding]:
    analyzer = Analyzer(INDEX, root, cwd=root, python=python)
    return [
        f
        for f in analyzer.analyze_lines(log.read_text().splitlines(keepends=True))
        if f.severity == "error"
    ]


@pytest.mark.parametrize(
    "run", [r for r in RUNS if r["kind"] == "script"], ids=lambda run: run["name"]
)
def test_a_script_run_is_run_again_by_its_own_command(run: dict[str, object]) -> None:
    cwd = REPO / str(run["cwd"])
    command = run["command"]
    assert isinstance(command, list)
    found = findings(GENERIC_LOGS / str(run["log"]), cwd)
    assert found, "the log has an error"
    if command[1] in ("-c", "-"):
        # A program given as text has no file to run again.
        assert [f.rerun for f in found] == [None] * len(found)
        return
    label = f"python -m {command[2]}" if command[1] == "-m" else command[1]
    from_module = [f for f in found if _starts_at_module(f)]
    assert from_module
    for finding in from_module:
        assert finding.rerun == Rerun(tuple(command), cwd, label)
    # A traceback that starts elsewhere (a thread, a sub-exception of a group) or an error line
    # printed without one does not say which program it came from.
    assert all(f.rerun is None for f in found if not _starts_at_module(f))


@pytest.mark.parametrize(
    "run",
    # Runs in a folder outside the repository (a collection error's scratch project) have no
    # test here to run.
    [r for r in RUNS if r["kind"] == "pytest" and not Path(r["cwd"]).is_absolute()],
    ids=lambda run: run["name"],
)
def test_a_failing_test_is_run_again_by_its_node_id(run: dict[str, object]) -> None:
    cwd = REPO / str(run["cwd"])
    found = findings(GENERIC_LOGS / str(run["log"]), cwd)
    with_ids = [f for f in found if f.event.test_id]
    assert with_ids, "pytest's output names its failing tests"
    # pytest -v names its interpreter at the end of its "platform" line.
    verbose = "-v" in run["command"]  # type: ignore[operator]
    python = "/work/main/.venv/bin/python" if verbose else "python"
    assert (f"-- {python}\n" in (GENERIC_LOGS / str(run["log"])).read_text()) == verbose
    for finding in with_ids:
        node_id = str(finding.event.test_id)
        assert finding.rerun == Rerun((python, "-m", "pytest", node_id), cwd, node_id)
    # A collection error's "test" is its file: running the file again collects it again.
    assert all((cwd / f.rerun.label.split("::")[0]).is_file() for f in with_ids if f.rerun)


def test_a_module_run_on_another_machine_is_run_here_as_the_same_module() -> None:
    # The blind corpus' logs were captured in another checkout (/work/wt/blind/...).
    program = TESTS / "blind" / "f01_hijax_bwd_return" / "01_softsign_mlp"
    meta = json.loads((program / "meta.json").read_text())
    assert meta["entry"] == "python -m train"
    [finding] = findings(program / "logs" / "0.12.0.1-script.log", program)
    assert finding.rerun == Rerun(("python", "-m", "train"), program, "python -m train")
    [test] = findings(program / "logs" / "0.12.0.1-pytest.log", program)
    node_id = meta["test"]
    assert test.rerun == Rerun(("python", "-m", "pytest", node_id), program, node_id)


def test_the_interpreter_the_run_used_is_kept(tmp_path: Path) -> None:
    """A real pytest run with the plugin: its report names the interpreter, and the re-run
    uses it."""
    (tmp_path / "test_fails.py").write_text("def test_it():\n    assert int('x')\n")
    subprocess.run(
        [
            sys.executable,
            "-m",
            "pytest",
            "-p",
            "jaxerr_ls.pytest_plugin",
            "-q",
            "-p",
            "no:cacheprovider",
        ],
        cwd=tmp_path,
        capture_output=True,
        check=False,
    )
    path = tmp_path / ".jaxerr" / "pytest-report.json"
    report = parse_report(path.read_text(), path)
    assert report.python == sys.executable
    assert report.ran == frozenset({"test_fails.py::test_it"})
    analyzer = Analyzer(INDEX, tmp_path, cwd=tmp_path, python=report.python)
    [finding] = [analyzer.analyze_event(event) for event in report.events]
    node_id = "test_fails.py::test_it"
    assert finding.rerun == Rerun(
        (sys.executable, "-m", "pytest", node_id), tmp_path.resolve(), node_id
    )


def _starts_at_module(finding: Finding) -> bool:
    functions = [frame.function for frame in finding.event.frames]
    while functions and functions[0] in ("_run_module_as_main", "_run_code"):
        functions.pop(0)
    return bool(functions) and functions[0] == "<module>"
