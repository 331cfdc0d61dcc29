"""Tests of jaxerr_ls.tracebacks on real captured logs: generic programs and the JAX project.

Expected values come from the programs (``# jaxerr-expect:`` markers, ``EXPECTED`` tables in
the pytest check files, values recomputed by running the program's own functions) and from the
capture manifests, never from the parser's output.
"""

from __future__ import annotations

import ast
import importlib.util
import itertools
import json
import re
import sys
from collections.abc import Iterator
from functools import cache
from pathlib import Path
from typing import Any

import pytest

import jaxerr_ls.tracebacks as tracebacks
from jaxerr_ls.events import ErrorEvent, Frame
from jaxerr_ls.tracebacks import parse_output, parse_text, strip_ansi

FIXTURES = Path(__file__).resolve().parent.parent / "fixtures"
GENERIC = FIXTURES / "generic"
LOGS = FIXTURES / "logs"
GENERIC_LOGS = LOGS / "generic"
PROJECT = FIXTURES / "project"


def read_log(path: Path) -> str:
    # Split on "\n" only, as the CLI does: "\r" belongs to progress bars inside a line.
    with open(path, encoding="utf-8", errors="replace", newline="\n") as f:
        return f.read()


def parse_log(path: Path) -> list[ErrorEvent]:
    with open(path, encoding="utf-8", errors="replace", newline="\n") as f:
        return list(parse_output(f))


def short(exc_type: str) -> str:
    return exc_type.rsplit(".", 1)[-1]


def expect_markers(path: Path) -> dict[int, str]:
    """Line number -> the class / code named by a ``# jaxerr-expect:`` comment in ``path``."""
    return dict(_expect_markers(path, path.stat().st_mtime_ns))


@cache
def _expect_markers(path: Path, mtime_ns: int) -> tuple[tuple[int, str], ...]:
    # Each pytest log's check reads the markers of the files its tests fail in: hundreds of
    # logs, a few dozen files. The file's modification time keys it, so an edit reads it again.
    markers = []
    for number, text in enumerate(path.read_text().splitlines(), start=1):
        m = re.search(r"#\s*jaxerr-expect:\s*([\w.-]+)", text)
        if m:
            markers.append((number, m[1]))
    return tuple(markers)


def generic_manifest() -> list[dict[str, Any]]:
    manifest = GENERIC_LOGS / "manifest.json"
    if not manifest.exists():
        return []
    runs: list[dict[str, Any]] = json.loads(manifest.read_text())["runs"]
    return [r for r in runs if (GENERIC_LOGS / r["log"]).exists()]


GENERIC_RUNS = generic_manifest()
SCRIPT_RUNS = [r for r in GENERIC_RUNS if r["kind"] == "script"]
PYTEST_RUNS = [r for r in GENERIC_RUNS if r["kind"] == "pytest"]


def run_id(run: dict[str, Any]) -> str:
    return str(run.get("name") or run["log"])


def check_ordered(events: list[ErrorEvent], n_lines: int) -> None:
    last = 0
    for event in events:
        assert 1 <= event.log_line <= event.log_end_line <= n_lines
        assert event.log_line >= last
        last = event.log_line


def check_columns(frame: Frame) -> None:
    if frame.col is None:
        assert frame.end_col is None
        return
    assert frame.source is not None
    assert frame.end_col is not None
    assert 0 <= frame.col < frame.end_col <= len(frame.source)


def ast_spans(path: Path, line: int) -> set[tuple[int, int]]:
    """(col, end_col) of every AST node starting on ``line``, relative to the stripped line; a
    node ending on a later line ends at the end of the stripped line."""
    source = path.read_text()
    lines = source.splitlines()
    text = lines[line - 1]
    indent = len(text) - len(text.lstrip())
    stripped_len = len(text.strip())
    spans: set[tuple[int, int]] = set()
    for node in ast.walk(ast.parse(source)):
        if getattr(node, "lineno", None) != line:
            continue
        start = node.col_offset - indent  # type: ignore[attr-defined]
        end_line = node.end_lineno  # type: ignore[attr-defined]
        end = node.end_col_offset - indent if end_line == line else stripped_len  # type: ignore[attr-defined]
        spans.add((start, min(end, stripped_len)))
    return spans


