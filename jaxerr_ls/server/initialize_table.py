"""Generates ``initialize.json``, what ``early.py`` needs to answer initialize before pygls loads.

Run ``python -m jaxerr_ls.server.initialize_table`` after changing the server's features or
capabilities, or the versions of pygls, lsprotocol or cattrs (``early.py`` answers only for the
versions recorded). The answer is the real server's, taken from its own response to
``initialize``; the shapes are read from lsprotocol's attrs classes of the request.
"""

from __future__ import annotations

import json
import typing
from collections.abc import Sequence
from enum import Enum
from pathlib import Path
from typing import Any

import attrs
from lsprotocol import types
from lsprotocol._hooks import _resolve_forward_references

from jaxerr_ls.server.early import TABLE, versions
from jaxerr_ls.server.framing import FrameReader

REQUEST = "InitializeRequest"
# A client that declares notebooks (the answer then offers notebook sync) and will-save
# notifications (the answer then says whether the server takes them).
DECLARING_CLIENT: dict[str, Any] = {
    "notebookDocument": {"synchronization": {}},
    "textDocument": {"synchronization": {"willSave": True, "willSaveWaitUntil": True}},
}
# What pygls' capability builder reads of the client beyond these: only for features the server
# does not have (the table cannot be built for a server that has them).
_UNKNOWN_DEPENDENCIES = (
    "textDocument/rename",
    "workspace/willCreateFiles",
    "workspace/didCreateFiles",
    "workspace/willDeleteFiles",
    "workspace/didDeleteFiles",
    "workspace/willRenameFiles",
    "workspace/didRenameFiles",
)


class UnknownShape(Exception):
    """A type in lsprotocol's request that ``early._fits`` has no rule for."""


def camel_case(name: str) -> str:
    """lsprotocol's JSON name of an attrs field (its converter's rename)."""
    name = name.removesuffix("_")
    first, *rest = name.split("_")
    return first + "".join(part.title() for part in rest)


def shapes(root: type = types.InitializeRequest) -> dict[str, dict[str, Any]]:
    """Every attrs class reachable from ``root``: by name, its fields by JSON name, each as
    ``[required, spec]``."""
    _resolve_forward_references()
    found: dict[str, dict[str, Any]] = {}
    pending = [root]
    while pending:
        cls = pending.pop()
        if cls.__name__ in found:
            continue
        fields: dict[str, Any] = {}
        found[cls.__name__] = fields
        for attribute in attrs.fields(cls):
            spec = shape_of(attribute.type, attribute.validator, pending)
            fields[camel_case(attribute.name)] = [attribute.default is attrs.NOTHING, spec]
    return found


def shape_of(kind: Any, validator: object, pending: list[type]) -> Any:
    """The spec of one type: ``"bool"``, ``"str"``, ``"int"`` (32-bit), ``"uint"``,
    ``"float"``, ``"any"``, ``["opt", spec]``, ``["list", spec]``, ``["union", [specs]]``,
    ``["enum", [values]]`` or ``["class", name]``."""
    _check_validator(validator)
    origin = typing.get_origin(kind)
    args = typing.get_args(kind)
    if origin is typing.Union:
        options = [shape_of(a, None, pending) for a in args if a is not type(None)]
        inner = options[0] if len(options) == 1 else ["union", options]
        return ["opt", inner] if type(None) in args else inner
    if origin is typing.Literal:
        return ["enum", list(args)]
    if origin in (Sequence, list):
        return ["list", shape_of(args[0], None, pending)]
    if kind is typing.Any:
        return "any"
    if kind is bool:
        return "bool"
    if kind is str:
        return "str"
    if kind is float:
        return "float"
    if kind is int:
        return "uint" if "uinteger" in repr(validator) else "int"
    if isinstance(kind, type) and issubclass(kind, Enum):
        return ["enum", [member.value for member in kind]]
    if isinstance(kind, type) and attrs.has(kind):
        pending.append(kind)
        return ["class", kind.__name__]
    raise UnknownShape(f"no shape rule for {kind!r}")


def _check_validator(validator: object) -> None:
    """Only validators that the strict shapes already imply (types, integer ranges)."""
    if validator is None:
        return
    text = repr(validator)
    if not any(known in text for known in ("instance_of", "integer_validator")):
        raise UnknownShape(f"no shape rule for the validator {text}")


def initialize_message(capabilities: dict[str, Any], **params: Any) -> dict[str, Any]:
    """An initialize request from a client with these capabilities."""
    return {
        "jsonrpc": "2.0",
        "id": 1,
        "method": "initialize",
        "params": {"processId": None, "rootUri": None, "capabilities": capabilities, **params},
    }


class _Capture:
    """A writer keeping what the server sends."""

    def __init__(self) -> None:
        self.data = b""

    def write(self, data: bytes) -> None:
        self.data += data

    def close(self) -> None:
        pass


def server_answer(message: dict[str, Any]) -> dict[str, Any]:
    """The real server's response to ``message`` (sent as the first frame of a session)."""
    from jaxerr_ls.server import create_server

    server = create_server()
    capture = _Capture()
    server.protocol.set_writer(capture)
    server.protocol.receive(json.dumps(message).encode())  # type: ignore[attr-defined]
    for item in FrameReader().feed(capture.data):
        assert isinstance(item, bytes)
        sent = json.loads(item)
        if sent.get("id") == message["id"] and "method" not in sent:
            server.analysis_pool.shutdown(wait=False, cancel_futures=True)
            return dict(sent)
    raise AssertionError(f"no response to initialize in {capture.data[:500]!r}")


def build_table() -> dict[str, Any]:
    """The table for the server and packages as installed."""
    from jaxerr_ls.server import create_server

    features = create_server().protocol.fm.features
    if found := [method for method in _UNKNOWN_DEPENDENCIES if method in features]:
        raise UnknownShape(f"how pygls' answer depends on the client for {found}")
    table_shapes = shapes()
    answer = server_answer(initialize_message(DECLARING_CLIENT))
    if "result" not in answer:
        raise AssertionError(f"the server refused initialize: {answer}")
    result = answer["result"]
    capabilities = result["capabilities"]
    # The encoding is the client's choice; the bootstrap fills it in, and the will-save flags
    # (present only when the client declares them).
    capabilities["positionEncoding"] = "utf-16"
    sync = capabilities["textDocumentSync"]
    will_save = {key: sync.pop(key) for key in ("willSave", "willSaveWaitUntil")}
    return {
        "versions": versions(),
        "request": REQUEST,
        "result": result,
        "will_save": will_save,
        "shapes": table_shapes,
    }


def write_table(path: Path = Path(TABLE)) -> None:
    table = build_table()
    path.write_text(json.dumps(table, indent=1, sort_keys=False) + "\n", encoding="utf-8")


if __name__ == "__main__":
    write_table()
    print(f"wrote {TABLE}")
