"""``initialize`` answered before pygls is imported: the first frame read with the standard library.

Importing pygls and lsprotocol (thousands of attrs classes) and building the cattrs converter
takes most of the server's start-up, and the answer to ``initialize`` does not need them: it is
the same InitializeResult for every client but for the negotiated position encoding, the
notebook sync offered only to a client that declares notebooks and the will-save flags said
only to a client that declares them. ``initialize.json`` holds that answer as the real server
gives it, and the shapes lsprotocol accepts for the request, both generated from the real
server by ``initialize_table.py`` for the versions of jaxerr-ls (and of its server modules'
code), pygls, lsprotocol and cattrs it records.

The answer is given early only when all of this holds: the installed versions are those of the
table, the first frame is a well-formed ``initialize`` request, and its params fit the shapes
strictly (every value of the JSON type lsprotocol wants, so that pygls will take them too).
Anything else (another first message, a malformed frame, end of input, a param lsprotocol might
refuse) is left to the server, which then answers exactly as it does without this module. After
an early answer the server still handles the same ``initialize`` (client capabilities,
workspace, settings, the parent's process watch) and drops its own response.
"""

from __future__ import annotations

import json
import os
import sys
from dataclasses import dataclass, field
from typing import Any

from jaxerr_ls import __version__
from jaxerr_ls.server.framing import FrameReader, FramingError

TABLE = os.path.join(os.path.dirname(os.path.abspath(__file__)), "initialize.json")
# The packages whose versions the answer depends on (how pygls builds and serializes it).
PACKAGES = ("pygls", "lsprotocol", "cattrs")
ENCODINGS = ("utf-8", "utf-16", "utf-32")
_INT32 = (-(2**31), 2**31 - 1)
_UINT32 = (0, 2**31 - 1)


@dataclass
class EarlyStart:
    """What was read before the server existed, for the server to carry on from."""

    reader: FrameReader
    # Frames read and not yet handled, in order (an early-answered initialize comes first).
    pending: list[bytes | FramingError] = field(default_factory=list)
    # The input ended while the first frame was read.
    eof: bool = False
    # The id of the initialize request answered here, and the result it was given.
    answered_id: int | str | None = None
    answered_result: dict[str, Any] | None = None
    # Why the server answers initialize itself (for the log).
    skipped: str = "left to the server"


def installed_version(name: str) -> str | None:
    """The version of the distribution ``name`` as the import system would load it: from the
    ``.dist-info`` beside the first ``sys.path`` folder that holds the package; None when there
    is no such record beside it (a source checkout), or the package is not there."""
    prefix = f"{name}-"
    for entry in sys.path:
        folder = entry or os.getcwd()
        if not os.path.isdir(os.path.join(folder, name)):
            continue
        try:
            names = os.listdir(folder)
        except OSError:
            return None
        for found in names:
            if found.startswith(prefix) and found.endswith(".dist-info"):
                return found[len(prefix) : -len(".dist-info")]
        return None
    return None


def server_fingerprint() -> str:
    """A hash of the server's modules: in a checkout whose server code changed since the table
    was generated (a feature or command added), the table is not used until it is again."""
    import hashlib

    digest = hashlib.sha256()
    folder = os.path.dirname(TABLE)
    for name in sorted(os.listdir(folder)):
        if name.endswith(".py"):
            with open(os.path.join(folder, name), "rb") as file:
                digest.update(name.encode() + b"\0" + file.read() + b"\0")
    return digest.hexdigest()[:16]


def versions() -> dict[str, str | None]:
    """The versions an answer is valid for, as installed now."""
    found = {name: installed_version(name) for name in PACKAGES}
    return {"jaxerr-ls": __version__, "server": server_fingerprint(), **found}


def load_table(path: str = TABLE) -> dict[str, Any] | None:
    """The generated table, when it is there and made for the versions installed."""
    try:
        with open(path, encoding="utf-8") as file:
            table = json.load(file)
    except (OSError, ValueError):
        return None
    if not isinstance(table, dict) or table.get("versions") != versions():
        return None
    return table


