"""Hover through the real server, as VS Code and Neovim, on every alias form of the fixtures."""

from __future__ import annotations

import sys
from pathlib import Path

import pytest
import pytest_lsp
from lsprotocol import types
from pytest_lsp import ClientServerConfig, LanguageClient

from tests.core.test_hover import FIXTURES, Case, _cases
from tests.e2e.test_server import CLIENTS, open_document, start

SERVER = ClientServerConfig(server_command=[sys.executable, "-m", "jaxerr_ls", "serve"])
CASES = _cases()


@pytest_lsp.fixture(config=SERVER, params=CLIENTS, scope="module")
async def client(request: pytest.FixtureRequest, lsp_client: LanguageClient):  # type: ignore[no-untyped-def]
    await start(lsp_client, request.param, {"enabledSources": ["output"]}, root=FIXTURES)
    for path in sorted(FIXTURES.glob("*.py")):
        open_document(lsp_client, path)
    yield
    await lsp_client.shutdown_session()


@pytest.mark.asyncio(loop_scope="module")
@pytest.mark.parametrize("case", CASES, ids=str)
async def test_hover_names_the_api_under_the_cursor(client: LanguageClient, case: Case) -> None:
    hover = await client.text_document_hover_async(
        types.HoverParams(
            text_document=types.TextDocumentIdentifier(uri=(FIXTURES / case.file).as_uri()),
            position=types.Position(line=case.line, character=(case.column + case.end) // 2),
        )
    )
    if case.expected is None:
        assert hover is None
        return
    assert hover is not None and isinstance(hover.contents, types.MarkupContent)
    # The doc names its API in bold; the server's Python has jax, so jedi-only cases resolve.
    shown = hover.contents.value.replace("\\", "")  # Markdown escapes (jax.\\_src)
    assert f"**{case.expected}**" in shown, shown[:300]


def test_every_fixture_file_has_cases() -> None:
    assert {case.file for case in CASES} >= {p.name for p in FIXTURES.glob("*.py")} - {
        "autodiff_helpers.py"
    }
    assert Path(FIXTURES).is_dir()
