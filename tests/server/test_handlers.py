"""Handlers called in-process on real output of the fixture project: diagnostics, their payload,
code actions bound to what they were computed for, hovers and settings."""

from __future__ import annotations

import asyncio
import os
import shutil
import threading
from pathlib import Path
from typing import Any

import pytest
from lsprotocol import types
from pygls.workspace import Workspace

from jaxerr_ls.payload import from_json
from jaxerr_ls.server.code_actions import (
    SHOW_FIX,
    code_action,
    resolve_code_action,
    show_fix_command,
)
from jaxerr_ls.server.diagnostics import (
    clear_diagnostics,
    did_change,
    did_open,
    document_diagnostic,
    ingest_output,
)
from jaxerr_ls.server.hover import hover
from jaxerr_ls.server.pacing import REPUBLISH_DELAY
from jaxerr_ls.server.records import render_record
from tests.server.conftest import PULLING, MakeServer

FIXTURES = Path(__file__).resolve().parents[1] / "fixtures"
LOGS = FIXTURES / "logs"
SHAPE_LOG = LOGS / "jax-0.12.0.1" / "script" / "custom_vjp_bwd_shape.log"
RESOLVING = types.ClientCapabilities(
    text_document=types.TextDocumentClientCapabilities(
        code_action=types.CodeActionClientCapabilities(
            resolve_support=types.ClientCodeActionResolveOptions(properties=["edit"])
        )
    )
)


@pytest.fixture
def project(tmp_path: Path) -> Path:
    root = tmp_path / "project"
    shutil.copytree(FIXTURES / "project", root)
    return root.resolve()


def ingest(
    server: object, log: Path | str, cwd: Path, command: str | None = None, source: str = "run"
) -> dict[str, object]:
    text = log if isinstance(log, str) else log.read_text()
    request = {"text": text, "cwd": str(cwd), "source": source, "command": command}
    return asyncio.run(ingest_output(server, request))  # type: ignore[arg-type]


def open_document(server: object, path: Path, version: int = 1) -> str:
    uri = path.as_uri()
    params = types.DidOpenTextDocumentParams(
        text_document=types.TextDocumentItem(
            uri=uri, language_id="python", version=version, text=path.read_text()
        )
    )
    server.workspace.put_text_document(params.text_document)  # type: ignore[attr-defined]
    in_loop(did_open, server, params)
    return uri


def in_loop(handler: Any, *args: Any) -> Any:
    """Call a notification handler as the server does, on its event loop, and let what it
    scheduled (the debounced republishing) run."""

    async def call() -> Any:
        result = handler(*args)
        await asyncio.sleep(REPUBLISH_DELAY * 3)
        return result

    return asyncio.run(call())


def culprit_opened(server: Any, project: Path) -> tuple[str, types.Diagnostic]:
    """The shape log ingested and the file of its culprit opened: its uri and diagnostic."""
    ingest(server, SHAPE_LOG, project)
    uri = open_document(server, project / "model" / "ops.py")
    [diagnostic] = published(server, uri)
    return uri, diagnostic


def insert_at_top(server: Any, uri: str, text: str) -> Any:
    """Lines typed at the top of an open document (its version 2), as the client sends them;
    the document."""
    document = server.workspace.get_text_document(uri)
    inserted = types.TextDocumentContentChangePartial(
        range=types.Range(
            start=types.Position(line=0, character=0), end=types.Position(line=0, character=0)
        ),
        text=text,
    )
    document.apply_change(inserted)
    change = types.DidChangeTextDocumentParams(
        text_document=types.VersionedTextDocumentIdentifier(uri=uri, version=2),
        content_changes=[inserted],
    )
    in_loop(did_change, server, change)
    return document


def published(server: object, uri: str) -> list[types.Diagnostic]:
    """The diagnostics of the ingested run (predictions from the source left out)."""
    return [
        d
        for d in server.published[uri][1]  # type: ignore[attr-defined]
        if (d.data or {}).get("role") != "predicted"
    ]


