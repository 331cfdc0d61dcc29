"""Seeded random and malformed JSON-RPC traffic for the real server, shared by the torture test
and ``bench/torture.py``: batches of fuzzed messages, each followed by a hover that must be
answered with the right docs, and every request of the batch answered."""

from __future__ import annotations

import json
import random
import time
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from tests.e2e.rawclient import RawServer

SOURCE = "import jax\n\n\ndef loss_grad(f):\n    return jax.grad(f)\n"
GRAD = (4, 16)

# Requests the server knows, with params to mutate; notifications likewise.
METHODS = [
    "textDocument/hover",
    "textDocument/codeAction",
    "codeAction/resolve",
    "textDocument/diagnostic",
    "workspace/executeCommand",
    "textDocument/completion",
    "initialize",
    "$/unknown",
    "",
]
NOTIFICATIONS = [
    "textDocument/didOpen",
    "textDocument/didChange",
    "textDocument/didClose",
    "workspace/didChangeConfiguration",
    "workspace/didChangeWatchedFiles",
    "$/cancelRequest",
    "$/setTrace",
    "initialized",
]
WEIRD = [
    None,
    True,
    -1,
    0,
    2**31,
    -(2**40),
    1.5,
    "",
    "x" * 300,
    "\udcff\u202e\x00",
    [],
    [1, "a", None],
    {},
    {"line": -3, "character": "z"},
]


@dataclass
class Figures:
    """What one run measured."""

    messages: int
    requests: int
    seconds: float
    peak_kib: int | None

    @property
    def per_second(self) -> float:
        return self.messages / self.seconds if self.seconds else 0.0


class Traffic:
    """Random messages from a seed: valid-looking, mutated, or not JSON-RPC at all."""

    def __init__(self, seed: int, document: str, scratch: str) -> None:
        self.random = random.Random(seed)
        self.document = document
        self.scratch = scratch
        self.version = 1

    def weird(self, depth: int = 0) -> Any:
        r = self.random
        roll = r.random()
        if depth < 3 and roll < 0.15:
            return {
                r.choice(["uri", "line", "textDocument", "position", "a"]): self.weird(depth + 1)
            }
        if depth < 3 and roll < 0.25:
            return [self.weird(depth + 1) for _ in range(r.randrange(3))]
        return r.choice(WEIRD)

    def position(self) -> Any:
        r = self.random
        if r.random() < 0.7:
            return {"line": r.randrange(0, 12), "character": r.randrange(0, 40)}
        return self.weird()

    def params(self, method: str) -> Any:
        r = self.random
        document = {"uri": r.choice([self.document, self.scratch, "file:///nowhere.py", "bad"])}
        if method == "textDocument/hover":
            params: Any = {"textDocument": document, "position": self.position()}
        elif method == "textDocument/codeAction":
            params = {
                "textDocument": document,
                "range": {"start": self.position(), "end": self.position()},
                "context": {"diagnostics": self.weird() if r.random() < 0.3 else []},
            }
        elif method == "codeAction/resolve":
            params = {"title": "x", "data": self.weird()}
        elif method == "workspace/executeCommand":
            command = r.choice(
                ["jaxerr.ingestOutput", "jaxerr.clearDiagnostics", "jaxerr.openDocs", "nope"]
            )
            text = r.choice(
                ["", "Traceback (most recent call last):\nValueError: boom\n", "x" * 2000]
            )
            params = {
                "command": command,
                "arguments": r.choice([[], [{"text": text}], [self.weird()]]),
            }
        elif method == "textDocument/didChange":
            self.version += 1
            change: Any = {"text": r.choice(["", "x = 1\n", "\n" * 5])}
            if r.random() < 0.5:
                change["range"] = {"start": self.position(), "end": self.position()}
            params = {
                "textDocument": {"uri": self.scratch, "version": self.version},
                "contentChanges": [change],
            }
        elif method == "textDocument/didOpen":
            params = {
                "textDocument": {
                    "uri": self.scratch,
                    "languageId": "python",
                    "version": self.version,
                    "text": "import jax\n",
                }
            }
        elif method in ("textDocument/didClose", "textDocument/diagnostic"):
            params = {"textDocument": {"uri": self.scratch}}
        elif method == "workspace/didChangeConfiguration":
            # Generated records stay off: a first build takes seconds, not what is tested here.
            settings = {"generatedRecords": False, "pollInterval": 600}
            settings[r.choice(["fuzzyThreshold", "culpritDiagnostics", "logFiles"])] = self.weird()
            params = {"settings": {"jaxerr": settings}}
        elif method == "$/cancelRequest":
            params = {"id": r.randrange(1, 100000)}
        else:
            params = self.weird()
        if r.random() < 0.15:  # mutate: drop a field, or swap the whole params
            if isinstance(params, dict) and params:
                del params[r.choice(list(params))]
            else:
                params = self.weird()
        return params

    def message(self, msg_id: int) -> tuple[bytes, int | None]:
        """One message as bytes on the wire, and the id whose answer is owed (if any)."""
        r = self.random
        roll = r.random()
        if roll < 0.04:
            return self.bad_frame(), None
        if roll < 0.08:
            body = r.choice(
                [
                    b"{",
                    b"[]",
                    b"null",
                    b"123",
                    b'{"jsonrpc": "1.0", "id": 1}',
                    bytes(r.randrange(256) for _ in range(r.randrange(1, 40))),
                ]
            )
            return frame_of(body), None
        if roll < 0.55:
            method = r.choice(METHODS)
            message = {
                "jsonrpc": "2.0",
                "id": msg_id,
                "method": method,
                "params": self.params(method),
            }
            if r.random() < 0.05:
                del message["params"]
            return frame_of(json.dumps(message).encode()), msg_id
        method = r.choice(NOTIFICATIONS)
        if method == "workspace/didChangeConfiguration" and r.random() < 0.9:
            method = "textDocument/didChange"  # a settings change reloads records: keep it rare
        notification = {"jsonrpc": "2.0", "method": method, "params": self.params(method)}
        return frame_of(json.dumps(notification).encode()), None

    def bad_frame(self) -> bytes:
        r = self.random
        return r.choice(
            [
                b"Content-Length: -7\r\n\r\n{}",
                b"Content-Length: nope\r\n\r\n{}",
                b"content-length: 2\r\n\r\n{}",
                b"garbage with no newline",
                b"\r\n\r\n",
                b"Content-Type: x\r\n\r\n{}",
                b"Content-Length: 3\r\nContent-Length: 4\r\n\r\n{}",
                bytes(r.randrange(256) for _ in range(r.randrange(1, 64))).replace(b"C", b"c"),
            ]
        )