def is_syntax_error(path: Path) -> bool:
    try:
        ast.parse(path.read_text())
    except SyntaxError:
        return True
    return False


def local_file(frame: Frame, base: Path, printed_root: str | None = None) -> Path | None:
    """The fixture file a frame points at, if it is one of ours (absolute or relative path);
    ``printed_root`` is where ``base``'s files were when the log was captured."""
    path = frame.path
    marker = "/tests/fixtures/"
    if printed_root and path.startswith(printed_root.rstrip("/") + "/"):
        candidate = base / path[len(printed_root.rstrip("/")) + 1 :]
    elif marker in path:
        candidate = FIXTURES / path.split(marker, 1)[1]
    elif not path.startswith(("/", "<")):
        candidate = base / path
    else:
        return None
    return candidate if candidate.is_file() else None


def check_frames_against_files(
    events: list[ErrorEvent], base: Path, printed_root: str | None = None
) -> int:
    """Every frame in one of our files shows that file's line, and its columns span an AST node."""
    checked = 0
    for event in events:
        for frame in event.all_frames():
            check_columns(frame)
            target = local_file(frame, base, printed_root)
            if target is None or frame.line is None or frame.source is None:
                continue
            file_line = target.read_text().splitlines()[frame.line - 1]
            assert file_line.strip() == frame.source, (frame, file_line)
            if frame.col is not None and not is_syntax_error(target):
                assert frame.end_col is not None
                assert (frame.col, frame.end_col) in ast_spans(target, frame.line), frame
            checked += 1
    return checked


# -- generic scripts -----------------------------------------------------------------------------


def load_program_module(name: str) -> Any:
    spec = importlib.util.spec_from_file_location(f"_generic_{name}", GENERIC / f"{name}.py")
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    sys.path.insert(0, str(GENERIC))
    try:
        spec.loader.exec_module(module)
    finally:
        sys.path.remove(str(GENERIC))
    return module


def final_event(events: list[ErrorEvent], exc_type: str) -> ErrorEvent:
    matching = [e for e in events if e.exc_type == exc_type]
    assert len(matching) == 1, [e.exc_type for e in events]
    return matching[0]


def marker_frame(program: str) -> tuple[str, int, str]:
    markers = expect_markers(GENERIC / program)
    assert len(markers) == 1, markers
    line, cls = next(iter(markers.items()))
    return program, line, cls


