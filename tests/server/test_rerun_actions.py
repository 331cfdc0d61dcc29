"""Apply and re-run, in-process: the action next to each quick fix carries the same edit and
the client-side command that runs the failure again; the server itself only says the command
line; a pytest report of one test replaces what was said of that test only. And
``jaxerr.explainText`` on text a user selected."""

from __future__ import annotations

import asyncio
import shutil
import subprocess
import sys
from pathlib import Path
from typing import Any

import pytest
from lsprotocol import types

from jaxerr_ls.payload import from_json
from jaxerr_ls.server.code_actions import code_action, rerun, resolve_code_action
from jaxerr_ls.server.diagnostics import (
    clear_diagnostics,
    did_change,
    document_diagnostic,
    ingest_output,
)
from jaxerr_ls.server.explain import explain_text
from tests.server.conftest import PULLING, MakeServer
from tests.server.test_handlers import RESOLVING, in_loop, open_document, published

BLIND = Path(__file__).resolve().parents[1] / "blind"
PROGRAM = BLIND / "f01_hijax_bwd_return" / "01_softsign_mlp"
TEST_ID = "test_softsign_mlp.py::test_training_reduces_loss"
CODE = "hijax-vjp-bwd-return"


@pytest.fixture
def program(tmp_path: Path) -> Path:
    """A blind program, copied as a user's project: its modules and test, not its answers."""
    root = tmp_path / "softsign"
    shutil.copytree(PROGRAM, root, ignore=shutil.ignore_patterns("fixed", "logs", "meta.json"))
    return root.resolve()


def ingest(server: object, log: Path, cwd: Path, command: str | None = None) -> None:
    ingest_text(server, log.read_text(), cwd, command)


def ingest_text(server: object, text: str, cwd: Path, command: str | None = None) -> None:
    request = {"text": text, "cwd": str(cwd), "source": "run", "command": command}
    asyncio.run(ingest_output(server, request))  # type: ignore[arg-type]


def actions_for(server: Any, path: Path) -> list[types.CodeAction]:
    uri = open_document(server, path)
    diagnostics = published(server, uri)
    assert diagnostics, f"no diagnostic in {path.name}"
    params = types.CodeActionParams(
        text_document=types.TextDocumentIdentifier(uri=uri),
        range=diagnostics[0].range,
        context=types.CodeActionContext(
            diagnostics=diagnostics, only=[types.CodeActionKind.QuickFix]
        ),
    )
    return [a for a in code_action(server, params) or [] if isinstance(a, types.CodeAction)]


@pytest.mark.parametrize(
    ("log", "command", "argv", "label"),
    [
        # The command line the terminal ran says which Python ran it, and how.
        (
            "0.12.0.1-pytest.log",
            "PYTHONPATH=. /opt/venv/bin/python -m pytest -q test_softsign_mlp.py",
            ["env", "PYTHONPATH=.", "/opt/venv/bin/python", "-m", "pytest", TEST_ID],
            TEST_ID,
        ),
        (
            "0.12.0.1-script.log",
            "uv run python -m train",
            ["uv", "run", "python", "-m", "train"],
            "python -m train",
        ),
        # Without the command line: the Python the user's shell finds.
        ("0.12.0.1-pytest.log", None, ["python", "-m", "pytest", TEST_ID], TEST_ID),
        ("0.12.0.1-script.log", None, ["python", "-m", "train"], "python -m train"),
    ],
)
def test_each_quick_fix_has_an_apply_and_rerun_twin(
    make_server: MakeServer,
    program: Path,
    log: str,
    command: str | None,
    argv: list[str],
    label: str,
) -> None:
    server, _ = make_server(program)
    ingest(server, PROGRAM / "logs" / log, program, command)
    actions = actions_for(server, program / "train.py")
    fixes = [a for a in actions if a.edit is not None and a.command is None]
    reruns = [a for a in actions if a.command is not None and a.command.command == "jaxerr.rerun"]
    assert fixes and len(reruns) == len(fixes)
    for fix, twin in zip(fixes, reruns, strict=True):
        fix_title = fix.title.removeprefix(f"jaxerr ({CODE}): ")
        assert twin.title == f"jaxerr ({CODE}): Apply and re-run {label}: {fix_title}"
        assert twin.kind == types.CodeActionKind.QuickFix and not twin.is_preferred
        assert twin.edit == fix.edit
        assert twin.command is not None
        assert twin.command.arguments == [{"argv": argv, "cwd": str(program), "label": label}]
    # The re-run rides in the diagnostic's own data, as the code action read it.
    data = from_json(fixes[0].diagnostics[0].data if fixes[0].diagnostics else None)
    assert data is not None and data.rerun is not None and list(data.rerun.argv) == argv