def early_result(message: object, table: dict[str, Any]) -> dict[str, Any] | None:
    """The InitializeResult the server would give for ``message``, or None when ``message`` is
    not an initialize request that pygls is sure to take as it is."""
    if not isinstance(message, dict) or message.get("jsonrpc") != "2.0":
        return None
    if message.get("method") != "initialize" or "params" not in message:
        return None
    shapes = table["shapes"]
    if not _fits(message, ["class", table["request"]], shapes):
        return None
    capabilities = _fields(message["params"]["capabilities"])
    result: dict[str, Any] = json.loads(json.dumps(table["result"]))
    server = result["capabilities"]
    server["positionEncoding"] = _position_encoding(capabilities)
    if capabilities.get("notebookDocument") is None:
        server.pop("notebookDocumentSync", None)
    sync = _fields(_fields(capabilities.get("textDocument")).get("synchronization"))
    for key, taken in table["will_save"].items():
        # pygls: the client's flag "and" whether the server takes the notification.
        said = sync.get(key)
        if said is not None:
            server["textDocumentSync"][key] = said and taken
    return result


def _position_encoding(capabilities: dict[str, Any]) -> str:
    """The client's first encoding that the server supports, else UTF-16 (pygls' choice)."""
    encodings = _fields(capabilities.get("general")).get("positionEncodings")
    for encoding in encodings or ():
        if encoding in ENCODINGS:
            return str(encoding)
    return "utf-16"


def _fits(value: object, spec: Any, shapes: dict[str, dict[str, Any]]) -> bool:
    """Whether ``value`` has the shape ``spec`` (see ``initialize_table.shape_of``), taken
    strictly: where lsprotocol would convert (a string for a bool), this says no."""
    if isinstance(spec, str):
        if spec == "any":
            return True
        if spec == "bool":
            return isinstance(value, bool)
        if spec == "str":
            return isinstance(value, str)
        if spec == "float":
            return isinstance(value, int | float) and not isinstance(value, bool)
        low, high = _UINT32 if spec == "uint" else _INT32
        return isinstance(value, int) and not isinstance(value, bool) and low <= value <= high
    kind, inner = spec
    if kind == "opt":
        return value is None or _fits(value, inner, shapes)
    if kind == "list":
        return isinstance(value, list) and all(_fits(item, inner, shapes) for item in value)
    if kind == "union":
        return any(_fits(value, option, shapes) for option in inner)
    if kind == "enum":
        return not isinstance(value, bool) and any(
            type(value) is type(option) and value == option for option in inner
        )
    if kind == "class":
        if isinstance(value, list):
            # Neovim 0.9 sends some capabilities as an array of the object: lsprotocol takes
            # an array whose items are not field names as an object with every field unset.
            return not any(required for required, _ in shapes[inner].values()) and not any(
                isinstance(item, str) for item in value
            )
        if not isinstance(value, dict):
            return False
        for key, (required, field_spec) in shapes[inner].items():
            if key in value:
                if not _fits(value[key], field_spec, shapes):
                    return False
            elif required:
                return False
        return True
    return False


def _fields(value: object) -> dict[str, Any]:
    """An object's fields as lsprotocol reads them (none from an array, see ``_fits``)."""
    return value if isinstance(value, dict) else {}


def _response(msg_id: int | str, result: dict[str, Any]) -> bytes:
    """The response framed as pygls frames it."""
    body = json.dumps({"id": msg_id, "jsonrpc": "2.0", "result": result})
    header = (
        f"Content-Length: {len(body)}\r\n"
        "Content-Type: application/vscode-jsonrpc; charset=utf-8\r\n\r\n"
    )
    return (header + body).encode("utf-8")


def start(fd_in: int, fd_out: int) -> EarlyStart:
    """Read the first frame; answer it when it is an initialize this module can answer."""
    reader = FrameReader()
    early = EarlyStart(reader)
    while not early.pending:
        try:
            chunk = os.read(fd_in, 1 << 16)
        except OSError:
            chunk = b""
        if not chunk:
            early.eof = True
            early.skipped = "not received: the input ended"
            return early
        early.pending = reader.feed(chunk)
    first = early.pending[0]
    table = load_table()
    message = None if isinstance(first, FramingError) else _json(first)
    result = None if table is None or message is None else early_result(message, table)
    if table is None:
        early.skipped = f"left to the server: {TABLE} is missing or for other versions"
    elif result is None:
        early.skipped = "left to the server: the first message is not an initialize it can take"
    if result is None:
        return early
    assert isinstance(message, dict)
    response = _response(message["id"], result)
    try:
        while response:
            response = response[os.write(fd_out, response) :]
    except OSError:  # the server's own writes will meet the same closed pipe
        early.skipped = "not answered: the output is closed"
        return early
    early.answered_id = message["id"]
    early.answered_result = result
    return early


def _json(body: bytes) -> object:
    try:
        return json.loads(body)
    except (ValueError, RecursionError):
        return None
