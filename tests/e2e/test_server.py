"""The language server end to end: a real server process over stdio, driven by pytest-lsp as
VS Code and Neovim would drive it, fed the real output of real JAX runs."""

from __future__ import annotations

import re
import sys
from pathlib import Path
from typing import Any

import pytest
import pytest_lsp
from lsprotocol import types
from pytest_lsp import ClientServerConfig, LanguageClient, client_capabilities

from jaxerr_ls.payload import from_json

PROJECT = (Path(__file__).resolve().parents[1] / "fixtures" / "project").resolve()
LOGS = PROJECT.parent / "logs"
FOREIGN_PYTEST = LOGS / "jax-0.12.0.1" / "foreign" / "pytest-tb-auto.log"
MARKER_RE = re.compile(r"#\s*jaxerr-(expect|culprit):\s*([\w.-]+)")
SERVER = ClientServerConfig(server_command=[sys.executable, "-m", "jaxerr_ls", "serve"])
CLIENTS = ["visual_studio_code", "neovim"]


def uri(path: Path) -> str:
    return path.as_uri()


def markers(path: Path, kind: str) -> dict[int, str]:
    """0-based line -> code of each marker of that kind in a file."""
    found = {}
    for number, text in enumerate(path.read_text().splitlines()):
        match = MARKER_RE.search(text)
        if match and match[1] == kind:
            found[number] = match[2]
    return found


async def start(
    client: LanguageClient,
    spec: str,
    options: Any = None,
    root: Path = PROJECT,
    experimental: Any = None,
) -> types.InitializeResult:
    # VS Code accepts the file watchers the server registers; record them as it would.
    client.registrations = []  # type: ignore[attr-defined]

    @client.feature(types.CLIENT_REGISTER_CAPABILITY)
    def register_capability(params: types.RegistrationParams) -> None:
        client.registrations.extend(params.registrations)  # type: ignore[attr-defined]

    @client.feature(types.CLIENT_UNREGISTER_CAPABILITY)
    def unregister_capability(params: types.UnregistrationParams) -> None:
        return None

    capabilities = client_capabilities(spec)
    capabilities.experimental = experimental
    return await client.initialize_session(
        types.InitializeParams(
            capabilities=capabilities,
            root_uri=uri(root),
            workspace_folders=[types.WorkspaceFolder(uri=uri(root), name="project")],
            initialization_options=options,
        )
    )


@pytest_lsp.fixture(config=SERVER, params=CLIENTS)
async def client(request: pytest.FixtureRequest, lsp_client: LanguageClient):  # type: ignore[no-untyped-def]
    await start(lsp_client, request.param, {"enabledSources": ["output"]})
    yield
    await lsp_client.shutdown_session()


async def ingest(
    client: LanguageClient,
    log: Path | str,
    cwd: Path = PROJECT,
    command: str | None = None,
    source: str = "test run",
) -> Any:
    """Sends a run's output (a log file, or the text) as the VS Code extension does."""
    text = log if isinstance(log, str) else log.read_text()
    request = {"text": text, "cwd": str(cwd), "source": source, "command": command}
    return await client.workspace_execute_command_async(
        types.ExecuteCommandParams(command="jaxerr.ingestOutput", arguments=[request])
    )


@pytest.mark.asyncio
async def test_a_passing_run_clears_the_errors_of_what_it_ran(client: LanguageClient) -> None:
    await ingest(client, FOREIGN_PYTEST, command="python -m pytest -q")
    test_ops = uri(PROJECT / "tests" / "test_ops.py")
    codes = {d.code for d in client.diagnostics[test_ops]}
    assert "hijax-vjp-bwd-return" in codes and len(codes) > 2
    # One test passes in another terminal: its error goes, the file's others stay.
    passed = "tests/test_ops.py::test_scaled_tanh_grad PASSED\n1 passed in 0.52s\n"
    command = "pytest -v tests/test_ops.py::test_scaled_tanh_grad"
    result = await ingest(client, passed, command=command, source="other terminal")
    assert result["errors"] == 0
    assert {d.code for d in client.diagnostics[test_ops]} == codes - {"hijax-vjp-bwd-return"}
    # The whole file passes: none of its errors is left.
    await ingest(client, "5 passed in 1.20s\n", command="pytest tests/test_ops.py")
    assert not client.diagnostics[test_ops]