def test_ingested_output_is_published_with_a_typed_payload(
    make_server: MakeServer, project: Path
) -> None:
    server, writer = make_server(project)
    result = ingest(server, SHAPE_LOG, project)
    assert result["errors"] == 1
    ops = project / "model" / "ops.py"
    [culprit] = writer.diagnostics(ops.as_uri())
    data = from_json(culprit["data"])
    assert data is not None and data.role == "culprit" and data.target is not None
    assert data.record_id == server.catalog.record("custom-vjp-bwd-args-mismatch").id  # type: ignore[union-attr]
    [rule] = data.target.culprits
    assert rule.span.path == ops and rule.name == "_clipped_relu_bwd"
    assert ops.read_text().splitlines()[rule.span.line - 1].strip().startswith("return")
    # Nothing write-only rides along: the whole message is not repeated in the payload.
    assert "message" not in culprit["data"] and "message" not in culprit["data"]["target"]
    clear_diagnostics(server)
    assert writer.diagnostics(ops.as_uri()) == []


FOREIGN_PYTEST = LOGS / "jax-0.12.0.1" / "foreign" / "pytest-tb-auto.log"


def test_a_passing_run_clears_the_errors_of_what_it_ran_whichever_command_ran_it(
    make_server: MakeServer, project: Path
) -> None:
    server, writer = make_server(project)
    ingest(server, FOREIGN_PYTEST, project, command="python -m pytest -q")
    test_ops = (project / "tests" / "test_ops.py").as_uri()
    codes = {d["code"] for d in writer.diagnostics(test_ops)}
    assert "hijax-vjp-bwd-return" in codes and len(codes) > 2
    # One test passes in another terminal, run by its node id: its error goes, the others stay.
    passed = "tests/test_ops.py::test_scaled_tanh_grad PASSED\n1 passed in 0.52s\n"
    command = "pytest -v tests/test_ops.py::test_scaled_tanh_grad"
    result = ingest(server, passed, project, command=command, source="other terminal")
    assert result["errors"] == 0
    left = {d["code"] for d in writer.diagnostics(test_ops)}
    assert left == codes - {"hijax-vjp-bwd-return"}
    # A run that names no test it ran (-k) clears nothing but its own earlier line.
    ingest(server, "1 passed\n", project, command="pytest -k relu tests", source="third")
    assert {d["code"] for d in writer.diagnostics(test_ops)} == left
    # The whole file passes: none of its errors is left.
    ingest(server, "5 passed in 1.20s\n", project, command="pytest tests/test_ops.py")
    assert writer.diagnostics(test_ops) == []
    with pytest.raises(ValueError, match="command must be a string"):
        asyncio.run(ingest_output(server, {"text": "", "command": ["pytest"]}))


def test_a_quick_fix_resolves_only_for_the_documents_it_was_computed_for(
    make_server: MakeServer, project: Path
) -> None:
    server, _ = make_server(project, capabilities=RESOLVING)
    ingest(server, SHAPE_LOG, project)
    ops = project / "model" / "ops.py"
    uri = open_document(server, ops)
    diagnostics = published(server, uri)
    context = types.CodeActionContext(diagnostics=diagnostics)
    params = types.CodeActionParams(
        text_document=types.TextDocumentIdentifier(uri=uri),
        range=diagnostics[0].range,
        context=context,
    )
    actions = [a for a in code_action(server, params) or [] if isinstance(a, types.CodeAction)]
    [fix] = [
        a for a in actions if a.title.startswith("jaxerr (custom-vjp-bwd-args-mismatch): Remove")
    ]
    assert fix.edit is None and fix.data is not None
    resolved = resolve_code_action(server, fix.model_copy() if hasattr(fix, "model_copy") else fix)
    assert resolved.edit is not None
    [change] = resolved.edit.document_changes or []
    assert isinstance(change, types.TextDocumentEdit) and change.text_document.version == 1
    # The user edits the file before choosing the action: no edit rather than a stale one.
    fix.edit = None
    server.workspace.get_text_document(uri).version = 2
    assert resolve_code_action(server, fix).edit is None