@pytest.mark.parametrize("run", SCRIPT_RUNS, ids=run_id)
def test_generic_script_log(run: dict[str, Any]) -> None:
    log = GENERIC_LOGS / run["log"]
    text = read_log(log)
    events = parse_log(log)
    assert events, "every generic program ends in an uncaught exception"
    check_ordered(events, len(text.split("\n")))
    check_frames_against_files(events, GENERIC)
    program = run["program"]
    stem = program.removesuffix(".py")

    if program == "<string>":
        event = final_event(events, "SyntaxError")
        assert [(f.path, f.line, f.source) for f in event.frames] == [
            ("<string>", 1, "def broken(:")
        ]
        return
    if program == "<stdin>":
        event = final_event(events, "ValueError")
        assert event.message == "raised from stdin"
        assert [(f.path, f.line, f.function) for f in event.frames] == [
            ("<stdin>", 5, "<module>"),
            ("<stdin>", 2, "from_stdin"),
        ]
        return

    if stem == "no_source":
        event = final_event(events, "ZeroDivisionError")
        assert [(f.path, f.line, f.source) for f in event.frames[-2:]] == [
            ("/nonexistent/generated_code.py", 4, None),
            ("/nonexistent/generated_code.py", 2, None),
        ]
        assert event.message == "division by zero"
        return

    path, line, cls = marker_frame("helpers_mod.py" if stem == "dotted_exc" else program)
    # An exception group ends the program, but its members are printed after it.
    event = events[0] if stem == "exception_group" else events[-1]
    assert event.exc_type == cls
    program_frames = [f for f in event.frames if f.path.endswith("/" + path)]
    assert (program_frames[-1].line, program_frames[-1].path) == (line, event.frames[-1].path) or (
        stem == "syntax_import" and program_frames[-1].line == line
    )

    if stem == "deep_value_error":
        module = load_program_module("deep_value_error")
        with pytest.raises(ValueError) as raised:
            module.inner([1, 2, 3])
        assert event.message == str(raised.value)
        assert [f.function for f in event.frames][-3:] == ["outer", "middle", "inner"]
        if run["command"][1:3] == ["-m", "deep_value_error"]:
            # Python 3.10 prints the standard library's runpy.py, later ones a frozen module.
            assert event.frames[0].path == "<frozen runpy>" or event.frames[0].path.endswith(
                "/runpy.py"
            )
    elif stem == "dotted_exc":
        assert event.message == "abstract value encountered\n\nSee the docs for more."
        helper_lines = (GENERIC / "helpers_mod.py").read_text().splitlines()
        recurse = 1 + next(i for i, t in enumerate(helper_lines) if "explode(depth - 1)" in t)
        assert [f.line for f in event.frames if f.path.endswith("helpers_mod.py")] == [
            recurse,
            recurse,
            line,
        ]
    elif stem == "chained":
        assert event.message == "conversion failed"
        assert [(c.exc_type, c.chain_relation) for c in event.chain] == [
            ("KeyError", "context"),
            ("TypeError", "cause"),
        ]
        assert event.chain[0].frames[-1].source == "return table[key]"
        assert event.chain_relation is None
        if run["python"] >= "3.11":
            frame = event.chain[0].frames[-1]
            assert frame.source is not None and frame.col is not None
            assert frame.source[frame.col : frame.end_col] == "table[key]"
    elif stem == "recursion":
        assert event.message.startswith("maximum recursion depth exceeded")
        assert len(event.frames) <= tracebacks.MAX_FRAMES
        assert all(f.line == 5 for f in event.frames[1:])
    elif stem == "keyboard_interrupt":
        assert event.message == ""
    elif stem == "syntax_import":
        module_source = load_program_module.__globals__["GENERIC"] / "syntax_import.py"
        source_text = ast.literal_eval(
            next(
                node.value
                for node in ast.parse(module_source.read_text()).body
                if isinstance(node, ast.Assign) and getattr(node.targets[0], "id", "") == "SOURCE"
            )
        )
        bad = events[-1].frames[-1]
        assert (bad.path, bad.line) == ("broken_module.py", 2)
        assert bad.source == source_text.splitlines()[1].strip()
    elif stem == "exception_group":
        assert [e.exc_type for e in events] == [
            "ExceptionGroup",
            "ValueError",
            "ExceptionGroup",
            "TypeError",
            "KeyError",
        ]
        assert events[0].message == "outer group (3 sub-exceptions)"
        assert events[1].frames[-1].function == "fail_value"
        assert events[3].frames[-1].function == "fail_type"
        assert events[4].frames == [] and events[4].message == "'no traceback'"
    elif stem == "jax_style_simplified":
        # The notice is neither an event nor a chain member, and its text is nowhere.
        assert len(events) == 1
        assert event.chain == []
        assert event.message == "Gradient only defined for scalar-output functions."
    elif stem == "jax_style_unfiltered":
        assert len(events) == 1
        assert [(c.exc_type, c.chain_relation) for c in event.chain] == [
            ("jax._src.traceback_util.UnfilteredStackTrace", "cause")
        ]
        unfiltered = event.chain[0]
        assert unfiltered.first_line == f"ValueError: {event.message}"
        assert unfiltered.message.endswith("occurred, unmodified.")
        assert unfiltered.frames[-1].function == "apply"
    elif stem == "noisy_output":
        assert [e.exc_type for e in events] == [
            "ZeroDivisionError",
            "ValueError",  # printed by the program: the documented price of the fallback
            "UserWarning",
            "OSError",
            "KeyError",
        ]
        zero = events[0]
        assert zero.message == "step 3 diverged"
        assert zero.frames[-1].function == "step"
        warning = events[2]
        assert [(f.line, f.source) for f in warning.frames] == [
            (28, 'warnings.warn("learning rate is very high", UserWarning)')
        ]
        assert events[3].first_line == "worker thread lost its device"
        assert events[3].frames[-1].function == "worker"


