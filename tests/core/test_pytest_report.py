"""Reading the pytest plugin's report: real reports of real runs, and files that are not reports.

The reports are written here by running pytest with the plugin on the generic fixture projects
(plain Python failures of every phase, collection errors, and the chained fixture program), so
they are always what the current plugin writes.
"""

from __future__ import annotations

import ast
import json
import os
import re
import shutil
import subprocess
import sys
from pathlib import Path
from typing import Any

import pytest

from jaxerr_ls.diagnose import Analyzer
from jaxerr_ls.matching import RecordIndex
from jaxerr_ls.pytest_plugin import (
    MAX_CHAIN,
    MAX_FRAMES,
    MAX_MESSAGE_BYTES,
    describe_exception,
    exception_type_name,
)
from jaxerr_ls.pytest_report import PytestReport, ReportError, parse_report, read_report
from jaxerr_ls.records import load_records

GENERIC = Path(__file__).resolve().parents[1] / "fixtures" / "generic"
# Runs the fixture program that raises a KeyError, handles it into a TypeError (context) and
# re-raises that as a RuntimeError (cause), inside a test.
CHAINED_CHECK = """
import runpy
from pathlib import Path


def test_chained_program():
    runpy.run_path(str(Path(__file__).with_name("chained.py")))
"""


def run_with_plugin(project: Path, report: Path) -> None:
    env = {
        "PATH": os.environ.get("PATH", ""),
        "HOME": os.environ.get("HOME", "/tmp"),
        "PYTHONDONTWRITEBYTECODE": "1",
        # This checkout's plugin, whichever jaxerr-ls the environment has installed.
        "PYTHONPATH": str(Path(__file__).resolve().parents[2]),
    }
    command = [sys.executable, "-m", "pytest", "-p", "jaxerr_ls.pytest_plugin", "-q"]
    command += ["-p", "no:cacheprovider", "--tb=no", "--jaxerr-report", str(report)]
    result = subprocess.run(
        command, cwd=project, env=env, capture_output=True, text=True, check=False
    )
    assert result.returncode in (1, 2), result.stdout + result.stderr


def copy_project(name: str, target: Path) -> Path:
    project = target / name
    shutil.copytree(GENERIC / name, project)
    return project.resolve()


@pytest.fixture(scope="module")
def basic(tmp_path_factory: pytest.TempPathFactory) -> tuple[Path, PytestReport]:
    project = copy_project("pytest_proj", tmp_path_factory.mktemp("basic"))
    shutil.copy(GENERIC / "chained.py", project)
    (project / "check_chained_program.py").write_text(CHAINED_CHECK)
    run_with_plugin(project, project / "report.json")
    report = read_report(project / "report.json")
    assert report is not None
    return project, report


@pytest.fixture(scope="module")
def collect(tmp_path_factory: pytest.TempPathFactory) -> tuple[Path, PytestReport]:
    project = copy_project("pytest_collect", tmp_path_factory.mktemp("collect"))
    run_with_plugin(project, project / "report.json")
    report = read_report(project / "report.json")
    assert report is not None
    return project, report


def expected_failures(project: Path) -> dict[str, tuple[str, str]]:
    """The EXPECTED tables of the fixture modules: node id -> (outcome, exception class)."""
    expected: dict[str, tuple[str, str]] = {}
    for module in sorted(project.glob("check_*.py")):
        for node in ast.parse(module.read_text()).body:
            if isinstance(node, ast.Assign):
                targets, value = node.targets, node.value
            elif isinstance(node, ast.AnnAssign) and node.value is not None:
                targets, value = [node.target], node.value
            else:
                continue
            if any(isinstance(t, ast.Name) and t.id == "EXPECTED" for t in targets):
                expected.update(ast.literal_eval(value))
    return expected


