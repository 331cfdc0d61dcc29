"""The JSON-RPC edge of the real server: bad frames, bad params, lifecycle order, exit codes."""

from __future__ import annotations

import json
import socket
import subprocess
import sys
import time
from pathlib import Path

import pytest

from tests.e2e.rawclient import RawServer, uri

SOURCE = "import jax\n\n\ndef loss_grad(f):\n    return jax.grad(f)\n"
GRAD = (4, 16)  # on `grad`


def _workspace(folder: Path) -> Path:
    root = folder / "ws"
    root.mkdir()
    (root / "model.py").write_text(SOURCE)
    return root


@pytest.fixture
def workspace(tmp_path: Path) -> Path:
    return _workspace(tmp_path)


@pytest.fixture
def server(workspace: Path):  # type: ignore[no-untyped-def]
    started = RawServer(env={"JAXERR_LS_CACHE_DIR": str(workspace.parent / "cache")})
    yield started
    started.close()


@pytest.fixture(scope="module")
def session(tmp_path_factory: pytest.TempPathFactory):  # type: ignore[no-untyped-def]
    """One initialized server for the tests that do not end it: (server, document uri)."""
    root = _workspace(tmp_path_factory.mktemp("session"))
    started = RawServer(env={"JAXERR_LS_CACHE_DIR": str(root.parent / "cache")})
    document = start(started, root)
    good_hover(started, document)
    yield started, document
    started.close()


def good_hover(server: RawServer, document: str) -> str:
    answer = server.hover(document, *GRAD)
    assert "result" in answer, answer
    value: str = answer["result"]["contents"]["value"]
    assert "jax.grad" in value
    return value


def start(server: RawServer, workspace: Path) -> str:
    answer = server.initialize(workspace, initializationOptions={"generatedRecords": False})
    assert "capabilities" in answer["result"]
    return server.open(workspace / "model.py")


@pytest.mark.parametrize(
    "garbage",
    [
        b"Content-Length: -5\r\n\r\n{}",
        b"Content-Length: abc\r\n\r\n{}",
        b"Content-Length: 99999999999999999999\r\n\r\n{}",
        b"garbage without a newline",
        b"\r\n\r\n",
        b"Content-Type: text/plain\r\n\r\n{}",
        b"Content-Length: 5\r\nContent-Length: 6\r\n\r\n{}",
        b"X" * 20000,
        b"\x00\xff\xfe binary \x00",
    ],
)
def test_a_malformed_frame_is_reported_and_the_next_request_is_answered(
    session: tuple[RawServer, str], garbage: bytes
) -> None:
    server, document = session
    server.drain(0.3)
    server.responses.pop(None, None)
    server.send_bytes(garbage)
    good_hover(server, document)
    server.drain(0.2)
    error = server.responses.get(None)
    assert error is not None and error["error"]["code"] in (-32700, -32600), server.responses


def test_a_lowercase_content_length_is_read(session: tuple[RawServer, str]) -> None:
    server, document = session
    body = json.dumps(
        {
            "jsonrpc": "2.0",
            "id": 99,
            "method": "textDocument/hover",
            "params": {
                "textDocument": {"uri": document},
                "position": dict(zip(("line", "character"), GRAD, strict=True)),
            },
        }
    ).encode()
    server.send_bytes(b"content-length: %d\n\n%s" % (len(body), body))
    assert "jax.grad" in server.response(99)["result"]["contents"]["value"]


@pytest.mark.parametrize(
    ("body", "code", "answer_id"),
    [
        (b"{not json", -32700, None),
        (b'{"jsonrpc": "2.0", "id": 1, "method": "x"', -32700, None),
        (b"[1, 2, 3]", -32600, None),
        (b'"a string"', -32600, None),
        (b'{"id": 5, "method": "textDocument/hover"}', -32600, 5),
        (b'{"jsonrpc": "2.0", "id": 5.5, "method": "textDocument/hover"}', -32600, None),
        (b'{"jsonrpc": "2.0", "id": 5, "method": 42}', -32600, 5),
        (b'{"jsonrpc": "2.0", "id": 5, "method": "x", "params": 3}', -32600, 5),
    ],
)
def test_parse_errors_and_invalid_requests_are_answered(
    session: tuple[RawServer, str], body: bytes, code: int, answer_id: int | None
) -> None:
    server, document = session
    server.drain(0.3)
    server.responses.pop(None, None)
    server.send(body)
    assert server.response(answer_id)["error"]["code"] == code
    good_hover(server, document)


@pytest.mark.parametrize(
    ("params", "words"),
    [
        (
            {"textDocument": {"uri": "file:///x.py"}, "position": {"line": -1, "character": 0}},
            "Position.line",
        ),
        ([], "expected TextDocumentIdentifier"),
        ({"textDocument": {"uri": "file:///x.py"}, "position": "3:4"}, "expected int"),
        (None, "required field missing @ $.params"),
    ],
)
def test_params_that_do_not_deserialize_get_invalid_params(
    session: tuple[RawServer, str], params: object, words: str
) -> None:
    server, document = session
    answer = server.call("textDocument/hover", params)
    assert answer["error"]["code"] == -32602
    assert (
        "textDocument/hover" in answer["error"]["message"] and words in answer["error"]["message"]
    )
    good_hover(server, document)