COLOR_PAIRS = [
    (r, p)
    for r in SCRIPT_RUNS
    if r["env"].get("PYTHON_COLORS")
    for p in SCRIPT_RUNS
    if p["program"] == r["program"]
    and not p["env"]
    and p["python"] == r["python"]
    and p["command"] == r["command"]
]


@pytest.mark.parametrize(("colored", "plain"), COLOR_PAIRS, ids=lambda r: run_id(r))
def test_colored_log_parses_like_plain(colored: dict[str, Any], plain: dict[str, Any]) -> None:
    colored_text = read_log(GENERIC_LOGS / colored["log"])
    assert "\x1b[" in colored_text
    assert parse_text(colored_text) == parse_text(read_log(GENERIC_LOGS / plain["log"]))


# -- generic pytest runs --------------------------------------------------------------------------


def expected_outcomes(project: Path) -> dict[str, tuple[str, str]]:
    expected: dict[str, tuple[str, str]] = {}
    for check in sorted(project.glob("check_*.py")):
        source = check.read_text()
        if is_syntax_error(check):
            # A module Python cannot parse states its EXPECTED table on one line.
            line = next(t for t in source.splitlines() if t.startswith("EXPECTED = "))
            expected.update(ast.literal_eval(line.split("=", 1)[1].strip()))
            continue
        for node in ast.parse(source).body:
            target = getattr(node, "target", None) or (getattr(node, "targets", None) or [None])[0]
            if getattr(target, "id", None) == "EXPECTED" and getattr(node, "value", None):
                expected.update(ast.literal_eval(node.value))  # type: ignore[attr-defined]
    return expected


def project_markers(project: Path) -> dict[str, set[tuple[str, int]]]:
    by_class: dict[str, set[tuple[str, int]]] = {}
    for source in project.glob("*.py"):
        for line, cls in expect_markers(source).items():
            by_class.setdefault(cls, set()).add((source.name, line))
    return by_class


def header_rootdir(text: str) -> str | None:
    m = re.search(r"^rootdir: ([^,\n]+)", strip_ansi(text), re.MULTILINE)
    return m[1].strip() if m else None


@pytest.mark.parametrize("run", PYTEST_RUNS, ids=run_id)
def test_generic_pytest_log(run: dict[str, Any], tmp_path: Path) -> None:
    log = GENERIC_LOGS / run["log"]
    text = read_log(log)
    events = parse_log(log)
    check_ordered(events, len(text.split("\n")))
    project = FIXTURES.parent.parent / run["cwd"]
    printed_root = None
    if run.get("files"):
        # A project written at capture time (it holds a file Python cannot parse).
        project, printed_root = tmp_path, run["cwd"]
        for name, content in run["files"].items():
            (project / name).write_text(content)
    check_frames_against_files(events, project, printed_root)
    expected = expected_outcomes(project)
    markers = project_markers(project)
    tb = run["tb"]
    assert expected

    with_ids = [e for e in events if e.test_id is not None]
    assert sorted(e.test_id for e in with_ids if e.test_id) == sorted(expected)
    for node_id, (_outcome, cls) in expected.items():
        (event,) = [e for e in with_ids if e.test_id == node_id]
        if tb == "no" and event.exc_type == "":
            # The summary line of an import error carries no message at all.
            assert f"ERROR {node_id}\n" in strip_ansi(text)
        else:
            assert short(event.exc_type) == cls, node_id
        if tb == "no":
            assert event.frames == []
            continue
        if tb == "line" and not event.frames:
            # --tb=line reports setup/teardown errors without a location.
            assert node_id.endswith("fixture")
            continue
        assert event.frames, node_id
        ours = [f for f in event.frames if local_file(f, project, printed_root) is not None]
        innermost = ours[-1]
        assert (Path(innermost.path).name, innermost.line) in markers[cls], (node_id, innermost)
        if tb != "native":
            # pytest cuts its own frames off everywhere but in native tracebacks.
            assert innermost == event.frames[-1] or cls == "Failed"
        if node_id.endswith("::test_chained") and tb != "line":
            assert [(c.exc_type, c.chain_relation) for c in event.chain] == [("KeyError", "cause")]

    rootdir = header_rootdir(text)
    if rootdir is not None:
        assert all(e.rootdir == rootdir for e in with_ids)
    if tb != "no" and "check_basic.py::test_captured_traceback" in expected:
        # The traceback the test printed to stderr is reported, without taking over the test.
        captured = [e for e in events if e.test_id is None and e.exc_type == "ValueError"]
        assert [(e.frames[-1].line, e.frames[-1].function) for e in captured] == [
            (74, "test_captured_traceback")
        ]