def test_the_fix_of_another_action_is_never_resolved(
    make_server: MakeServer, project: Path
) -> None:
    server, _ = make_server(project, capabilities=RESOLVING)
    ingest(server, SHAPE_LOG, project)
    uri = open_document(server, project / "model" / "ops.py")
    diagnostics = published(server, uri)
    params = types.CodeActionParams(
        text_document=types.TextDocumentIdentifier(uri=uri),
        range=diagnostics[0].range,
        context=types.CodeActionContext(diagnostics=diagnostics),
    )
    [fix] = [
        a
        for a in code_action(server, params) or []
        if isinstance(a, types.CodeAction) and a.data is not None and a.command is None
    ]
    assert isinstance(fix.data, dict)
    fix.data = {**fix.data, "fix": "0" * 32}
    assert resolve_code_action(server, fix).edit is None


def test_edits_move_diagnostics_and_a_changed_line_drops_them(
    make_server: MakeServer, project: Path
) -> None:
    server, _ = make_server(project)
    uri, before = culprit_opened(server, project)
    document = insert_at_top(server, uri, "# a new first line\n")
    [after] = published(server, uri)
    assert after.range.start.line == before.range.start.line + 1
    line = after.range.start.line
    rewrite = types.TextDocumentContentChangePartial(
        range=types.Range(
            start=types.Position(line=line, character=0),
            end=types.Position(line=line + 1, character=0),
        ),
        text="    return (g * mask,)\n",
    )
    document.apply_change(rewrite)
    in_loop(
        did_change,
        server,
        types.DidChangeTextDocumentParams(
            text_document=types.VersionedTextDocumentIdentifier(uri=uri, version=3),
            content_changes=[rewrite],
        ),
    )
    assert published(server, uri) == []


SHOWS_RECORDS = types.ClientCapabilities(
    experimental={"jaxerr": {"showRecordCommand": "jaxerr.showRecord"}}
)


def hover_at(server: object, uri: str, position: types.Position) -> types.MarkupContent:
    params = types.HoverParams(
        text_document=types.TextDocumentIdentifier(uri=uri), position=position
    )
    found = asyncio.run(hover(server, params))  # type: ignore[arg-type]
    assert found is not None and isinstance(found.contents, types.MarkupContent)
    return found.contents


@pytest.mark.parametrize("capabilities", [None, SHOWS_RECORDS], ids=["plain", "shows-records"])
def test_a_hover_on_a_diagnostic_is_a_brief_of_its_record(
    make_server: MakeServer, project: Path, capabilities: types.ClientCapabilities | None
) -> None:
    server, _ = make_server(project, capabilities=capabilities)
    ingest(server, SHAPE_LOG, project)
    ops = project / "model" / "ops.py"
    uri = open_document(server, ops)
    [diagnostic] = published(server, uri)
    text = hover_at(server, uri, diagnostic.range.start).value
    # On the culprit: why it is the culprit first; then the message as the run printed it, the
    # meaning, the culprit with its place, the record one link away; the whole record
    # (solutions, example) is not in the hover.
    lines = text.splitlines()
    assert lines[0].startswith("**Culprit:** `jnp.sum(g * mask)` is float32[] where float32[8,1]")
    first = next(line for line in lines if line.startswith("**`"))
    assert first.startswith("**`custom-vjp-bwd-args-mismatch`**: Custom VJP bwd rule ")
    assert first.split(": ", 1)[1].rstrip("\u2026") in SHAPE_LOG.read_text()
    assert "Culprit: custom_vjp bwd rule `_clipped_relu_bwd` (model/ops.py:" in text
    assert "**Solutions**" not in text and "**Example fix**" not in text
    if capabilities is None:
        assert "Record: `jaxerr-ls explain custom-vjp-bwd-args-mismatch`" in text
    else:
        assert (
            "[Show record](command:jaxerr.showRecord?%5B%22custom-vjp-bwd-args-mismatch%22%5D)"
            in text
        )


