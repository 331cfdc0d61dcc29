"""The JSON-RPC edge, faithful to the spec whatever a client sends: framing, answers, lifecycle.

pygls 2 reads frames and dispatches messages; on bad traffic it stays alive but deaf (one bad
header desynchronises its reader), answers nothing to a message it cannot parse or structure,
and runs requests before ``initialize`` and drops them after ``shutdown``. This module keeps
pygls' handlers and replaces the edges: ``FrameReader`` for framing, ``JaxErrProtocol`` for
what is answered and when, and ``serve_stdio`` / ``serve_tcp`` for the transports and exit
codes (0 after ``shutdown`` then ``exit``, 1 otherwise, 1 when the client's process dies).
"""

from __future__ import annotations

import asyncio
import json
import logging
import os
import sys
import threading
from collections.abc import Callable, Generator
from typing import TYPE_CHECKING, Any

import cattrs
from lsprotocol import types
from lsprotocol.types import ResponseErrorMessage
from pygls.exceptions import JsonRpcException
from pygls.io_ import StdoutWriter
from pygls.protocol import LanguageServerProtocol
from pygls.protocol.json_rpc import (
    JsonRPCNotification,
    JsonRPCRequestMessage,
    JsonRPCResponseMessage,
    RPCRequest,
)
from pygls.protocol.language_server import lsp_method

from jaxerr_ls.server.early import EarlyStart
from jaxerr_ls.server.framing import FrameReader, FramingError

if TYPE_CHECKING:
    from pygls.lsp.server import LanguageServer

log = logging.getLogger(__name__)

PARSE_ERROR = -32700
INVALID_REQUEST = -32600
INVALID_PARAMS = -32602
SERVER_NOT_INITIALIZED = -32002
# How often the client's process is looked for (initialize's processId).
PARENT_POLL_SECONDS = 2.0
# Commands a client runs itself: answered when a client sends one anyway, but not advertised,
# or vscode-languageclient would register them as the server's and never run its own.
CLIENT_SIDE_COMMANDS = frozenset({"jaxerr.rerun"})