@pytest.mark.asyncio
async def test_output_becomes_diagnostics_on_the_marked_lines(client: LanguageClient) -> None:
    # The diagnostics are published before the command answers.
    result = await ingest(client, FOREIGN_PYTEST)
    test_ops = uri(PROJECT / "tests" / "test_ops.py")
    assert result["errors"] >= 10 and test_ops in result["files"]
    expected = markers(PROJECT / "tests" / "test_ops.py", "expect")
    diagnostics = [d for d in client.diagnostics[test_ops] if d.source == "jaxerr"]
    assert diagnostics
    for diagnostic in diagnostics:
        line = diagnostic.range.start.line
        assert line in expected, f"diagnostic on unmarked line {line + 1}"
        assert diagnostic.code == expected[line]
        assert diagnostic.range.end.character > diagnostic.range.start.character
        data = from_json(diagnostic.data)
        assert data is not None and data.role == "error"
        assert data.target is not None and data.target.code == diagnostic.code
    seeded = {d.code: d for d in diagnostics}
    assert seeded["hijax-vjp-bwd-return"].code_description is not None
    assert "vjp_bwd should return" in seeded["hijax-vjp-bwd-return"].message


@pytest.mark.asyncio
async def test_the_culprit_gets_its_own_diagnostic_linked_back(client: LanguageClient) -> None:
    await ingest(client, FOREIGN_PYTEST)
    hijax = uri(PROJECT / "model" / "hijax_ops.py")
    culprit_lines = markers(PROJECT / "model" / "hijax_ops.py", "culprit")
    [culprit] = [d for d in client.diagnostics.get(hijax, []) if d.code == "hijax-vjp-bwd-return"]
    assert culprit.range.start.line in culprit_lines
    assert culprit.related_information
    back = culprit.related_information[0].location
    assert back.uri == uri(PROJECT / "tests" / "test_ops.py")


async def hover_on_diagnostic(client: LanguageClient, code: str) -> types.MarkupContent:
    """The hover at the start of test_ops.py's diagnostic with this code."""
    test_ops = uri(PROJECT / "tests" / "test_ops.py")
    [diagnostic] = [d for d in client.diagnostics[test_ops] if d.code == code]
    hover = await client.text_document_hover_async(
        types.HoverParams(
            text_document=types.TextDocumentIdentifier(uri=test_ops),
            position=diagnostic.range.start,
        )
    )
    assert hover is not None and isinstance(hover.contents, types.MarkupContent)
    return hover.contents


@pytest.mark.asyncio
async def test_hover_on_a_diagnostic_shows_its_record(client: LanguageClient) -> None:
    await ingest(client, FOREIGN_PYTEST)
    text = (await hover_on_diagnostic(client, "hijax-vjp-bwd-return")).value
    # Sized for a hover: the code and message, the meaning, the culprit, the fix and the links;
    # the whole record (its solutions, its example) is one link away.
    assert re.match(r"\*\*`hijax-vjp-bwd-return`\*\*: \w+\.vjp_bwd should return", text)
    assert "Culprit: " in text and "model/hijax_ops.py:" in text
    assert "Quick fix: " in text and "vjp_bwd_retval" in text
    assert "**Solutions**" not in text and len(text.splitlines()) <= 12
    assert "Record: `jaxerr-ls explain hijax-vjp-bwd-return`" in text
    assert "[JAX source](https://github.com/jax-ml/jax/blob/" in text


@pytest_lsp.fixture(config=SERVER)
async def shows_records(lsp_client: LanguageClient):  # type: ignore[no-untyped-def]
    # The VS Code extension declares the command that shows a record.
    await start(
        lsp_client,
        "visual_studio_code",
        {"enabledSources": ["output"]},
        experimental={"jaxerr": {"showRecordCommand": "jaxerr.showRecord"}},
    )
    yield
    await lsp_client.shutdown_session()


@pytest.mark.asyncio
async def test_a_client_that_shows_records_gets_a_record_link_and_the_record(
    shows_records: LanguageClient,
) -> None:
    lsp_client = shows_records
    await ingest(lsp_client, FOREIGN_PYTEST)
    hover = await hover_on_diagnostic(lsp_client, "hijax-vjp-bwd-return")
    assert "[Show record](command:jaxerr.showRecord?%5B%22hijax-vjp-bwd-return%22%5D)" in (
        hover.value
    )
    record = await lsp_client.workspace_execute_command_async(
        types.ExecuteCommandParams(
            command="jaxerr.renderRecord", arguments=[{"code": "hijax-vjp-bwd-return"}]
        )
    )
    sections = ["**Solutions**", "**Example fix**", "[Source in JAX](https://github.com/"]
    assert record.startswith("### `hijax-vjp-bwd-return`")
    assert [record.index(section) for section in sections] == sorted(
        record.index(section) for section in sections
    )
    unknown = await lsp_client.workspace_execute_command_async(
        types.ExecuteCommandParams(
            command="jaxerr.renderRecord", arguments=[{"code": "no-such-record"}]
        )
    )
    assert unknown is None