def test_a_command_with_bad_arguments_gets_invalid_params(session: tuple[RawServer, str]) -> None:
    server, _ = session
    answer = server.call(
        "workspace/executeCommand", {"command": "jaxerr.ingestOutput", "arguments": [5]}
    )
    assert answer["error"]["code"] == -32602 and "ingestOutput" in answer["error"]["message"]
    assert "Traceback" not in json.dumps(answer)


def test_requests_before_initialize_are_refused_and_not_run(
    server: RawServer, workspace: Path
) -> None:
    log = (
        Path(__file__).resolve().parents[1]
        / "fixtures"
        / "logs"
        / "jax-0.12.0.1"
        / "foreign"
        / "pytest-tb-auto.log"
    )
    project = Path(__file__).resolve().parents[1] / "fixtures" / "project"
    arguments = [{"text": log.read_text(), "cwd": str(project)}]
    early = server.call(
        "workspace/executeCommand", {"command": "jaxerr.ingestOutput", "arguments": arguments}
    )
    assert early["error"]["code"] == -32002 and "Traceback" not in json.dumps(early)
    assert server.call("textDocument/hover", {})["error"]["code"] == -32002
    server.notify("textDocument/didOpen", {"textDocument": {}})  # dropped, not an error
    start(server, workspace)
    server.drain(1.0)
    # Diagnostics of a run (the opened document's predictions from its source aside).
    published = [
        d
        for n in server.notifications
        if n["method"] == "textDocument/publishDiagnostics"
        for d in n["params"]["diagnostics"]
        if d.get("data", {}).get("role") != "predicted"
    ]
    assert published == [], "ingestOutput ran before initialize"


def test_a_second_initialize_is_an_invalid_request(session: tuple[RawServer, str]) -> None:
    server, _ = session
    assert server.call("initialize", {"capabilities": {}})["error"]["code"] == -32600


def test_after_shutdown_requests_are_invalid_and_exit_returns_0(
    server: RawServer, workspace: Path
) -> None:
    document = start(server, workspace)
    assert server.call("shutdown")["result"] is None
    after = server.hover(document, *GRAD)
    assert after["error"]["code"] == -32600
    server.notify("exit")
    assert server.wait_exit() == 0


def test_exit_without_shutdown_returns_1(server: RawServer, workspace: Path) -> None:
    start(server, workspace)
    server.notify("exit")
    assert server.wait_exit() == 1


def test_the_end_of_input_without_exit_ends_the_process(server: RawServer, workspace: Path) -> None:
    start(server, workspace)
    assert server.process.stdin is not None
    server.process.stdin.close()
    assert server.wait_exit() == 1


def test_the_server_exits_when_the_client_process_dies(server: RawServer, workspace: Path) -> None:
    parent = subprocess.Popen([sys.executable, "-c", "import time; time.sleep(600)"])
    try:
        start_params = {
            "processId": parent.pid,
            "initializationOptions": {"generatedRecords": False},
        }
        assert "result" in server.call(
            "initialize", {"rootUri": uri(workspace), "capabilities": {}, **start_params}
        )
        server.notify("initialized", {})
    finally:
        parent.kill()
        parent.wait()
    assert server.wait_exit() == 1


def _free_port() -> int:
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        port: int = probe.getsockname()[1]
        return port


def _tcp_exchange(port: int, messages: list[dict[str, object]]) -> list[dict[str, object]]:
    from jaxerr_ls.server.framing import FrameReader, frame

    deadline = time.monotonic() + 60
    while True:
        try:
            connection = socket.create_connection(("127.0.0.1", port), timeout=60)
            break
        except OSError:
            if time.monotonic() > deadline:
                raise
            time.sleep(0.1)
    answers: list[dict[str, object]] = []
    with connection:
        reader = FrameReader()
        wanted = sum(1 for m in messages if "id" in m)
        for message in messages:
            connection.sendall(frame(json.dumps(message).encode()))
        while len(answers) < wanted:
            data = connection.recv(1 << 16)
            if not data:
                break
            answers += [json.loads(b) for b in reader.feed(data) if isinstance(b, bytes)]
    return answers


@pytest.mark.parametrize(("orderly", "code"), [(True, 0), (False, 1)])
def test_tcp_serves_one_client_then_exits(tmp_path: Path, orderly: bool, code: int) -> None:
    port = _free_port()
    process = subprocess.Popen(
        [sys.executable, "-m", "jaxerr_ls", "serve", "--tcp", f"127.0.0.1:{port}"],
        stderr=subprocess.PIPE,
    )
    try:
        messages: list[dict[str, object]] = [
            {
                "jsonrpc": "2.0",
                "id": 1,
                "method": "initialize",
                "params": {
                    "capabilities": {},
                    "initializationOptions": {"generatedRecords": False},
                },
            },
            {"jsonrpc": "2.0", "method": "initialized", "params": {}},
        ]
        if orderly:
            messages += [
                {"jsonrpc": "2.0", "id": 2, "method": "shutdown"},
                {"jsonrpc": "2.0", "method": "exit"},
            ]
        answers = _tcp_exchange(port, messages)
        assert [a["id"] for a in answers] == ([1, 2] if orderly else [1])
        assert process.wait(timeout=60) == code
    finally:
        if process.poll() is None:
            process.kill()
        process.wait()