class JaxErrProtocol(LanguageServerProtocol):
    """pygls' protocol with the lifecycle rules and error answers the LSP spec asks for."""

    def __init__(self, server: LanguageServer, converter: cattrs.Converter) -> None:
        super().__init__(server, converter)
        self.initialize_received = False
        # Set by the transport: where the exit code goes when the session ends.
        self.on_exit: Callable[[int], None] = lambda code: None
        self._parent_watch: asyncio.Task[None] | None = None
        # An initialize already answered before the server existed (``early.py``): its id and
        # that answer. The server handles the request as ever but sends no second response.
        self.answered_early: tuple[object, dict[str, Any]] | None = None

    @lsp_method(types.INITIALIZE)
    def lsp_initialize(
        self, params: types.InitializeParams
    ) -> Generator[Any, Any, types.InitializeResult]:
        result: types.InitializeResult = yield from super().lsp_initialize(params)
        provider = result.capabilities.execute_command_provider
        if provider is not None:
            provider.commands = [c for c in provider.commands if c not in CLIENT_SIDE_COMMANDS]
        return result

    # -- bytes to messages -----------------------------------------------------------------

    def receive(self, item: bytes | FramingError) -> None:
        """Handle one frame from the transport: parse, check, structure, dispatch, and answer
        whatever cannot be handled with the error the spec names."""
        if isinstance(item, FramingError):
            log.warning("%s", item.message)
            self._send_error(None, PARSE_ERROR, item.message)
            return
        try:
            data = json.loads(item)
        except (ValueError, RecursionError) as exc:
            self._send_error(None, PARSE_ERROR, f"not JSON: {exc}"[:500])
            return
        problem, msg_id = _shape_problem(data)
        if problem is not None:
            looks_like_response = isinstance(data, dict) and "method" not in data and "id" in data
            if looks_like_response:
                log.warning("ignoring a malformed response: %s", problem)
            else:
                self._send_error(msg_id, INVALID_REQUEST, problem)
            return
        method = data.get("method")
        if method is not None and self._refused(method, msg_id if "id" in data else None):
            return
        try:
            message = self._structure(data)
        except Exception as exc:  # a message whose params lsprotocol cannot take
            detail = _structure_problem(exc)
            if "id" in data and method is not None:
                self._send_error(msg_id, INVALID_PARAMS, f"invalid params for {method}: {detail}")
            else:
                log.warning("ignoring %s: invalid params: %s", method or "a response", detail)
            return
        self.handle_message(message)

    def _structure(self, data: dict[str, Any]) -> Any:
        """pygls' ``structure_message`` without its traceback in the log for each bad message."""
        if "id" in data:
            if "error" in data:
                return self._converter.structure(data, ResponseErrorMessage)
            if "method" in data:
                kind = self.get_message_type(data["method"]) or JsonRPCRequestMessage
                return self._converter.structure(data, kind)
            kind = self._result_types.pop(data["id"], None) or JsonRPCResponseMessage
            return self._converter.structure(data, kind)
        kind = self.get_message_type(data["method"]) or JsonRPCNotification
        return self._converter.structure(data, kind)

    # -- lifecycle -------------------------------------------------------------------------

    def _refused(self, method: str, msg_id: object) -> bool:
        """Whether the lifecycle forbids ``method`` now; a refused request is answered (after
        ``shutdown``: InvalidRequest; before ``initialize``: ServerNotInitialized)."""
        if method == types.EXIT:
            return False
        if self._shutdown:
            if msg_id is not None:
                message = f"{method}: the server is shut down; send exit"
                self._send_error(msg_id, INVALID_REQUEST, message)
            return True
        if not self.initialize_received and method != types.INITIALIZE:
            if msg_id is not None:
                message = f"{method}: send initialize first"
                self._send_error(msg_id, SERVER_NOT_INITIALIZED, message)
            return True
        return False

    def handle_message(self, message: Any) -> None:
        method = getattr(message, "method", None)
        msg_id = message.id if isinstance(message, RPCRequest) else None
        if method == types.EXIT:
            self._exit()
            return
        if method is not None and self._refused(method, msg_id):
            return
        if method == types.SHUTDOWN:
            # pygls cancels the pending requests while iterating over them, and a thread's
            # future runs its callback (which removes it) at once: cancel them first, here.
            for pending_id, future in list(self._request_futures.items()):
                if pending_id != getattr(message, "id", None) and not future.done():
                    future.cancel()
        if method == types.INITIALIZE:
            if self.initialize_received:
                self._send_error(message.id, INVALID_REQUEST, "initialize was already sent")
                return
            self.initialize_received = True
            self._watch_parent(getattr(message.params, "process_id", None))
        super().handle_message(message)

    def _exit(self) -> None:
        """``exit``: 0 after ``shutdown``, else 1 (the spec's codes)."""
        self.on_exit(0 if self._shutdown else 1)

    def _watch_parent(self, pid: object) -> None:
        if not isinstance(pid, int) or pid <= 0 or pid == os.getpid():
            return

        async def watch() -> None:
            while _process_alive(pid):
                await asyncio.sleep(PARENT_POLL_SECONDS)
            log.warning("the client's process %d is gone; exiting", pid)
            self.on_exit(1)

        try:
            self._parent_watch = asyncio.get_running_loop().create_task(watch())
        except RuntimeError:  # no running loop: a test driving the protocol by hand
            self._parent_watch = None

    # -- answers ---------------------------------------------------------------------------

    def _send_error(self, msg_id: object, code: int, message: str) -> None:
        if self._answered_early(msg_id, False, {"code": code, "message": message}):
            return
        self._send_data(
            {"jsonrpc": "2.0", "id": msg_id, "error": {"code": code, "message": message}}
        )

    def _serialize_message(self, data: Any) -> Any:
        return data if isinstance(data, dict) else super()._serialize_message(data)

    def _send_response(self, msg_id: Any, result: Any = None, error: Any = None) -> None:
        answer = result if error is None else error
        if not self._answered_early(msg_id, error is None, answer):
            super()._send_response(msg_id, result, error)

    def _answered_early(self, msg_id: Any, success: bool, answer: Any) -> bool:
        """Whether the response to ``msg_id`` was sent early (then it is not sent again)."""
        if self.answered_early is None or self.answered_early[0] != msg_id:
            return False
        _, sent = self.answered_early
        self.answered_early = None
        self._result_types.pop(msg_id, None)
        ours = self._converter.unstructure(answer)
        if not success or ours != sent:
            # Only a stale initialize.json can do this: the tests compare the two.
            log.error(
                "initialize was answered early with %s, but the server answers %s",
                json.dumps(sent),
                json.dumps(ours, default=str),
            )
        return True

    def _send_handler_result(self, future: Any, *, msg_id: Any) -> None:
        # A command's arguments are checked by the command, which raises ValueError with the
        # reason: that is the client's mistake, not an internal error with a traceback.
        if not future.cancelled() and isinstance(future.exception(), ValueError):
            self._request_futures.pop(msg_id, None)
            self._send_error(msg_id, INVALID_PARAMS, str(future.exception()))
            return
        super()._send_handler_result(future, msg_id=msg_id)