# -- JAX project logs -----------------------------------------------------------------------------


def jax_manifest() -> dict[str, Any] | None:
    path = LOGS / "manifest.json"
    if not path.exists():
        return None
    try:
        data: dict[str, Any] = json.loads(path.read_text())
    except ValueError:
        return None
    return data


JAX_MANIFEST = jax_manifest()


def jax_log_path(run: dict[str, Any]) -> Path | None:
    log = str(run["log"])
    candidates = [LOGS / log]
    first, _, rest = log.partition("/")
    if rest.startswith(first + "/"):
        candidates.append(LOGS / rest)  # tolerate "jax-X/jax-X/..." written by the capture
    return next((c for c in candidates if c.is_file()), None)


def jax_runs() -> Iterator[dict[str, Any]]:
    if JAX_MANIFEST is None:
        return
    for run in JAX_MANIFEST.get("runs", []):
        if jax_log_path(run) is not None:
            yield run


JAX_RUNS = list(jax_runs())


def project_relative(path: str, run: dict[str, Any]) -> str | None:
    """``path`` relative to the JAX fixture project, if it points into it."""
    assert JAX_MANIFEST is not None
    for root in (JAX_MANIFEST.get("project"), JAX_MANIFEST.get("foreign_root"), run["cwd"]):
        if root and path.startswith(root.rstrip("/") + "/"):
            rel = path[len(root.rstrip("/")) + 1 :]
            return rel if (PROJECT / rel).is_file() else None
    outside = path.startswith(("/", "<", "..")) or "site-packages" in path
    if not outside and (PROJECT / path).is_file():
        return path
    return None


def markers_at(rel: str, line: int) -> set[str]:
    """``kind:code`` of the ``# jaxerr-<kind>: <code>`` comments on one line of the project."""
    text = (PROJECT / rel).read_text().splitlines()[line - 1]
    return {f"{m[1]}:{m[2]}" for m in re.finditer(r"jaxerr-(\w+):\s*([\w.-]+)", text)}


def innermost_project_frame(event: ErrorEvent, run: dict[str, Any]) -> tuple[str, int] | None:
    for frame in reversed(event.frames):
        rel = project_relative(frame.path, run)
        if rel is not None and frame.line is not None:
            return rel, frame.line
    return None


def failing_tests(run: dict[str, Any]) -> dict[str, str]:
    """Test id -> final exception class, for the tests of ``run`` whose program raises."""
    assert JAX_MANIFEST is not None
    programs = JAX_MANIFEST["programs"][run["jax"]]
    result: dict[str, str] = {}
    for script, info in JAX_MANIFEST["programs_tests"].items():
        outcome = programs.get(Path(script).stem)
        if outcome and outcome["raised"] and info["test"] in run["programs"]:
            result[info["test"]] = outcome["exception"]
    return result


