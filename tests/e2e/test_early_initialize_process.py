"""The real server's start: initialize answered before pygls loads, and every other first
message handled as the server always handles it."""

from __future__ import annotations

import json
from collections.abc import Iterator
from pathlib import Path

import pytest

from jaxerr_ls.server.early import early_result, load_table
from jaxerr_ls.server.framing import frame
from tests.e2e.rawclient import RawServer, uri
from tests.e2e.test_protocol import GRAD, _workspace, good_hover

ANSWERED = "initialize answered before the server loaded"
LEFT = "initialize left to the server"


@pytest.fixture
def workspace(tmp_path: Path) -> Path:
    return _workspace(tmp_path)


@pytest.fixture
def server(workspace: Path) -> Iterator[RawServer]:
    started = RawServer(["--verbose"], env={"JAXERR_LS_CACHE_DIR": str(workspace.parent / "c")})
    yield started
    started.close()


def said(server: RawServer) -> str:
    """The server's log (it logs each message with --verbose)."""
    return server.stderr.decode("utf-8", "replace")


def params(workspace: Path, **more: object) -> dict[str, object]:
    return {
        "processId": None,
        "rootUri": uri(workspace),
        "capabilities": {"general": {"positionEncodings": ["utf-8", "utf-16"]}},
        "initializationOptions": {"generatedRecords": False},
        **more,
    }


def test_initialize_is_answered_early_and_the_session_goes_on(
    server: RawServer, workspace: Path
) -> None:
    sent = params(workspace, workspaceFolders=[{"uri": uri(workspace), "name": "ws"}])
    answer = server.call("initialize", sent)
    server.notify("initialized", {})
    table = load_table()
    assert table is not None
    request = {"jsonrpc": "2.0", "id": 1, "method": "initialize", "params": sent}
    assert answer == {"id": 1, "jsonrpc": "2.0", "result": early_result(request, table)}
    assert answer["result"]["capabilities"]["positionEncoding"] == "utf-8"
    good_hover(server, server.open(workspace / "model.py"))
    assert ANSWERED in said(server)
    assert "answered early with" not in said(server)  # the server's own answer agreed
    # One answer to initialize, not two.
    server.drain(0.5)
    assert 1 not in server.responses


def test_messages_sent_with_initialize_are_all_answered(server: RawServer, workspace: Path) -> None:
    initialize = {"jsonrpc": "2.0", "id": 1, "method": "initialize", "params": params(workspace)}
    hover = {
        "jsonrpc": "2.0",
        "id": 2,
        "method": "textDocument/hover",
        "params": {
            "textDocument": {"uri": uri(workspace / "model.py")},
            "position": {"line": GRAD[0], "character": GRAD[1]},
        },
    }
    shutdown = {"jsonrpc": "2.0", "id": 3, "method": "shutdown"}
    exit_ = {"jsonrpc": "2.0", "method": "exit"}
    server.send_bytes(
        b"".join(frame(json.dumps(m).encode()) for m in (initialize, hover, shutdown, exit_))
    )
    assert "result" in server.response(1)
    hovered = server.response(2)
    # Answered, or cancelled by the shutdown sent before its answer (the server's rule).
    assert "result" in hovered or hovered["error"]["code"] == -32800
    assert server.response(3)["result"] is None
    assert server.wait_exit() == 0
    assert ANSWERED in said(server)


def test_a_request_before_initialize_is_still_refused(server: RawServer, workspace: Path) -> None:
    assert server.call("textDocument/hover", {})["error"]["code"] == -32002
    assert "result" in server.call("initialize", params(workspace))
    assert LEFT in said(server)


def test_a_bad_first_frame_is_still_reported(server: RawServer, workspace: Path) -> None:
    server.send_bytes(b"Content-Length: -4\r\n\r\n")
    assert "result" in server.call("initialize", params(workspace))
    assert server.responses.pop(None)["error"]["code"] == -32700
    assert LEFT in said(server)


def test_initialize_with_bad_params_gets_invalid_params(server: RawServer, workspace: Path) -> None:
    bad = server.call("initialize", params(workspace, processId="twelve"))
    assert bad["error"]["code"] == -32602
    assert "processId" in bad["error"]["message"] or "process_id" in bad["error"]["message"]
    assert "result" in server.call("initialize", params(workspace))
    assert LEFT in said(server)


def test_no_input_at_all_ends_the_server_with_1(server: RawServer) -> None:
    assert server.process.stdin is not None
    server.process.stdin.close()
    assert server.wait_exit() == 1
    assert "initialize not received: the input ended" in said(server)