def _shape_problem(data: object) -> tuple[str | None, object]:
    """What makes ``data`` not a JSON-RPC 2.0 message (and the id to answer), or None."""
    if not isinstance(data, dict):
        kind = "a batch" if isinstance(data, list) else type(data).__name__
        return f"expected a JSON-RPC message object, got {kind}", None
    msg_id = data.get("id")
    id_ok = "id" not in data or (isinstance(msg_id, (int, str)) and not isinstance(msg_id, bool))
    answer_id = msg_id if id_ok else None
    if data.get("jsonrpc") != "2.0":
        return 'not JSON-RPC 2.0 (no "jsonrpc": "2.0")', answer_id
    if not id_ok:
        return "id must be a string or an integer", None
    if "method" in data:
        if not isinstance(data["method"], str):
            return "method must be a string", answer_id
        params = data.get("params")
        if params is not None and not isinstance(params, (dict, list)):
            return "params must be an object or an array", answer_id
        return None, answer_id
    if "id" not in data:
        return "neither a request, a notification nor a response", None
    if ("result" in data) == ("error" in data):
        return "a response has either result or error", None
    return None, answer_id


def _structure_problem(exc: BaseException) -> str:
    """A readable account of why lsprotocol could not take a message's params."""

    def describe(error: BaseException, kind: Any) -> str:
        if isinstance(error, ValueError) and not isinstance(error, cattrs.BaseValidationError):
            return str(error)
        return cattrs.v.format_exception(error, kind)

    if isinstance(exc, JsonRpcException):
        exc = exc.__cause__ or exc
    if isinstance(exc, cattrs.BaseValidationError):
        try:
            found = cattrs.transform_error(exc, path="$", format_exception=describe)
            return "; ".join(found)[:1000]
        except Exception:  # a shape transform_error does not know
            pass
    return str(exc)[:1000]


def _process_alive(pid: int) -> bool:
    try:
        os.kill(pid, 0)
    except ProcessLookupError:
        return False
    except PermissionError:  # alive, and someone else's
        return True
    except OSError:
        return True
    return True


# -- transports ------------------------------------------------------------------------------