def test_render_record_gives_the_whole_record_or_none(
    make_server: MakeServer, project: Path
) -> None:
    server, _ = make_server(project)
    record = render_record(server, {"code": "custom-vjp-bwd-args-mismatch"})
    assert record is not None and record.startswith("### `custom-vjp-bwd-args-mismatch`")
    sections = ["**Solutions**", "**Example fix**", "[Source in JAX](https://github.com/"]
    positions = [record.index(section) for section in sections]
    assert positions == sorted(positions)
    assert render_record(server, {"code": "no-such-record"}) is None
    for bad in ([], ["custom-vjp-bwd-args-mismatch"], [{"code": 3}], [{}, {}]):
        with pytest.raises(ValueError, match="renderRecord takes one object"):
            render_record(server, *bad)


def test_new_settings_make_a_new_catalog_that_a_late_build_cannot_undo(
    make_server: MakeServer, project: Path
) -> None:
    server, _ = make_server(project, options={"generatedRecords": True})
    first = server.catalog
    server.apply_settings({"generatedRecords": False})
    second = server.catalog
    assert second is not first
    # The build started for the first settings finishes in the analysis thread ...
    server.analysis_pool.submit(lambda: None).result()
    first.load_generated()
    # ... and changes only the catalog it was started for.
    assert server.catalog is second
    assert second.records == second.curated


def test_output_whose_analysis_a_clear_overtook_stays_cleared(
    make_server: MakeServer, project: Path
) -> None:
    """Clear Diagnostics while a run's output is being analysed: the output was printed
    before the clear, so its errors do not appear once the analysis ends."""
    server, writer = make_server(project)
    ops = project / "model" / "ops.py"
    busy = threading.Event()

    async def cleared_during_analysis() -> dict[str, Any]:
        # The analysis thread is held, so the ingest waits in its queue.
        server.analysis_pool.submit(busy.wait)
        request = {"text": SHAPE_LOG.read_text(), "cwd": str(project), "source": "run"}
        task = asyncio.ensure_future(ingest_output(server, request))
        await asyncio.sleep(0.05)
        clear_diagnostics(server)
        busy.set()
        return await task

    result = asyncio.run(cleared_during_analysis())
    assert result["errors"] == 1 and result["files"] == []
    assert writer.diagnostics(ops.as_uri()) == []
    # The same output ingested after the clear is shown.
    assert ingest(server, SHAPE_LOG, project)["errors"] == 1
    assert len(writer.diagnostics(ops.as_uri())) == 1


def test_a_pulling_client_is_told_when_nothing_changed(
    make_server: MakeServer, project: Path
) -> None:
    server, _ = make_server(project, capabilities=PULLING)
    uri = open_document(server, project / "model" / "ops.py")
    ingest(server, SHAPE_LOG, project)
    identifier = types.TextDocumentIdentifier(uri=uri)
    first = document_diagnostic(server, types.DocumentDiagnosticParams(text_document=identifier))
    assert isinstance(first, types.RelatedFullDocumentDiagnosticReport)
    run = [d for d in first.items if (d.data or {}).get("role") != "predicted"]
    assert len(run) == 1 and first.result_id
    again = document_diagnostic(
        server,
        types.DocumentDiagnosticParams(
            text_document=identifier, previous_result_id=first.result_id
        ),
    )
    assert isinstance(again, types.RelatedUnchangedDocumentDiagnosticReport)
    clear_diagnostics(server)
    cleared = document_diagnostic(
        server,
        types.DocumentDiagnosticParams(
            text_document=identifier, previous_result_id=first.result_id
        ),
    )
    assert isinstance(cleared, types.RelatedFullDocumentDiagnosticReport)
    assert all((d.data or {}).get("role") == "predicted" for d in cleared.items)


