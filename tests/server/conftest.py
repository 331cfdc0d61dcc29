"""The server's handlers called in-process: a real JaxErrServer with a workspace, its messages
to the client caught where the transport would write them."""

from __future__ import annotations

import json
from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest
from lsprotocol import types
from pygls.workspace import Workspace

from jaxerr_ls.server import JaxErrServer, create_server
from jaxerr_ls.server.lifecycle import initialize


class CapturedWriter:
    """Where the server's JSON-RPC messages to the client go."""

    def __init__(self) -> None:
        self.messages: list[dict[str, Any]] = []

    def write(self, data: bytes) -> None:
        body = data.decode("utf-8").split("\r\n\r\n", 1)[-1]
        self.messages.append(json.loads(body))

    def notifications(self, method: str) -> list[dict[str, Any]]:
        return [m["params"] for m in self.messages if m.get("method") == method]

    def diagnostics(self, uri: str) -> list[dict[str, Any]]:
        """The last diagnostics published for a document."""
        published = [
            p
            for p in self.notifications(types.TEXT_DOCUMENT_PUBLISH_DIAGNOSTICS)
            if p["uri"] == uri
        ]
        return published[-1]["diagnostics"] if published else []


MakeServer = Callable[..., tuple[JaxErrServer, CapturedWriter]]
# A client that pulls diagnostics and can be told to pull again (VS Code).
PULLING = types.ClientCapabilities(
    text_document=types.TextDocumentClientCapabilities(
        diagnostic=types.DiagnosticClientCapabilities()
    ),
    workspace=types.WorkspaceClientCapabilities(
        diagnostics=types.DiagnosticWorkspaceClientCapabilities(refresh_support=True)
    ),
)


@pytest.fixture
def make_server() -> MakeServer:
    """A server initialized on a root, as a client negotiating ``encoding`` would have it."""
    servers: list[JaxErrServer] = []

    def make(
        root: Path,
        *,
        encoding: str = "utf-16",
        options: Any = None,
        capabilities: types.ClientCapabilities | None = None,
        folders: list[Path] | None = None,
    ) -> tuple[JaxErrServer, CapturedWriter]:
        server = create_server()
        writer = CapturedWriter()
        server.protocol.writer = writer  # type: ignore[assignment]
        workspace_folders = [
            types.WorkspaceFolder(uri=folder.as_uri(), name=folder.name) for folder in folders or []
        ]
        server.protocol._workspace = Workspace(
            root.as_uri(), types.TextDocumentSyncKind.Incremental, workspace_folders, encoding
        )
        params = types.InitializeParams(
            capabilities=capabilities or types.ClientCapabilities(),
            root_uri=root.as_uri(),
            initialization_options=options
            if options is not None
            else {"generatedRecords": False, "enabledSources": ["output"]},
        )
        initialize(server, params)
        servers.append(server)
        return server, writer

    yield make  # type: ignore[misc]
    for server in servers:
        server.analysis_pool.shutdown(wait=True)
        server.hover_pool.shutdown(wait=True)