async def _serve(
    protocol: JaxErrProtocol,
    next_chunk: Callable[[], Any],
    shut: asyncio.Future[int],
    early: EarlyStart | None = None,
) -> int:
    """Feed the protocol until ``exit``, the end of input, or the parent's death; first the
    frames read before the server existed (``early``)."""
    reader = early.reader if early is not None else FrameReader()
    read_early = list(early.pending) if early is not None else []

    def handle(items: list[bytes | FramingError]) -> bool:
        """Give the protocol these frames; whether the session has ended."""
        for item in items:
            try:
                protocol.receive(item)
            except Exception:  # one message must never end the session
                log.exception("handling a message failed")
            if shut.done():
                return True
        return False

    async def pump() -> None:
        if handle(read_early):
            return
        while True:
            try:
                chunk: bytes = await next_chunk()
            except OSError:  # a connection reset: as the end of input
                chunk = b""
            if not chunk:
                break
            if handle(reader.feed(chunk)):
                return
        if not shut.done():
            # The client closed the stream without exit: as the spec's exit without shutdown.
            shut.set_result(0 if protocol._shutdown else 1)

    task = asyncio.ensure_future(pump())
    try:
        return await shut
    finally:
        task.cancel()


def _finish(server: LanguageServer, code: int) -> int:
    server.shutdown()  # type: ignore[no-untyped-call]
    return code


def serve_stdio(server: LanguageServer, early: EarlyStart | None = None) -> int:
    """Serve one client over stdin/stdout; the exit code the spec asks for. ``early``: what
    was read (and maybe answered) before the server was made."""
    protocol = server.protocol
    assert isinstance(protocol, JaxErrProtocol)
    stdin = sys.stdin.buffer
    protocol.set_writer(StdoutWriter(sys.stdout.buffer))
    if early is not None and early.answered_result is not None:
        protocol.answered_early = (early.answered_id, early.answered_result)

    async def main() -> int:
        loop = asyncio.get_running_loop()
        shut: asyncio.Future[int] = loop.create_future()
        chunks: asyncio.Queue[bytes] = asyncio.Queue()

        def on_exit(code: int) -> None:
            if not shut.done():
                shut.set_result(code)

        protocol.on_exit = on_exit

        def read_stdin() -> None:
            # A daemon thread: a read blocked on a silent client never holds the process.
            fd = stdin.fileno()
            while True:
                try:
                    data = os.read(fd, 1 << 16)
                except OSError:
                    data = b""
                try:
                    loop.call_soon_threadsafe(chunks.put_nowait, data)
                except RuntimeError:  # the loop is closed: the session is over
                    return
                if not data:
                    return

        if early is not None and early.eof:
            chunks.put_nowait(b"")
        else:
            threading.Thread(target=read_stdin, name="jaxerr-stdin", daemon=True).start()
        return await _serve(protocol, chunks.get, shut, early)

    try:
        code = asyncio.run(main())
    except BrokenPipeError:
        log.error("the client closed the connection")
        code = 1
    return _finish(server, code)


def serve_tcp(server: LanguageServer, host: str, port: int) -> int:
    """Serve the first client that connects on HOST:PORT, then exit with the spec's code.
    Others are turned away while it is connected; when it leaves, the process ends."""
    protocol = server.protocol
    assert isinstance(protocol, JaxErrProtocol)

    async def main() -> int:
        loop = asyncio.get_running_loop()
        shut: asyncio.Future[int] = loop.create_future()
        connected = False

        def on_exit(code: int) -> None:
            if not shut.done():
                shut.set_result(code)

        protocol.on_exit = on_exit

        async def client(reader: asyncio.StreamReader, writer: asyncio.StreamWriter) -> None:
            nonlocal connected
            if connected:
                writer.close()
                return
            connected = True
            protocol.set_writer(writer)
            try:
                await _serve(protocol, lambda: reader.read(1 << 16), shut)
            finally:
                writer.close()

        listener = await asyncio.start_server(client, host, port)
        addresses = ", ".join(str(s.getsockname()) for s in listener.sockets)
        log.info("serving on %s", addresses)
        print(f"jaxerr-ls: listening on {addresses}", file=sys.stderr, flush=True)
        try:
            return await shut
        finally:
            listener.close()

    return _finish(server, asyncio.run(main()))


def exit_process(code: int) -> None:
    """End the process with ``code`` even if a worker thread is stuck in a read."""
    sys.stdout.flush()
    sys.stderr.flush()
    os._exit(code)