@pytest.mark.asyncio
async def test_diagnostics_follow_edits_and_vanish_with_their_line(client: LanguageClient) -> None:
    await ingest(client, FOREIGN_PYTEST)
    path = PROJECT / "tests" / "test_ops.py"
    text = path.read_text()
    client.text_document_did_open(
        types.DidOpenTextDocumentParams(
            text_document=types.TextDocumentItem(
                uri=uri(path), language_id="python", version=1, text=text
            )
        )
    )
    await client.wait_for_notification(types.TEXT_DOCUMENT_PUBLISH_DIAGNOSTICS)
    before = {d.range.start.line: d.code for d in client.diagnostics[uri(path)]}
    assert before
    # Two lines inserted at the top move every diagnostic down by two.
    client.text_document_did_change(
        types.DidChangeTextDocumentParams(
            text_document=types.VersionedTextDocumentIdentifier(uri=uri(path), version=2),
            content_changes=[
                types.TextDocumentContentChangePartial(
                    range=types.Range(
                        start=types.Position(line=0, character=0),
                        end=types.Position(line=0, character=0),
                    ),
                    text="# one\n# two\n",
                )
            ],
        )
    )
    await client.wait_for_notification(types.TEXT_DOCUMENT_PUBLISH_DIAGNOSTICS)
    after = {d.range.start.line: d.code for d in client.diagnostics[uri(path)]}
    assert after == {line + 2: code for line, code in before.items()}
    # Rewriting one diagnostic's line drops that diagnostic and keeps the others in place.
    target = min(after)
    client.text_document_did_change(
        types.DidChangeTextDocumentParams(
            text_document=types.VersionedTextDocumentIdentifier(uri=uri(path), version=3),
            content_changes=[
                types.TextDocumentContentChangePartial(
                    range=types.Range(
                        start=types.Position(line=target, character=0),
                        end=types.Position(line=target + 1, character=0),
                    ),
                    text="    pass\n",
                )
            ],
        )
    )
    await client.wait_for_notification(types.TEXT_DOCUMENT_PUBLISH_DIAGNOSTICS)
    final = {d.range.start.line: d.code for d in client.diagnostics[uri(path)]}
    assert final == {line: code for line, code in after.items() if line != target}


@pytest.mark.asyncio
async def test_clear_diagnostics_empties_every_file(client: LanguageClient) -> None:
    result = await ingest(client, FOREIGN_PYTEST)
    await client.workspace_execute_command_async(
        types.ExecuteCommandParams(command="jaxerr.clearDiagnostics", arguments=[])
    )
    for file_uri in result["files"]:
        assert len(client.diagnostics[file_uri]) == 0


async def action_titles(
    client: LanguageClient, document: str, diagnostic: types.Diagnostic
) -> list[str]:
    """The titles of the code actions on a diagnostic. (The client's decoder may read an action
    holding a command as a Command: the title is what counts.)"""
    actions = await client.text_document_code_action_async(
        types.CodeActionParams(
            text_document=types.TextDocumentIdentifier(uri=document),
            range=diagnostic.range,
            context=types.CodeActionContext(diagnostics=[diagnostic]),
        )
    )
    return [a.title for a in actions or []]


@pytest.mark.asyncio
async def test_open_documentation_is_offered(client: LanguageClient) -> None:
    await ingest(client, FOREIGN_PYTEST)
    test_ops = uri(PROJECT / "tests" / "test_ops.py")
    [diagnostic] = [d for d in client.diagnostics[test_ops] if d.code == "vjp-ref-grad-missing"]
    titles = await action_titles(client, test_ops, diagnostic)
    assert "jaxerr (vjp-ref-grad-missing): Open documentation for vjp-ref-grad-missing" in titles
    only_fix_all = await client.text_document_code_action_async(
        types.CodeActionParams(
            text_document=types.TextDocumentIdentifier(uri=test_ops),
            range=diagnostic.range,
            context=types.CodeActionContext(
                diagnostics=[diagnostic], only=[types.CodeActionKind.SourceFixAll]
            ),
        )
    )
    kinds = [a.kind for a in only_fix_all or [] if isinstance(a, types.CodeAction)]
    assert kinds == ["source.fixAll.jaxerr"]


