"""Server behaviour beyond single features: pull clients, work off the event loop, no JAX import."""

from __future__ import annotations

import asyncio
import contextlib
import os
import sys
from pathlib import Path

import pytest
import pytest_lsp
from lsprotocol import types
from pygls.lsp.client import LanguageClient as PlainClient
from pytest_lsp import ClientServerConfig, LanguageClient, client_capabilities

from tests.e2e.test_server import (
    FOREIGN_PYTEST,
    PROJECT,
    hover_on_diagnostic,
    ingest,
    open_document,
    start,
    uri,
)

SERVER = ClientServerConfig(server_command=[sys.executable, "-m", "jaxerr_ls", "serve"])


def pulling_capabilities() -> types.ClientCapabilities:
    """VS Code's capabilities as of today: diagnostics by pull, with refresh."""
    capabilities = client_capabilities("visual_studio_code")
    assert capabilities.text_document is not None and capabilities.workspace is not None
    capabilities.text_document.diagnostic = types.DiagnosticClientCapabilities(
        dynamic_registration=True, related_document_support=False
    )
    capabilities.workspace.diagnostics = types.DiagnosticWorkspaceClientCapabilities(
        refresh_support=True
    )
    return capabilities


@pytest_lsp.fixture(config=SERVER)
async def pulling(lsp_client: LanguageClient):  # type: ignore[no-untyped-def]
    await lsp_client.initialize_session(
        types.InitializeParams(
            capabilities=pulling_capabilities(),
            root_uri=uri(PROJECT),
            initialization_options={"enabledSources": ["output"]},
        )
    )
    yield
    await lsp_client.shutdown_session()


@pytest.mark.asyncio
async def test_a_pulling_client_gets_open_documents_by_pull_only(pulling: LanguageClient) -> None:
    path = PROJECT / "tests" / "test_ops.py"
    document = open_document(pulling, path)
    await ingest(pulling, FOREIGN_PYTEST)
    # Pushed: nothing for the open document (no duplicates), the rest for closed files.
    assert len(pulling.diagnostics[document]) == 0
    assert pulling.diagnostics[uri(PROJECT / "model" / "hijax_ops.py")]
    report = await pulling.text_document_diagnostic_async(
        types.DocumentDiagnosticParams(text_document=types.TextDocumentIdentifier(uri=document))
    )
    assert isinstance(report, types.RelatedFullDocumentDiagnosticReport)
    codes = {d.code for d in report.items}
    assert {"hijax-vjp-bwd-return", "vjp-ref-grad-missing"} <= codes


@pytest_lsp.fixture(config=SERVER)
async def client(lsp_client: LanguageClient):  # type: ignore[no-untyped-def]
    await start(lsp_client, "neovim", {"enabledSources": ["output"]})
    yield
    await lsp_client.shutdown_session()


@pytest.mark.asyncio
async def test_hovers_are_answered_while_a_large_log_is_analysed(
    client: LanguageClient, tmp_path: Path
) -> None:
    # A real failing run's output, repeated: thousands of errors (3,240, 6.5 MB) to parse, match
    # and place, which keep the server busy for seconds on an idle machine, while a hover takes
    # a few milliseconds.
    big = tmp_path / "big.log"
    big.write_text(FOREIGN_PYTEST.read_text() * 40)
    path = PROJECT / "model" / "hijax_ops.py"
    document = open_document(client, path)
    line = next(n for n, text in enumerate(path.read_text().splitlines()) if "def vjp_bwd" in text)
    hover_params = types.HoverParams(
        text_document=types.TextDocumentIdentifier(uri=document),
        position=types.Position(line=line, character=8),
    )
    assert await client.text_document_hover_async(hover_params) is not None  # jedi is warm
    finished: list[str] = []

    async def ingest_big() -> None:
        await ingest(client, big)
        finished.append("ingest")

    async def hover() -> None:
        await asyncio.sleep(0.2)  # the ingestion has started
        await client.text_document_hover_async(hover_params)
        finished.append("hover")

    await asyncio.gather(ingest_big(), hover())
    assert finished == ["hover", "ingest"]
    assert client.diagnostics[uri(PROJECT / "tests" / "test_ops.py")]


@pytest.fixture
def jax_that_cannot_be_imported(tmp_path: Path) -> Path:
    package = tmp_path / "poison" / "jax"
    package.mkdir(parents=True)
    (package / "__init__.py").write_text('raise ImportError("jaxerr-ls must not import jax")\n')
    return tmp_path / "poison"