def test_a_culprit_says_why_in_its_diagnostic_and_its_hover(
    make_server: MakeServer, tmp_path: Path
) -> None:
    root = Path(
        shutil.copytree(FIXTURES / "transforms" / "nonscalar_partial_module", tmp_path / "p")
    )
    server, _ = make_server(root)
    ingest(server, root / "logs" / "0.12.0.1.log", root)
    uri = open_document(server, root / "physics.py")
    [diagnostic] = published(server, uri)
    why = (
        "`spring_energy` returns `0.5 * k * stretch**2`, shape (3,): value_and_grad needs a scalar"
    )
    assert diagnostic.message.splitlines()[1] == why
    found = hover_at(server, uri, diagnostic.range.start)
    assert found.value.startswith(f"**Culprit:** {why}")
    clear_diagnostics(server)


TANGENT_LOG = LOGS / "jax-0.12.0.1" / "script" / "custom_jvp_tangent_mismatch.log"


def test_without_a_safe_fix_the_fix_is_shown_not_pretended(
    make_server: MakeServer, project: Path
) -> None:
    server, _ = make_server(project)
    ingest(server, TANGENT_LOG, project)
    uri = open_document(server, project / "model" / "ops.py")
    [diagnostic] = published(server, uri)
    params = types.CodeActionParams(
        text_document=types.TextDocumentIdentifier(uri=uri),
        range=diagnostic.range,
        context=types.CodeActionContext(diagnostics=[diagnostic]),
    )
    actions = [a for a in code_action(server, params) or [] if isinstance(a, types.CodeAction)]
    assert all(a.kind != types.CodeActionKind.QuickFix or a.edit for a in actions)
    [show] = [a for a in actions if a.command and a.command.command == SHOW_FIX]
    assert show.title == (
        "jaxerr (custom-jvp-tangent-mismatch): Show the fix for custom-jvp-tangent-mismatch"
    )
    assert show.kind == types.CodeActionKind.Empty
    [argument] = show.command.arguments or []
    assert argument == {
        "code": "custom-jvp-tangent-mismatch",
        "uri": uri,
        "line": diagnostic.range.start.line,
    }
    # Asked only for quick fixes, the client gets the edits alone (here the record's example
    # fix, unsafe: the fixture is the example's code), never the preview or the link.
    params.context.only = [types.CodeActionKind.QuickFix]
    quick = [a for a in code_action(server, params) or [] if isinstance(a, types.CodeAction)]
    assert quick and all(a.kind == types.CodeActionKind.QuickFix and a.edit for a in quick)

    shown = show_fix_command(server, argument)
    assert shown["title"] == "Show the fix for custom-jvp-tangent-mismatch"
    markdown = shown["markdown"]
    assert "```diff" in markdown
    # Each unsafe edit offered on the user's code is shown as a diff of the file, under the
    # quick fix's own title.
    edits = [a for a in quick if a.command is None]  # not the apply-and-re-run twins
    assert edits
    for action in edits:
        title = action.title.removeprefix("jaxerr (custom-jvp-tangent-mismatch): ")
        assert f"**{title}**: computed on your code" in markdown
    assert "--- a/model/ops.py" in markdown
    # The example is the user's rule: named and registered as in ops.py.
    assert "def _soft_clip_jvp(primals, tangents):" in markdown
    assert "@soft_clip.defjvp" in markdown


@pytest.mark.parametrize(
    "argument",
    [None, {"code": "x"}, {"code": "x", "uri": "file:///a.py", "line": -1}, {"code": 1}],
)
def test_show_fix_refuses_a_malformed_argument(
    make_server: MakeServer, project: Path, argument: object
) -> None:
    server, _ = make_server(project)
    with pytest.raises(ValueError, match=r"jaxerr\.showFix takes one object"):
        show_fix_command(server, argument)


def test_show_fix_of_an_unknown_code_is_an_error(make_server: MakeServer, project: Path) -> None:
    server, _ = make_server(project)
    with pytest.raises(ValueError, match="no record has the code"):
        show_fix_command(server, {"code": "no-such-code", "uri": project.as_uri(), "line": 0})