def frame_of(body: bytes) -> bytes:
    return b"Content-Length: %d\r\n\r\n%s" % (len(body), body)


def run_torture(
    workspace: Path, *, seed: int, batches: int, batch_size: int
) -> tuple[Figures, RawServer]:
    """Start a server on ``workspace``, send ``batches`` batches of fuzzed traffic, check after
    each that every request of the batch was answered and a good hover still works."""
    (workspace / "model.py").write_text(SOURCE)
    server = RawServer(env={"JAXERR_LS_CACHE_DIR": str(workspace.parent / "cache")})
    answer = server.initialize(
        workspace, initializationOptions={"generatedRecords": False, "pollInterval": 600}
    )
    assert "result" in answer, answer
    document = server.open(workspace / "model.py")
    scratch = server.open(workspace / "scratch.py", "import jax\n")
    good = server.hover(document, *GRAD)
    assert "jax.grad" in good["result"]["contents"]["value"], good
    traffic = Traffic(seed, document, scratch)
    sent = requests = 0
    started = time.monotonic()
    for _batch in range(batches):
        owed: list[int] = []
        chunk = bytearray()
        for _ in range(batch_size):
            data, msg_id = traffic.message(server.new_id() + 1_000_000)
            chunk += data
            if msg_id is not None:
                owed.append(msg_id)
            if len(chunk) > 1 << 16:
                server.send_bytes(bytes(chunk))
                chunk.clear()
        server.send_bytes(bytes(chunk))
        sent += batch_size
        requests += len(owed)
        hover = server.hover(document, *GRAD)
        assert "result" in hover and "jax.grad" in hover["result"]["contents"]["value"], hover
        for msg_id in owed:
            reply = server.response(msg_id)
            assert ("result" in reply) != ("error" in reply), reply
    seconds = time.monotonic() - started
    return Figures(sent, requests, seconds, server.memory_peak_kib()), server