def test_a_real_report_holds_every_failure_with_its_phase_and_class(
    basic: tuple[Path, PytestReport],
) -> None:
    project, report = basic
    expected = expected_failures(project)
    expected["check_chained_program.py::test_chained_program"] = ("failed", "RuntimeError")
    found = {f.test_id: f for f in report.failures}
    assert sorted(found) == sorted(expected)
    for test_id, (outcome, exception) in expected.items():
        failure = found[test_id]
        assert (failure.when == "call") == (outcome == "failed"), test_id
        assert failure.event.exc_type.rsplit(".", 1)[-1] == exception
        assert failure.event.test_id == test_id
        assert failure.event.rootdir == str(project)
    assert found["check_basic.py::test_uses_leaky_fixture"].when == "teardown"
    assert found["check_basic.py::test_uses_broken_fixture"].when == "setup"
    # pytest gives its outcome exceptions the module "builtins", so tracebacks print them bare.
    assert found["check_basic.py::test_fail_call"].event.exc_type == "Failed"
    assert (report.failed, report.exitstatus, Path(report.rootdir)) == (len(expected), 1, project)
    assert report.passed == 5  # test_passes, two of test_param, TestGroup::test_ok, the leaky one
    assert report.started <= report.finished


def test_messages_are_the_exceptions_own_text(basic: tuple[Path, PytestReport]) -> None:
    _, report = basic
    found = {f.test_id: f.event for f in report.failures}
    deep = found["check_basic.py::test_value_error_deep"]
    assert deep.message == "config is missing 'lr'\n\nKnown keys: batch, epochs"
    assert found["check_basic.py::test_fail_call"].message == "explicit failure\nwith a second line"


def test_frames_run_outermost_first_with_absolute_paths(basic: tuple[Path, PytestReport]) -> None:
    project, report = basic
    [deep] = [f.event for f in report.failures if f.test_id.endswith("test_value_error_deep")]
    mine = [
        (f.function, f.source) for f in deep.frames if f.path == str(project / "check_basic.py")
    ]
    assert [function for function, _ in mine] == ["test_value_error_deep", "validate"]
    assert mine[-1][1] == "raise ValueError(  # jaxerr-expect: ValueError"
    assert all(os.path.isabs(f.path) or f.path.startswith("<") for f in deep.frames)


def test_a_chain_is_read_oldest_first_with_each_relation(basic: tuple[Path, PytestReport]) -> None:
    _, report = basic
    found = {f.test_id: f.event for f in report.failures}
    program = found["check_chained_program.py::test_chained_program"]
    assert (program.exc_type, program.message, program.chain_relation) == (
        "RuntimeError",
        "conversion failed",
        None,
    )
    assert [(e.exc_type, e.chain_relation) for e in program.chain] == [
        ("KeyError", "context"),
        ("TypeError", "cause"),
    ]
    assert program.chain[0].frames[-1].function == "lookup"
    assert all(e.test_id == program.test_id for e in program.chain)
    wrapped = found["check_basic.py::test_chained"]
    assert [(e.exc_type, e.chain_relation) for e in wrapped.chain] == [("KeyError", "cause")]


def test_every_failure_is_placed_on_its_marker(basic: tuple[Path, PytestReport]) -> None:
    project, report = basic
    analyzer = Analyzer(RecordIndex(load_records().records), project)
    for failure in report.failures:
        finding = analyzer.analyze_event(failure.event)
        assert finding.span is not None, failure.test_id
        line = finding.span.path.read_text().splitlines()[finding.span.line - 1]
        assert f"# jaxerr-expect: {finding.code}" in line, failure.test_id


def test_collection_errors_are_reported_with_their_cause(
    collect: tuple[Path, PytestReport],
) -> None:
    project, report = collect
    expected = expected_failures(project)
    assert sorted(f.test_id for f in report.failures) == sorted(expected)
    assert report.exitstatus == 2 and report.passed == 0
    analyzer = Analyzer(RecordIndex(load_records().records), project)
    for failure in report.failures:
        assert failure.when == "collect"
        exceptions = [failure.event.exc_type, *(e.exc_type for e in failure.event.chain)]
        assert expected[failure.test_id][1] in {name.rsplit(".", 1)[-1] for name in exceptions}
        finding = analyzer.analyze_event(failure.event)
        assert finding.span is not None
        line = finding.span.path.read_text().splitlines()[finding.span.line - 1]
        assert f"# jaxerr-expect: {expected[failure.test_id][1]}" in line