@pytest.mark.skipif(not JAX_RUNS, reason="no JAX logs captured yet")
@pytest.mark.parametrize("run", JAX_RUNS, ids=lambda r: str(r["log"]))
def test_jax_log(run: dict[str, Any]) -> None:
    assert JAX_MANIFEST is not None
    log = jax_log_path(run)
    assert log is not None
    text = read_log(log)
    events = parse_log(log)
    check_ordered(events, len(text.split("\n")))
    for event in events:
        for member in [event, *event.chain]:
            assert "For simplicity, JAX has removed" not in member.message
            assert not member.exc_type.endswith("SimplifiedTraceback")
        for frame in event.all_frames():
            check_columns(frame)

    if run["kind"] == "script":
        (program,) = run["programs"]
        outcome = JAX_MANIFEST["programs"][run["jax"]][Path(program).stem]
        if not outcome["raised"]:
            return
        event = events[-1]
        assert short(event.exc_type) == short(outcome["exception"])
        expected_tracebacks = outcome["tracebacks"]
        members = [*event.chain, event]
        if run["env"].get("JAX_TRACEBACK_FILTERING") == "remove_frames":
            # The manifest describes the default run; remove_frames adds UnfilteredStackTrace
            # causes (checked in test_jax_traceback_filtering_shapes).
            assert any(short(m.exc_type) == "UnfilteredStackTrace" for m in event.chain)
            members = [m for m in members if short(m.exc_type) != "UnfilteredStackTrace"]
        # The manifest lists the printed tracebacks oldest first, like the chain.
        assert len(members) == len(expected_tracebacks)
        for member, expected in zip(members, expected_tracebacks, strict=True):
            assert f"{member.exc_type}: {member.first_line}".startswith(
                expected["exception_line"].split("\n")[0][:60]
            )
            frame = expected.get("innermost_project_frame")
            if frame is None:
                continue
            located = innermost_project_frame(member, run)
            assert located is not None
            assert located[0] == frame["path"]
            # The source's markers decide the line: the manifest's line numbers and marker codes
            # can lag behind edits of the project, the kind of marker (expect / origin) cannot.
            if frame.get("markers"):
                kinds = {m.split(":", 1)[0] for m in frame["markers"]}
                found = {m.split(":", 1)[0] for m in markers_at(*located)}
                assert kinds & found, (located, frame)
        return

    tb = run["tb"]
    expected = failing_tests(run)
    reported = {e.test_id: e for e in events if e.test_id is not None}
    assert set(reported) == set(expected)
    assert len([e for e in events if e.test_id is not None]) == len(expected)
    # The summary lines pytest cut short, searched for each test below: the log's other lines
    # cannot match, and scanning the whole log once per test cost most of this test's time.
    cut_lines = "\n".join(re.findall(r"^FAILED .*\.\.\.$", text, re.MULTILINE))
    for test_id, cls in expected.items():
        event = reported[test_id]
        cut = re.search(rf"^FAILED {re.escape(test_id)} - ([\w.]+)\.\.\.$", cut_lines, re.MULTILINE)
        if event.exc_type == "" and cut is not None:
            # pytest cut the summary line inside the class name: the class is unknown.
            assert short(cls).startswith(short(cut[1])), test_id
        else:
            assert short(event.exc_type) == short(cls), test_id
        if tb in ("no",):
            assert event.frames == []
            continue
        assert event.frames, test_id
        if tb == "line":
            continue
        located = innermost_project_frame(event, run)
        assert located is not None, test_id
        rel, line = located
        assert line in expect_markers(PROJECT / rel), (test_id, located)


# -- focused behaviour on real logs ---------------------------------------------------------------


SIMPLIFIED_LINE = (
    "jax.errors.SimplifiedTraceback: For simplicity, JAX has removed its internal frames"
)
UNFILTERED_LINE = "jax._src.traceback_util.UnfilteredStackTrace: "


def count_printed(text: str, line_start: str) -> int:
    """Lines of ``text`` starting with ``line_start``, alone or after pytest's ``E   ``."""
    return len(re.findall(r"^(?:E\s+)?" + re.escape(line_start), text, re.MULTILINE))


def jax_runs_showing(line_start: str) -> list[dict[str, Any]]:
    """The captured JAX runs whose log prints a line starting with ``line_start``."""
    found = []
    for run in JAX_RUNS:
        log = jax_log_path(run)
        assert log is not None
        if count_printed(read_log(log), line_start):
            found.append(run)
    return found


def is_jax_internal(frame: Frame) -> bool:
    return "site-packages/jax/" in frame.path or "site-packages/jaxlib/" in frame.path


