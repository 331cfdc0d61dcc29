"""A raw JSON-RPC client for the real server process: any bytes out, every message in.

pytest-lsp only sends well-formed messages; the protocol and torture tests need to send
anything (bad frames, bad params, requests out of order) and see exactly what comes back.
"""

from __future__ import annotations

import json
import os
import queue
import subprocess
import sys
import threading
import time
from collections.abc import Sequence
from pathlib import Path
from typing import Any

from jaxerr_ls.server.framing import FrameReader, FramingError, frame

# A bound on waiting for the server, so that a hang fails the test instead of stalling CI.
# Never an assertion about speed.
PATIENCE = 120.0


def uri(path: Path) -> str:
    return path.resolve().as_uri()


class RawServer:
    """``jaxerr-ls serve`` over stdio, spoken to byte by byte."""

    def __init__(
        self,
        args: Sequence[str] = (),
        *,
        cwd: Path | None = None,
        env: dict[str, str] | None = None,
    ) -> None:
        self.process = subprocess.Popen(
            [sys.executable, "-m", "jaxerr_ls", "serve", *args],
            stdin=subprocess.PIPE,
            stdout=subprocess.PIPE,
            stderr=subprocess.PIPE,
            cwd=cwd,
            env={**os.environ, **(env or {})},
        )
        self.inbox: queue.Queue[dict[str, Any]] = queue.Queue()
        self.responses: dict[Any, dict[str, Any]] = {}
        self.notifications: list[dict[str, Any]] = []
        self.unframed: list[str] = []
        self.stderr = b""
        self._next_id = 0
        threading.Thread(target=self._read, daemon=True).start()
        threading.Thread(target=self._read_stderr, daemon=True).start()

    def _read(self) -> None:
        assert self.process.stdout is not None
        reader = FrameReader()
        fd = self.process.stdout.fileno()
        while data := os.read(fd, 1 << 16):
            for item in reader.feed(data):
                if isinstance(item, FramingError):
                    self.unframed.append(item.message)
                else:
                    self.inbox.put(json.loads(item))

    def _read_stderr(self) -> None:
        assert self.process.stderr is not None
        fd = self.process.stderr.fileno()
        while data := os.read(fd, 1 << 16):
            self.stderr = (self.stderr + data)[-200_000:]

    # -- sending ---------------------------------------------------------------------------

    def send_bytes(self, data: bytes) -> None:
        assert self.process.stdin is not None
        self.process.stdin.write(data)
        self.process.stdin.flush()

    def send(self, message: dict[str, Any] | bytes) -> None:
        body = message if isinstance(message, bytes) else json.dumps(message).encode()
        self.send_bytes(frame(body))

    def new_id(self) -> int:
        self._next_id += 1
        return self._next_id

    def request(self, method: str, params: Any = None) -> int:
        msg_id = self.new_id()
        message: dict[str, Any] = {"jsonrpc": "2.0", "id": msg_id, "method": method}
        if params is not None:
            message["params"] = params
        self.send(message)
        return msg_id

    def notify(self, method: str, params: Any = None) -> None:
        message: dict[str, Any] = {"jsonrpc": "2.0", "method": method}
        if params is not None:
            message["params"] = params
        self.send(message)

    # -- receiving -------------------------------------------------------------------------

    def _take(self, timeout: float) -> bool:
        try:
            message = self.inbox.get(timeout=timeout)
        except queue.Empty:
            return False
        if "method" in message and "id" in message:
            # A request from the server (registrations, configuration): answer as a client.
            self.send({"jsonrpc": "2.0", "id": message["id"], "result": None})
        elif "method" in message:
            self.notifications.append(message)
        else:
            self.responses[message.get("id")] = message
        return True

    def response(self, msg_id: Any) -> dict[str, Any]:
        """The response to ``msg_id``, waiting for it."""
        deadline = time.monotonic() + PATIENCE
        while msg_id not in self.responses:
            left = deadline - time.monotonic()
            if left <= 0 or (not self._take(min(left, 1.0)) and self.process.poll() is not None):
                raise AssertionError(f"no response to {msg_id!r}; stderr: {self.tail()}")
        return self.responses.pop(msg_id)

    def call(self, method: str, params: Any = None) -> dict[str, Any]:
        return self.response(self.request(method, params))

    def drain(self, seconds: float = 0.0) -> None:
        """Take whatever has arrived (waiting up to ``seconds`` for more)."""
        end = time.monotonic() + seconds
        while self._take(max(0.0, end - time.monotonic()) or 0.01):
            pass

    def initialize(self, root: Path | None, **params: Any) -> dict[str, Any]:
        answer = self.call(
            "initialize",
            {
                "processId": params.pop("processId", None),
                "rootUri": uri(root) if root is not None else None,
                "capabilities": params.pop("capabilities", {}),
                **params,
            },
        )
        self.notify("initialized", {})
        return answer

    def open(self, path: Path, text: str | None = None) -> str:
        document = uri(path)
        self.notify(
            "textDocument/didOpen",
            {
                "textDocument": {
                    "uri": document,
                    "languageId": "python",
                    "version": 1,
                    "text": path.read_text() if text is None else text,
                }
            },
        )
        return document

    def hover(self, document: str, line: int, character: int) -> dict[str, Any]:
        position = {"line": line, "character": character}
        return self.call(
            "textDocument/hover", {"textDocument": {"uri": document}, "position": position}
        )

    def wait_exit(self, timeout: float = PATIENCE) -> int:
        return self.process.wait(timeout=timeout)

    def tail(self) -> str:
        return self.stderr[-3000:].decode("utf-8", "replace")

    def close(self) -> None:
        if self.process.poll() is None:
            try:
                self.call("shutdown")
                self.notify("exit")
                self.process.wait(timeout=30)
            except (AssertionError, OSError, subprocess.TimeoutExpired):
                self.process.kill()
                self.process.wait()

    def memory_peak_kib(self) -> int | None:
        """The server's peak resident memory (VmHWM), where /proc tells it."""
        try:
            status = Path(f"/proc/{self.process.pid}/status").read_text()
        except OSError:
            return None
        for line in status.splitlines():
            if line.startswith("VmHWM:"):
                return int(line.split()[1])
        return None