def test_a_report_says_which_tests_ran_and_with_which_python(
    basic: tuple[Path, PytestReport], collect: tuple[Path, PytestReport]
) -> None:
    project, report = basic
    assert report.python == sys.executable
    assert report.ran is not None
    # Every failure's test ran, and so did the passing ones.
    assert {f.test_id for f in report.failures} <= report.ran
    assert "check_basic.py::test_passes" in report.ran
    assert report.ran_test("check_basic.py::test_passes")
    assert not report.ran_test("check_other.py::test_passes")
    # A test of a file that now fails to collect, and a collection error of a file whose
    # tests now run, are what the run said again.
    _, collected = collect
    [broken] = [f.test_id for f in collected.failures if "import_error" in f.test_id]
    assert collected.ran_test(broken + "::test_anything")
    assert report.ran_test("check_basic.py")
    # A report from before the plugin said which tests ran speaks for all of them.
    document = real_document(basic)
    del document["ran"]
    older = parse_report(json.dumps(document), project / "report.json")
    assert older.ran is None and older.ran_test("check_other.py::test_passes")


def test_a_missing_report_is_none(tmp_path: Path) -> None:
    assert read_report(tmp_path / "pytest-report.json") is None


def real_document(basic: tuple[Path, PytestReport]) -> dict[str, Any]:
    document: dict[str, Any] = json.loads((basic[0] / "report.json").read_text())
    return document


def first_exception(document: dict[str, Any]) -> dict[str, Any]:
    exception: dict[str, Any] = next(
        f["exception"] for f in document["failures"] if f["exception"]["chain"]
    )
    return exception


BREAKAGES = {
    "not-json": (lambda d: "{not json", "not a JSON document"),
    "a-list": (lambda d: [d], "the document: expected an object, got a list"),
    "foreign": (lambda d: {**d, "tool": "pytest-json-report"}, "tool: expected 'jaxerr-ls'"),
    "newer": (lambda d: {**d, "version": 2}, "version: this jaxerr-ls reads version 1"),
    "bool-version": (lambda d: {**d, "version": True}, "the file is version True"),
    "no-failures": (
        lambda d: {k: v for k, v in d.items() if k != "failures"},
        "failures: missing",
    ),
    "count-as-text": (
        lambda d: {**d, "failed": "3"},
        'failed: expected an integer, got a string ("3")',
    ),
    "bad-when": (
        lambda d: {**d, "failures": [{**d["failures"][0], "when": "later"}]},
        "failures[0].when: expected one of setup, call, teardown, collect, got 'later'",
    ),
    "no-exception": (
        lambda d: {**d, "failures": [{**d["failures"][0], "exception": None}]},
        "failures[0].exception: expected an object, got null",
    ),
    "ran-as-text": (lambda d: {**d, "ran": "x.py::t"}, "ran: expected a list of strings or null"),
    "python-as-list": (lambda d: {**d, "python": []}, "python: expected a string or null"),
}


@pytest.mark.parametrize("breakage", sorted(BREAKAGES))
def test_a_file_that_is_not_a_report_raises_naming_the_problem(
    basic: tuple[Path, PytestReport], tmp_path: Path, breakage: str
) -> None:
    change, problem = BREAKAGES[breakage]
    broken = change(real_document(basic))
    path = tmp_path / "pytest-report.json"
    path.write_text(broken if isinstance(broken, str) else json.dumps(broken))
    with pytest.raises(ReportError) as raised:
        read_report(path)
    assert problem in str(raised.value)
    assert str(path) in str(raised.value)


@pytest.mark.parametrize(
    ("field", "value", "problem"),
    [
        ("line", "12", "frames[0].line: expected an integer or null, got a string"),
        ("path", None, "frames[0].path: expected a string, got null"),
        ("source", 3, "frames[0].source: expected a string or null, got a number"),
    ],
)
def test_a_bad_frame_raises_naming_it(
    basic: tuple[Path, PytestReport], field: str, value: object, problem: str
) -> None:
    document = real_document(basic)
    exception = first_exception(document)
    exception["frames"][0][field] = value
    with pytest.raises(ReportError, match=r"failures\[\d+\]\.exception\." + re.escape(problem)):
        parse_report(json.dumps(document), Path("r.json"))