@pytest.mark.skipif(not JAX_RUNS, reason="no JAX logs captured yet")
def test_jax_traceback_filtering_shapes() -> None:
    """Real SimplifiedTraceback (old JAX) and UnfilteredStackTrace (remove_frames) output."""
    simplified = jax_runs_showing(SIMPLIFIED_LINE)
    assert {run["kind"] for run in simplified} == {"script", "pytest"}
    for run in simplified:
        log = jax_log_path(run)
        assert log is not None
        events = parse_log(log)
        assert len(events) == 1 if run["kind"] == "script" else events
        for event in events:
            # The notice never becomes an event or a chain member, nor part of a message.
            for member in [event, *event.chain]:
                assert "SimplifiedTraceback" not in member.exc_type
                assert "For simplicity" not in member.message
                assert "JAX_TRACEBACK_FILTERING" not in member.message
            assert short(event.exc_type) != "SimplifiedTraceback"

    unfiltered = jax_runs_showing(UNFILTERED_LINE)
    assert {(run["kind"], run["jax"]) for run in unfiltered} >= {
        (kind, version) for kind in ("script", "pytest") for version in ("0.12.0.1", "0.10.2")
    }
    for run in unfiltered:
        log = jax_log_path(run)
        assert log is not None
        assert run["env"].get("JAX_TRACEBACK_FILTERING") == "remove_frames"
        printed = count_printed(read_log(log), UNFILTERED_LINE)
        events = parse_log(log)
        members = [
            m for e in events for m in e.chain if short(m.exc_type) == "UnfilteredStackTrace"
        ]
        # Each printed UnfilteredStackTrace is kept, as a chain member and never as an event.
        assert len(members) == printed
        assert not [e for e in events if short(e.exc_type) == "UnfilteredStackTrace"]
        for event in events:
            members = [*event.chain, event]
            for member, wrapped in itertools.pairwise(members):
                if short(member.exc_type) != "UnfilteredStackTrace":
                    continue
                # It repeats the exception it is the cause of and says what it is...
                assert short(member.first_line.split(":", 1)[0]) == short(wrapped.exc_type)
                assert "The stack trace below excludes JAX-internal frames." in member.message
                # ...and holds the unfiltered stack: JAX-internal frames that the exception
                # itself, whose frames are the filtered ones, does not show.
                shown = {(f.path, f.line) for f in wrapped.frames}
                hidden = [f for f in member.frames if (f.path, f.line) not in shown]
                assert any(is_jax_internal(f) for f in hidden), member.log_line
                assert len(member.frames) > len(wrapped.frames) or run["tb"] == "native"


def first_log(pattern: str) -> Path:
    found = sorted(GENERIC_LOGS.glob(pattern))
    if not found:
        pytest.skip(f"no {pattern} captured")
    return found[0]


def test_tb_no_summary_is_the_only_source() -> None:
    events = parse_log(first_log("pytest313-no.log"))
    reported = [e for e in events if e.test_id]
    assert reported and all(e.frames == [] for e in reported)
    assert {e.log_line for e in reported} == {
        n
        for n, line in enumerate(read_log(first_log("pytest313-no.log")).split("\n"), 1)
        if line.startswith(("FAILED ", "ERROR "))
    }


def test_summary_merges_instead_of_duplicating() -> None:
    text = read_log(first_log("pytest313-auto.log"))
    summary_lines = [n for n, line in enumerate(text.split("\n"), 1) if line.startswith("FAILED ")]
    events = parse_text(text)
    assert summary_lines
    # Every event sits in the report sections, none at the summary lines.
    assert not {e.log_line for e in events} & set(summary_lines)