@pytest.mark.asyncio
async def test_the_server_never_imports_jax(jax_that_cannot_be_imported: Path) -> None:
    env = {**os.environ, "PYTHONPATH": str(jax_that_cannot_be_imported)}
    config = ClientServerConfig(server_command=SERVER.server_command, server_env=env)
    client = await config.start(None)  # type: ignore[attr-defined]
    try:
        await start(client, "visual_studio_code", {"enabledSources": ["output"]})
        result = await ingest(client, FOREIGN_PYTEST)
        assert result["errors"] >= 10
        test_ops = uri(PROJECT / "tests" / "test_ops.py")
        hover = await client.text_document_hover_async(
            types.HoverParams(
                text_document=types.TextDocumentIdentifier(uri=test_ops),
                position=client.diagnostics[test_ops][0].range.start,
            )
        )
        assert hover is not None
        await client.shutdown_session()
    finally:
        await client.stop()  # type: ignore[attr-defined]


@pytest_lsp.fixture(config=SERVER)
async def plain(lsp_client: LanguageClient):  # type: ignore[no-untyped-def]
    capabilities = client_capabilities("neovim")
    assert capabilities.text_document is not None
    capabilities.text_document.hover = types.HoverClientCapabilities(
        content_format=[types.MarkupKind.PlainText]
    )
    await lsp_client.initialize_session(
        types.InitializeParams(
            capabilities=capabilities,
            root_uri=uri(PROJECT),
            initialization_options={"enabledSources": ["output"]},
        )
    )
    yield
    await lsp_client.shutdown_session()


@pytest.mark.asyncio
async def test_a_plain_text_client_gets_plain_text(plain: LanguageClient) -> None:
    await ingest(plain, FOREIGN_PYTEST)
    hover = await hover_on_diagnostic(plain, "hijax-vjp-bwd-return")
    assert hover.kind == types.MarkupKind.PlainText
    assert "Record: jaxerr-ls explain hijax-vjp-bwd-return" in hover.value
    assert "```" not in hover.value and "**" not in hover.value


@pytest.mark.asyncio
async def test_a_settings_change_is_checked_and_applied(client: LanguageClient) -> None:
    client.workspace_did_change_configuration(
        types.DidChangeConfigurationParams(
            settings={"jaxerr": {"enabledSources": ["pytest"], "pollInterval": -1}}
        )
    )
    # "output" is no longer an enabled source: ingesting publishes nothing. The server takes
    # messages in order, so the bad value was reported before this answer (while a server
    # that answered initialize early may still be loading when the change is sent).
    result = await ingest(client, FOREIGN_PYTEST)
    assert any("pollInterval" in m.message for m in client.messages)
    assert result == {"errors": 0, "files": [], "disabled": True}


@pytest.mark.asyncio
async def test_the_server_listens_on_tcp_for_debugging(unused_tcp_port: int) -> None:
    process = await asyncio.create_subprocess_exec(
        sys.executable, "-m", "jaxerr_ls", "serve", "--tcp", f"127.0.0.1:{unused_tcp_port}"
    )
    try:
        client = PlainClient("tcp-test", "1")
        for _ in range(100):
            try:
                await client.start_tcp("127.0.0.1", unused_tcp_port)
                break
            except OSError:
                await asyncio.sleep(0.1)
        result = await client.initialize_async(
            types.InitializeParams(capabilities=types.ClientCapabilities())
        )
        assert result.server_info is not None and result.server_info.name == "jaxerr-ls"
        await client.shutdown_async(None)
        client.exit(None)
        await client.stop()
        # An orderly exit ends the process by itself, with 0.
        assert await asyncio.wait_for(process.wait(), timeout=60) == 0
    finally:
        if process.returncode is None:
            # The process may end between the test and the kill; that is not a failure.
            with contextlib.suppress(ProcessLookupError):
                process.kill()
            await process.wait()


@pytest.mark.asyncio
async def test_generated_records_are_added_in_the_background() -> None:
    # The set from the suite's shared cache (tests/conftest.py), built there by whichever test
    # needs it first: read or built, it is added after the server has answered.
    client = await SERVER.start(None)  # type: ignore[attr-defined]
    # A shape error from jax.lax, which no curated record is about; it shows in model/layers.py.
    log = PROJECT.parent / "logs" / "jax-0.12.0.1" / "script" / "layer_shape_mismatch.log"
    script = uri(PROJECT / "model" / "layers.py")
    try:
        await start(client, "neovim", {"enabledSources": ["output"], "generatedRecords": True})
        codes: list[object] = []
        for _ in range(120):  # a first build of the set takes a few seconds
            await ingest(client, log)
            codes = [d.code for d in client.diagnostics.get(script, [])]
            if codes and str(codes[0]).startswith("jax-"):
                break
            await asyncio.sleep(0.5)
        assert len(codes) == 1 and str(codes[0]).startswith("jax-"), codes
        await client.shutdown_session()
    finally:
        await client.stop()  # type: ignore[attr-defined]