def test_a_bad_chain_link_raises_naming_it(basic: tuple[Path, PytestReport]) -> None:
    document = real_document(basic)
    first_exception(document)["chain"][0]["relation"] = "sibling"
    with pytest.raises(ReportError, match=r"chain\[0\]\.relation: expected cause or context"):
        parse_report(json.dumps(document), Path("r.json"))


def test_undecodable_bytes_raise(tmp_path: Path) -> None:
    path = tmp_path / "pytest-report.json"
    path.write_bytes(b'{"tool": "\xff\xfe"}')
    with pytest.raises(ReportError, match="not a JSON document"):
        read_report(path)


def test_a_folder_in_its_place_raises(tmp_path: Path) -> None:
    with pytest.raises(ReportError, match="cannot read the report"):
        read_report(tmp_path)


def raised(function: Any, *args: Any) -> BaseException:
    try:
        function(*args)
    except BaseException as error:
        return error
    raise AssertionError("nothing was raised")


def test_the_plugin_bounds_messages_frames_and_chains() -> None:
    def recurse(depth: int) -> None:
        if depth == 0:
            raise ValueError("é" * MAX_MESSAGE_BYTES)
        recurse(depth - 1)

    described = describe_exception(raised(recurse, MAX_FRAMES + 50))
    assert len(described["message"].encode()) <= MAX_MESSAGE_BYTES
    assert len(described["frames"]) == MAX_FRAMES
    assert described["frames"][-1]["source"] == 'raise ValueError("é" * MAX_MESSAGE_BYTES)'

    def chain(links: int) -> None:
        try:
            if links == 0:
                raise KeyError("the root")
            chain(links - 1)
        except BaseException as error:
            raise RuntimeError(f"link {links}") from error

    described = describe_exception(raised(chain, MAX_CHAIN + 10))
    assert len(described["chain"]) == MAX_CHAIN
    assert described["chain"][0]["type"] == "KeyError", "the root cause is kept"


def test_a_suppressed_context_is_left_out() -> None:
    def replace() -> None:
        try:
            raise KeyError("hidden")
        except KeyError:
            raise ValueError("shown") from None

    assert describe_exception(raised(replace))["chain"] == []


def test_type_names_are_printed_as_the_traceback_prints_them() -> None:
    class Local(Exception):
        pass

    assert exception_type_name(ValueError) == "ValueError"
    assert exception_type_name(subprocess.CalledProcessError) == "subprocess.CalledProcessError"
    assert exception_type_name(Local) == (
        f"{__name__}.test_type_names_are_printed_as_the_traceback_prints_them.<locals>.Local"
    )


def test_undecodable_text_is_replaced() -> None:
    # Text with a byte that is not UTF-8, as os.fsdecode gives it (a lone surrogate).
    described = describe_exception(ValueError(os.fsdecode(b"bad \xff byte")))
    assert described["message"] == "bad ? byte"
    json.dumps(described, ensure_ascii=False).encode("utf-8")


def test_a_report_that_cannot_be_written_leaves_the_run_alone(tmp_path: Path) -> None:
    project = copy_project("pytest_collect", tmp_path)
    blocker = tmp_path / "a-file"
    blocker.write_text("")
    env = {"PATH": os.environ.get("PATH", ""), "PYTHONDONTWRITEBYTECODE": "1"}
    command = [sys.executable, "-m", "pytest", "-p", "jaxerr_ls.pytest_plugin", "check_fine.py"]
    command += ["-p", "no:cacheprovider", "--jaxerr-report", str(blocker / "report.json")]
    result = subprocess.run(
        command, cwd=project, env=env, capture_output=True, text=True, check=False
    )
    assert result.returncode == 0, result.stdout + result.stderr
    assert f"jaxerr: could not write {blocker / 'report.json'}" in result.stdout