def test_truncated_logs_never_raise_and_stay_in_range() -> None:
    for log in sorted(GENERIC_LOGS.glob("*.log"))[:20]:
        lines = read_log(log).split("\n")
        for cut in range(0, len(lines), max(1, len(lines) // 7)):
            part = "\n".join(lines[:cut])
            check_ordered(parse_text(part), max(1, cut))


def test_strip_ansi_examples() -> None:
    assert strip_ansi("\x1b[1;35mKeyError\x1b[0m: \x1b[35m'x'\x1b[0m") == "KeyError: 'x'"
    assert strip_ansi("\x1b]8;;http://x\x1b\\link\x1b]8;;\x1b\\") == "link"
    assert strip_ansi("\x1b\x1b[0m[31mred") == "[31mred"
    assert strip_ansi("plain") == "plain"


def test_bare_exception_lines_in_unknown_output() -> None:
    text = "\n".join(
        [
            "INFO:root:starting",
            "ERROR:root:ValueError: bad shapes",
            "E1129 12:00:00.123456  1234 train.py:10] jax.errors.ConcretizationTypeError: boom",
            "Error: this is a CLI message, not a Python exception",
            "Warning: so is this",
            "The ValueError: in the middle of prose is ignored",
            "OSError",
        ]
    )
    events = parse_text(text)
    assert [(e.exc_type, e.message, e.log_line) for e in events] == [
        ("ValueError", "bad shapes", 2),
        ("jax.errors.ConcretizationTypeError", "boom", 3),
        ("OSError", "", 7),
    ]


def test_crlf_nul_and_long_lines() -> None:
    log = first_log("py313-chained.log")
    lines = read_log(log).split("\n")
    crlf = [line + "\r\n" for line in lines]
    crlf[3] = crlf[3][:-2] + "\x00\r\n"
    assert parse_output(crlf).__next__().exc_type == "RuntimeError"
    huge = ["Traceback (most recent call last):", "ValueError: " + "x" * 1_000_000]
    (event,) = parse_output(huge)
    assert len(event.message) <= tracebacks.MAX_LINE_CHARS


# -- cost --------------------------------------------------------------------------------------


def passing_noise(n_lines: int) -> Iterator[str]:
    templates = (
        "step {i} loss=0.{i:05d} lr=3.0e-04 grad_norm=1.{i:03d} throughput=1234.5 samples/s\n",
        "tests/test_model.py::test_forward[{i}] PASSED                              [ 40%]\n",
        "2026-11-29 10:00:00,123 INFO trainer: epoch {i} finished, val_acc=0.{i:04d}\n",
        "  indented output for item {i}\n",
        "Training batch {i}/100000: accuracy 0.{i:03d}\n",
    )
    for i in range(n_lines):
        yield templates[i % len(templates)].format(i=i)


def noisy_log(n_lines: int, every: int) -> Iterator[str]:
    error = read_log(first_log("py313-chained.log")).splitlines(keepends=True)
    for i, line in enumerate(passing_noise(n_lines)):
        yield line
        if i % every == every - 1:
            yield from error


# A stream of 300,000 lines under tracemalloc: in the whole suite and with `-m slow`, not in
# the core tier.
@pytest.mark.slow
def test_memory_stays_bounded_on_a_long_stream() -> None:
    import tracemalloc

    tracemalloc.start()
    try:
        count = sum(1 for _ in parse_output(noisy_log(300_000, 10_000)))
        peak = tracemalloc.get_traced_memory()[1]
    finally:
        tracemalloc.stop()
    assert count == 30
    assert peak < 2_000_000


def test_strict_mode_is_a_parameter(monkeypatch: pytest.MonkeyPatch) -> None:
    from jaxerr_ls.tracebacks.cpython import TracebackReader

    def broken(*args: object) -> bool:
        raise RuntimeError("parser bug")

    monkeypatch.setattr(TracebackReader, "feed", broken)
    log = 'Traceback (most recent call last):\n  File "a.py", line 1\nValueError: x\n'
    with pytest.raises(RuntimeError, match="parser bug"):
        parse_text(log, strict=True)
    # Without strict mode the parser recovers and reads on: the exception line is still found.
    events = parse_text(log, strict=False)
    assert [e.exc_type for e in events] == ["ValueError"]
    monkeypatch.setenv(tracebacks.STRICT_ENV, "0")
    assert [e.exc_type for e in parse_text(log)] == ["ValueError"]
    monkeypatch.setenv(tracebacks.STRICT_ENV, "1")
    with pytest.raises(RuntimeError, match="parser bug"):
        parse_text(log)