@pytest.mark.asyncio
async def test_the_fix_without_a_safe_edit_is_shown_through_its_command(
    client: LanguageClient,
) -> None:
    await ingest(client, FOREIGN_PYTEST)
    # An error whose fix depends on what the program means: no edit is computed for it. (Its
    # culprit, the io_callback in the checkpointed function, has a diagnostic of its own.)
    [(doc, diagnostic)] = [
        (doc, d)
        for doc, diagnostics in client.diagnostics.items()
        for d in diagnostics
        if d.code == "remat-effects" and " is the cause of: " not in d.message
    ]
    actions = await client.text_document_code_action_async(
        types.CodeActionParams(
            text_document=types.TextDocumentIdentifier(uri=doc),
            range=diagnostic.range,
            context=types.CodeActionContext(diagnostics=[diagnostic]),
        )
    )
    assert not [
        a
        for a in actions or []
        if isinstance(a, types.CodeAction) and a.kind == types.CodeActionKind.QuickFix
    ]
    # lsprotocol's client reads any action that has a command as a Command (its command field
    # then holds the action's command object as text): found by its title.
    [show] = [a for a in actions or [] if a.title.endswith("Show the fix for remat-effects")]
    assert show.title == "jaxerr (remat-effects): Show the fix for remat-effects"
    argument = {"code": "remat-effects", "uri": doc, "line": diagnostic.range.start.line}
    assert "jaxerr.showFix" in str(show.command) and str(argument) in str(show.command)
    shown = await client.workspace_execute_command_async(
        types.ExecuteCommandParams(command="jaxerr.showFix", arguments=[argument])
    )
    assert shown["title"] == "Show the fix for remat-effects"
    assert "```diff" in shown["markdown"]


@pytest_lsp.fixture(config=SERVER)
async def misconfigured(lsp_client: LanguageClient):  # type: ignore[no-untyped-def]
    await start(
        lsp_client,
        "visual_studio_code",
        {"jaxerr": {"fuzzyThreshold": "high", "logFiles": "run.log", "bogus": 1}},
    )
    yield
    await lsp_client.shutdown_session()


@pytest.mark.asyncio
async def test_bad_settings_are_reported_and_the_defaults_used(
    misconfigured: LanguageClient,
) -> None:
    # After the answer to a request: the server may report while it takes initialize, which
    # it has answered before (serve answers initialize before the server loads).
    result = await ingest(misconfigured, FOREIGN_PYTEST)
    messages = [m.message for m in misconfigured.messages]
    assert any("fuzzyThreshold" in m and "default" in m for m in messages)
    assert any("logFiles" in m for m in messages) and any("bogus" in m for m in messages)
    assert result["errors"] >= 10


async def quick_fixes(
    client: LanguageClient, document: str, diagnostics: list[types.Diagnostic]
) -> list[types.Command | types.CodeAction]:
    """The quick fixes the editor's menu gets for these diagnostics of a document."""
    actions = await client.text_document_code_action_async(
        types.CodeActionParams(
            text_document=types.TextDocumentIdentifier(uri=document),
            range=diagnostics[0].range,
            context=types.CodeActionContext(
                diagnostics=diagnostics, only=[types.CodeActionKind.QuickFix]
            ),
        )
    )
    return list(actions or [])


def open_document(client: LanguageClient, path: Path, version: int = 1) -> str:
    client.text_document_did_open(
        types.DidOpenTextDocumentParams(
            text_document=types.TextDocumentItem(
                uri=uri(path), language_id="python", version=version, text=path.read_text()
            )
        )
    )
    return uri(path)


@pytest.mark.asyncio
async def test_hover_on_an_aliased_jax_api_shows_its_doc_and_errors(
    client: LanguageClient,
) -> None:
    path = PROJECT / "scripts" / "custom_vjp_bwd_shape.py"
    await ingest(client, LOGS / "jax-0.12.0.1" / "script" / "custom_vjp_bwd_shape.log")
    document = open_document(client, path)
    lines = path.read_text().splitlines()
    line = next(n for n, text in enumerate(lines) if "jax.grad(" in text)
    hover = await client.text_document_hover_async(
        types.HoverParams(
            text_document=types.TextDocumentIdentifier(uri=document),
            position=types.Position(line=line, character=lines[line].index("grad(") + 1),
        )
    )
    assert hover is not None and isinstance(hover.contents, types.MarkupContent)
    text = hover.contents.value
    assert "jax.grad" in text and "https://" in text
    # Of jax.grad's 32 errors, the one the user has now comes first, and few others follow.
    errors = text[text.index("**Errors you may hit**") :].splitlines()[2:]
    assert errors[0].startswith("- `custom-vjp-bwd-args-mismatch`")
    assert len(errors) == 6 and re.fullmatch(r"- and \d+ more", errors[-1])