def test_a_resolving_client_gets_the_edit_of_the_twin_on_resolve(
    make_server: MakeServer, program: Path
) -> None:
    server, _ = make_server(program, capabilities=RESOLVING)
    ingest(server, PROGRAM / "logs" / "0.12.0.1-pytest.log", program)
    actions = actions_for(server, program / "train.py")
    fixes = [a for a in actions if a.data is not None and a.command is None]
    reruns = [a for a in actions if a.data is not None and a.command is not None]
    assert fixes and len(reruns) == len(fixes)
    for fix, twin in zip(fixes, reruns, strict=True):
        assert twin.edit is None
        assert resolve_code_action(server, twin).edit == resolve_code_action(server, fix).edit
        assert twin.command is not None and twin.command.command == "jaxerr.rerun"


def test_an_error_whose_run_is_unknown_has_no_rerun(
    make_server: MakeServer, program: Path, tmp_path: Path
) -> None:
    # The first traceback of the real output alone, as a user pastes it: it starts inside
    # train_step, so which program ran it is unknown.
    script = (PROGRAM / "logs" / "0.12.0.1-script.log").read_text()
    log = tmp_path / "paste.log"
    log.write_text(script[: script.index("The preceding stack trace")])
    server, _ = make_server(program)
    ingest(server, log, program)
    # Without the program's own frames, the error is placed at the innermost frame.
    actions = actions_for(server, program / "model.py")
    assert [a for a in actions if a.edit is not None], "the quick fixes are still offered"
    assert not [a for a in actions if a.command is not None and "re-run" in a.title]


def test_the_server_answers_jaxerr_rerun_with_the_command_line_and_runs_nothing(
    make_server: MakeServer, tmp_path: Path
) -> None:
    server, writer = make_server(tmp_path)
    marker = tmp_path / "ran"
    argv = [sys.executable, "-c", f"open({str(marker)!r}, 'w')"]
    answer = rerun(server, {"argv": argv, "cwd": str(tmp_path), "label": "x"})
    assert answer["commandLine"].startswith(sys.executable + " -c ")
    assert answer["cwd"] == str(tmp_path)
    [shown] = writer.notifications(types.WINDOW_SHOW_MESSAGE)
    assert answer["commandLine"] in shown["message"] and str(tmp_path) in shown["message"]
    assert not marker.exists()
    for bad in ({"argv": "python x.py", "cwd": "/"}, {"argv": [], "cwd": "/"}, {"argv": ["x"]}):
        with pytest.raises(ValueError, match=r"jaxerr\.rerun takes one object"):
            rerun(server, bad)


def test_explain_text_names_the_record_of_a_selected_message(
    make_server: MakeServer, tmp_path: Path
) -> None:
    server, _ = make_server(tmp_path)
    script = (PROGRAM / "logs" / "0.12.0.1-script.log").read_text()
    # The exception line alone, as a user selects it in a terminal or an issue.
    line = next(text for text in script.splitlines() if text.startswith("TypeError: "))
    for selection in (line, script, line.removeprefix("TypeError: ")):
        answer = explain_text(server, {"text": selection})
        assert answer is not None, selection[:80]
        assert answer["code"] == CODE
        record = server.catalog.record(CODE)
        assert record is not None
        assert answer["title"] == record.summary
        assert 0 < answer["score"] <= 1
        assert answer["markdown"].startswith(f"### `{CODE}`")
        assert record.github_url in answer["markdown"]
    assert explain_text(server, {"text": "the weather is fine today"}) is None
    for bad in ((), ({"text": 3},), ("text",)):
        with pytest.raises(ValueError, match=r"jaxerr\.explainText takes one object"):
            explain_text(server, *bad)


def _pytest(project: Path, *args: str) -> None:
    subprocess.run(
        [sys.executable, "-m", "pytest", "-q", "-p", "no:cacheprovider", *args],
        cwd=project,
        capture_output=True,
        check=False,
    )


PLUGIN = ("-p", "jaxerr_ls.pytest_plugin")


def _failing_pair(tmp_path: Path) -> tuple[Path, Path]:
    """A project of two failing tests, run once with the plugin (its report written)."""
    project = tmp_path / "proj"
    project.mkdir()
    (project / "pytest.ini").write_text("[pytest]\njaxerr = true\n")
    tests = project / "test_pair.py"
    tests.write_text(
        "def test_one():\n    assert int('one')\n\n\ndef test_two():\n    assert int('two')\n"
    )
    _pytest(project, *PLUGIN)
    return project, tests


