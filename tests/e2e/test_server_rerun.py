"""Apply and re-run and explaining selected text through the real server, as VS Code and Neovim
drive it: the re-run is a client-side command the server does not advertise, and answers with
the command line only; ``jaxerr.explainText`` names the record of a message."""

from __future__ import annotations

import sys
from typing import Any, Union

import cattrs
import pytest
import pytest_lsp
from lsprotocol import types
from pytest_lsp import ClientServerConfig, LanguageClient

from tests.e2e.test_server import (
    CLIENTS,
    LOGS,
    PROJECT,
    ingest,
    open_document,
    quick_fixes,
    start,
)

SERVER = ClientServerConfig(server_command=[sys.executable, "-m", "jaxerr_ls", "serve"])
LOG = LOGS / "jax-0.12.0.1" / "script" / "hijax_vjp_bwd_return.log"
SCRIPT = "scripts/hijax_vjp_bwd_return.py"
CODE = "hijax-vjp-bwd-return"
CONVERTER = cattrs.Converter()


def _command_or_action(value: Any, _: type) -> types.Command | types.CodeAction:
    # lsprotocol reads any item with a "command" key as a Command, so a CodeAction carrying
    # an edit and a command (as the spec allows, and VS Code and Neovim read it) would lose its
    # edit; a Command's "command" is its name, a string.
    kind = types.Command if isinstance(value.get("command"), str) else types.CodeAction
    return CONVERTER.structure(value, kind)


@pytest_lsp.fixture(config=SERVER, params=CLIENTS)
async def client(request: pytest.FixtureRequest, lsp_client: LanguageClient):  # type: ignore[no-untyped-def]
    global CONVERTER
    CONVERTER = lsp_client.protocol._converter
    CONVERTER.register_structure_hook(
        Union[types.Command, types.CodeAction],  # noqa: UP007  # the key lsprotocol registers
        _command_or_action,
    )
    result = await start(lsp_client, request.param, {"enabledSources": ["output"]})
    lsp_client.initialize_result = result  # type: ignore[attr-defined]
    yield
    await lsp_client.shutdown_session()


@pytest.mark.asyncio
async def test_the_rerun_command_is_the_clients_and_explain_text_the_servers(
    client: LanguageClient,
) -> None:
    result: types.InitializeResult = client.initialize_result  # type: ignore[attr-defined]
    provider = result.capabilities.execute_command_provider
    assert provider is not None
    assert "jaxerr.explainText" in provider.commands
    assert "jaxerr.rerun" not in provider.commands


@pytest.mark.asyncio
async def test_each_fix_has_a_rerun_twin_whose_command_the_server_only_describes(
    client: LanguageClient,
) -> None:
    await ingest(client, LOG)
    path = PROJECT / SCRIPT
    document = open_document(client, path)
    await client.wait_for_notification(types.TEXT_DOCUMENT_PUBLISH_DIAGNOSTICS)
    diagnostics = [d for d in client.diagnostics[document] if d.code == CODE]
    assert diagnostics
    actions = await quick_fixes(client, document, diagnostics)
    reruns = [
        a
        for a in actions
        if isinstance(a, types.CodeAction) and a.command and a.command.command == "jaxerr.rerun"
    ]
    assert reruns, [a.title for a in actions]
    twin = reruns[0]
    assert twin.title.startswith(f"jaxerr ({CODE}): Apply and re-run {SCRIPT}: ")
    if twin.edit is None:
        twin = await client.code_action_resolve_async(twin)
    assert twin.edit is not None and twin.edit.document_changes
    assert twin.command is not None and twin.command.arguments
    [argument] = twin.command.arguments
    assert argument == {"argv": ["python", SCRIPT], "cwd": str(PROJECT), "label": SCRIPT}
    # A client without the command sends it to the server: the command line, never a run.
    answer = await client.workspace_execute_command_async(
        types.ExecuteCommandParams(command="jaxerr.rerun", arguments=[argument])
    )
    assert answer == {"commandLine": f"python {SCRIPT}", "cwd": str(PROJECT)}
    # Sent before the answer, so already received.
    assert any(f"python {SCRIPT}" in shown.message for shown in client.messages)


@pytest.mark.asyncio
async def test_explain_text_answers_with_the_record_of_a_pasted_message(
    client: LanguageClient,
) -> None:
    line = next(t for t in LOG.read_text().splitlines() if t.startswith("TypeError: "))
    answer = await client.workspace_execute_command_async(
        types.ExecuteCommandParams(command="jaxerr.explainText", arguments=[{"text": line}])
    )
    assert answer["code"] == CODE and 0 < answer["score"] <= 1
    assert answer["markdown"].startswith(f"### `{CODE}`") and answer["title"]
    none = await client.workspace_execute_command_async(
        types.ExecuteCommandParams(
            command="jaxerr.explainText", arguments=[{"text": "all tests passed"}]
        )
    )
    assert none is None