def test_show_fix_adapts_the_example_to_the_function_at_the_line(
    make_server: MakeServer, tmp_path: Path
) -> None:
    module = tmp_path / "rules.py"
    module.write_text(
        "import jax\n\n\n@jax.custom_jvp\ndef softplus(z):\n    return jax.nn.softplus(z)\n\n\n"
        "@softplus.defjvp\ndef softplus_rule(ps, ts):\n    (z,), (dz,) = ps, ts\n"
        "    return jax.nn.sigmoid(z) * dz\n"
    )
    server, _ = make_server(tmp_path)
    shown = show_fix_command(
        server, {"code": "custom-jvp-rule-not-pair", "uri": module.as_uri(), "line": 11}
    )
    markdown = shown["markdown"]
    assert "in the names of `softplus_rule`" in markdown
    assert "-def softplus_rule(ps, ts):" not in markdown  # the def line is context, unchanged
    assert " def softplus_rule(ps, ts):" in markdown
    assert "+    return softplus(x), slope * t" in markdown


def test_the_targeted_fix_follows_an_edit_that_moves_the_culprit(
    make_server: MakeServer, project: Path
) -> None:
    """Lines inserted above the culprit move it; its diagnostic still carries where it is
    now, so the fix that rewrites its return is still offered and edits the moved line."""
    server, _ = make_server(project, capabilities=RESOLVING)
    uri, before = culprit_opened(server, project)
    document = insert_at_top(server, uri, "# one new line\n# and another\n")
    [after] = published(server, uri)
    assert after.range.start.line == before.range.start.line + 2
    data = from_json(after.data)
    assert data is not None and data.target is not None
    [culprit] = data.target.culprits
    assert culprit.span.line == after.range.start.line + 1
    params = types.CodeActionParams(
        text_document=types.TextDocumentIdentifier(uri=uri),
        range=after.range,
        context=types.CodeActionContext(diagnostics=[after]),
    )
    actions = [a for a in code_action(server, params) or [] if isinstance(a, types.CodeAction)]
    [fix] = [
        a for a in actions if a.title.startswith("jaxerr (custom-vjp-bwd-args-mismatch): Remove")
    ]
    resolved = resolve_code_action(server, fix)
    assert resolved.edit is not None
    [change] = resolved.edit.document_changes or []
    assert isinstance(change, types.TextDocumentEdit)
    [edit] = change.edits
    assert isinstance(edit, types.TextEdit)
    assert edit.range.start.line >= after.range.start.line
    edited_line = document.lines[edit.range.start.line]
    assert edited_line.strip().startswith("return")


def test_without_a_workspace_an_output_from_the_filesystem_root_is_not_walked_whole(
    make_server: MakeServer, project: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """An output whose working folder is "/" (no workspace to place it in): the folders
    indexed to place its frames stop at the bound, and its errors are still found."""
    server, _ = make_server(project)
    server.protocol._workspace = Workspace(None, types.TextDocumentSyncKind.Incremental, [])
    assert server.root is None and server.workspace_roots() == []
    monkeypatch.setattr("jaxerr_ls.locate.MAX_INDEXED_FOLDERS", 50)
    walked: list[str] = []
    real_walk = os.walk

    def counting_walk(top: Any, *args: Any, **kwargs: Any) -> Any:
        for entry in real_walk(top, *args, **kwargs):
            walked.append(entry[0])
            yield entry

    monkeypatch.setattr("jaxerr_ls.locate.os.walk", counting_walk)
    # The summary line names its test by a path relative to the run's folder, which only
    # the index of "/" could find.
    text = SHAPE_LOG.read_text() + "\nFAILED tests/test_custom_rules.py::test_x - ValueError: x\n"
    result = asyncio.run(
        ingest_output(server, {"text": text, "cwd": "/", "source": "run"})  # type: ignore[arg-type]
    )
    assert result["errors"] >= 1
    assert walked and walked[0] == "/"
    assert len(walked) <= 51