def test_a_passing_run_of_one_test_clears_that_test_only(
    make_server: MakeServer, tmp_path: Path
) -> None:
    """Real pytest runs with the plugin: a run of the whole file fails two tests, then a run of
    one test id (fixed meanwhile) passes; the report then speaks for that test only."""
    project, tests = _failing_pair(tmp_path)
    server, writer = make_server(
        project, options={"generatedRecords": False, "enabledSources": ["pytest"]}
    )
    asyncio.run(server.check_watched())
    uri = tests.as_uri()
    assert len(writer.diagnostics(uri)) == 2
    tests.write_text(tests.read_text().replace("int('one')", "int('1')"))
    _pytest(project, *PLUGIN, "test_pair.py::test_one")
    asyncio.run(server.check_watched())
    [left] = writer.diagnostics(uri)
    assert left["range"]["start"]["line"] == 5  # test_two's assert
    data = from_json(left["data"])
    assert data is not None and data.rerun is not None
    assert data.rerun.argv == (sys.executable, "-m", "pytest", "test_pair.py::test_two")
    # A failing run of it again keeps showing its error, from the new report.
    _pytest(project, *PLUGIN, "test_pair.py::test_two")
    asyncio.run(server.check_watched())
    assert len(writer.diagnostics(uri)) == 1


def test_a_report_written_before_clear_diagnostics_stays_cleared(
    make_server: MakeServer, tmp_path: Path
) -> None:
    """The report's change notice may reach the server after the user cleared: what the run
    wrote before the clear is not brought back; a run after it is shown."""
    project, tests = _failing_pair(tmp_path)
    server, writer = make_server(
        project, options={"generatedRecords": False, "enabledSources": ["pytest"]}
    )
    asyncio.run(server.check_watched())
    uri = tests.as_uri()
    assert len(writer.diagnostics(uri)) == 2
    _pytest(project, *PLUGIN)
    clear_diagnostics(server)
    asyncio.run(server.check_watched())
    assert writer.diagnostics(uri) == []
    _pytest(project, *PLUGIN, "test_pair.py::test_one")
    asyncio.run(server.check_watched())
    [shown] = writer.diagnostics(uri)
    assert shown["range"]["start"]["line"] == 1  # test_one's assert


@pytest.mark.parametrize("pulling", [False, True], ids=["pushed", "pulled"])
def test_the_fixed_tests_passing_rerun_clears_its_error_and_its_culprit(
    make_server: MakeServer, program: Path, pulling: bool
) -> None:
    """As in an editor: a terminal run of the test file fails, the culprit's file is open, the
    "Apply and re-run" edit lands in it, and the re-run of the test id passes: the error and
    its culprit note both go, whether the client is sent them or pulls them (VS Code)."""
    server, _ = make_server(program, **({"capabilities": PULLING} if pulling else {}))
    python = sys.executable
    ingest(
        server,
        PROGRAM / "logs" / "0.12.0.1-pytest.log",
        program,
        f"{python} -m pytest -q test_softsign_mlp.py",
    )
    prims = program / "prims.py"
    uri = open_document(server, prims)
    assert run_diagnostics(server, uri)
    twin = next(
        a
        for a in actions_for(server, prims)
        if a.command is not None and a.command.command == "jaxerr.rerun"
    )
    assert twin.edit is not None and twin.edit.document_changes
    [file_edit] = twin.edit.document_changes
    assert isinstance(file_edit, types.TextDocumentEdit)
    document = server.workspace.get_text_document(uri)
    # As a client applies them: each against the text the ones below it left.
    edits = sorted(
        file_edit.edits, key=lambda e: (e.range.start.line, e.range.start.character), reverse=True
    )
    changes = [
        types.TextDocumentContentChangePartial(range=edit.range, text=edit.new_text)
        for edit in edits
    ]
    for change in changes:
        document.apply_change(change)
    in_loop(
        did_change,
        server,
        types.DidChangeTextDocumentParams(
            text_document=types.VersionedTextDocumentIdentifier(uri=uri, version=2),
            content_changes=changes,
        ),
    )
    prims.write_text(document.source)
    passed = "1 passed in 2.51s\n"
    ingest_text(server, passed, program, f"{python} -m pytest {TEST_ID}")
    assert run_diagnostics(server, uri) == []
    assert published(server, (program / "train.py").as_uri()) == []


def run_diagnostics(server: Any, uri: str) -> list[types.Diagnostic]:
    """What the client shows for an open document: pulled if it pulls, else as pushed."""
    if not server.features.pull_diagnostics:
        return published(server, uri)
    report = document_diagnostic(
        server, types.DocumentDiagnosticParams(text_document=types.TextDocumentIdentifier(uri=uri))
    )
    assert isinstance(report, types.RelatedFullDocumentDiagnosticReport)
    return [d for d in report.items if (d.data or {}).get("role") != "predicted"]
