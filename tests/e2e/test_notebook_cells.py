"""Notebook cells over the protocol: a real server process, driven as VS Code drives it, shows a
cell's error output (from a notebook a real kernel executed) on the cell's document, answers
hovers and code actions there, and clears it on request."""

from __future__ import annotations

import pytest
import pytest_lsp
from lsprotocol import types
from pytest_lsp import LanguageClient

from tests.e2e.test_server import SERVER, action_titles, start
from tests.server.test_cell_errors import NOTEBOOKS, marker, requests

NOTEBOOK = NOTEBOOKS / "analysis-context.ipynb"


@pytest_lsp.fixture(config=SERVER)
async def vscode(lsp_client: LanguageClient):  # type: ignore[no-untyped-def]
    await start(lsp_client, "visual_studio_code", {"enabledSources": ["output"]}, root=NOTEBOOKS)
    yield
    await lsp_client.shutdown_session()


@pytest.mark.asyncio
async def test_a_cell_error_shows_on_the_open_cell_with_hover_and_actions(
    vscode: LanguageClient,
) -> None:
    client = vscode
    shown = 0
    for request in requests(NOTEBOOK).values():
        index = request["index"]
        assert isinstance(index, int)
        cell = str(request["cell"])
        cells = request["cells"]
        assert isinstance(cells, list)
        # VS Code opens each cell as a document of its own (no file behind it).
        client.text_document_did_open(
            types.DidOpenTextDocumentParams(
                text_document=types.TextDocumentItem(
                    uri=cell, language_id="python", version=1, text=cells[index]["source"]
                )
            )
        )
        answer = await client.workspace_execute_command_async(
            types.ExecuteCommandParams(command="jaxerr.ingestCellError", arguments=[request])
        )
        if cell not in answer["cells"]:
            continue  # raised in the project's module (proj/model.py)
        shown += 1
        line, code = marker(NOTEBOOK, index)
        [diagnostic] = client.diagnostics[cell]
        assert (diagnostic.code, diagnostic.range.start.line) == (code, line)
        hover = await client.text_document_hover_async(
            types.HoverParams(
                text_document=types.TextDocumentIdentifier(uri=cell),
                position=diagnostic.range.start,
            )
        )
        assert hover is not None and isinstance(hover.contents, types.MarkupContent)
        assert hover.contents.value.startswith(f"**`{code}`**")
        titles = await action_titles(client, cell, diagnostic)
        assert f"jaxerr ({code}): Open documentation for {code}" in titles
        # Pulled, the cell gives nothing more: its diagnostics are pushed, once.
        report = await client.text_document_diagnostic_async(
            types.DocumentDiagnosticParams(text_document=types.TextDocumentIdentifier(uri=cell))
        )
        assert isinstance(report, types.RelatedFullDocumentDiagnosticReport)
        assert list(report.items) == []
        await client.workspace_execute_command_async(
            types.ExecuteCommandParams(command="jaxerr.clearCellError", arguments=[{"cell": cell}])
        )
        assert list(client.diagnostics[cell]) == []
    assert shown >= 2
