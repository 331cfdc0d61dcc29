"""The early answer to initialize (``server/early.py``) against the real server's own answer."""

from __future__ import annotations

import copy
import json
import logging
from pathlib import Path
from typing import Any

import pytest
import pytest_lsp.clients
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from lsprotocol import types
from pygls.protocol import default_converter

from jaxerr_ls.server import JaxErrServer, create_server, early
from jaxerr_ls.server.early import TABLE, early_result, load_table
from jaxerr_ls.server.initialize_table import build_table, initialize_message, server_answer
from jaxerr_ls.server.protocol import JaxErrProtocol
from tests.server.conftest import CapturedWriter

# Real clients' capabilities, as pytest-lsp recorded them from VS Code, Neovim and Emacs.
CLIENTS = sorted(Path(pytest_lsp.clients.__file__).parent.glob("*.json"))


def real_capabilities(name: str) -> dict[str, Any]:
    found = [path for path in CLIENTS if path.name.startswith(name)]
    capabilities: dict[str, Any] = json.loads(found[-1].read_text())["capabilities"]
    return capabilities


@pytest.fixture(scope="module")
def table() -> dict[str, Any]:
    loaded = load_table()
    assert loaded is not None, (
        f"{TABLE} is not for the installed versions: "
        "run python -m jaxerr_ls.server.initialize_table"
    )
    return loaded


def test_the_committed_table_is_what_the_server_generates_now(table: dict[str, Any]) -> None:
    assert build_table() == table


def _clients() -> list[tuple[str, dict[str, Any]]]:
    cases = [(path.stem, json.loads(path.read_text())["capabilities"]) for path in CLIENTS]
    cases += [
        ("no capabilities", {}),
        ("utf-8 only", {"general": {"positionEncodings": ["utf-8"]}}),
        ("utf-32 first", {"general": {"positionEncodings": ["utf-32", "utf-16"]}}),
        ("unknown encodings", {"general": {"positionEncodings": ["ucs-2", "latin-1"]}}),
        ("no encodings listed", {"general": {}}),
        ("notebooks", {"notebookDocument": {"synchronization": {"dynamicRegistration": True}}}),
        ("notebooks null", {"notebookDocument": None}),
    ]
    return cases


# Without the generated records, which a server loads in the background (the answer does not
# depend on them: the committed table's check initializes without options).
QUICK = {"initializationOptions": {"generatedRecords": False}}
PARAMS: dict[str, dict[str, Any]] = {
    "bare": QUICK,
    "folders": {
        **QUICK,
        "rootUri": "file:///tmp/project",
        "workspaceFolders": [
            {"uri": "file:///tmp/project", "name": "project"},
            {"uri": "file:///tmp/other", "name": "other"},
        ],
    },
    "root path only": {**QUICK, "rootPath": "/tmp/project"},
    "options": {
        "processId": 1,
        "initializationOptions": {"generatedRecords": False, "fuzzyThreshold": "high"},
        "trace": "verbose",
        "locale": "en-gb",
        "clientInfo": {"name": "an editor", "version": "1"},
    },
}


@pytest.mark.parametrize(("client", "capabilities"), _clients(), ids=[c for c, _ in _clients()])
@pytest.mark.parametrize("extra", PARAMS, ids=list(PARAMS))
def test_the_early_answer_is_the_servers_own(
    table: dict[str, Any], client: str, capabilities: dict[str, Any], extra: str
) -> None:
    message = initialize_message(capabilities, **PARAMS[extra])
    early = early_result(copy.deepcopy(message), table)
    # Real clients' requests are answered early, or there would be nothing gained.
    assert early is not None
    assert server_answer(message) == {"id": 1, "jsonrpc": "2.0", "result": early}


def test_the_encoding_negotiated_early_follows_the_clients_order(table: dict[str, Any]) -> None:
    def encoding(capabilities: dict[str, Any]) -> str:
        found = early_result(initialize_message(capabilities), table)
        assert found is not None
        return str(found["capabilities"]["positionEncoding"])

    assert encoding(real_capabilities("emacs")) == "utf-32"
    assert encoding(real_capabilities("neovim_v0.11")) == "utf-8"
    assert encoding(real_capabilities("visual_studio_code")) == "utf-16"


REFUSED: dict[str, Any] = {
    "no capabilities": {"jsonrpc": "2.0", "id": 1, "method": "initialize", "params": {}},
    "params an array": {"jsonrpc": "2.0", "id": 1, "method": "initialize", "params": []},
    "no params": {"jsonrpc": "2.0", "id": 1, "method": "initialize"},
    "processId a string": initialize_message({}, processId="12"),
    "a bool as a string": initialize_message({"workspace": {"applyEdit": "yes"}}),
    "an unknown markup kind": initialize_message(
        {"textDocument": {"hover": {"contentFormat": ["html"]}}}
    ),
    "a folder without a name": initialize_message({}, workspaceFolders=[{"uri": "file:///a"}]),
    "a bad trace value": initialize_message({}, trace="loud"),
    "an id that is a bool": {**initialize_message({}), "id": True},
    "not JSON-RPC 2.0": {**initialize_message({}), "jsonrpc": "1.0"},
    "another method": {**initialize_message({}), "method": "shutdown"},
    "a notification": {k: v for k, v in initialize_message({}).items() if k != "id"},
    "not an object": [initialize_message({})],
}


@pytest.mark.parametrize("case", REFUSED, ids=list(REFUSED))
def test_what_pygls_might_refuse_is_left_to_the_server(table: dict[str, Any], case: str) -> None:
    assert early_result(REFUSED[case], table) is None


def test_a_table_for_other_versions_is_not_used(tmp_path: Path, table: dict[str, Any]) -> None:
    stale = tmp_path / "initialize.json"
    stale.write_text(json.dumps({**table, "versions": {**table["versions"], "pygls": "1.0"}}))
    assert load_table(str(stale)) is None
    stale.write_text("{not json")
    assert load_table(str(stale)) is None
    assert load_table(str(tmp_path / "missing.json")) is None


def test_a_table_is_not_used_once_the_server_code_changes(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    for module in Path(early.TABLE).parent.glob("*.py"):
        (tmp_path / module.name).write_bytes(module.read_bytes())
    copy_of_table = tmp_path / "initialize.json"
    copy_of_table.write_bytes(Path(early.TABLE).read_bytes())
    monkeypatch.setattr(early, "TABLE", str(copy_of_table))
    assert load_table(str(copy_of_table)) is not None
    with (tmp_path / "hover.py").open("a") as module:
        module.write("\n# a new feature\n")
    assert load_table(str(copy_of_table)) is None


JSON = st.recursive(
    st.none()
    | st.booleans()
    | st.integers(min_value=-(2**40), max_value=2**40)
    | st.sampled_from(["", "utf-8", "markdown", "plaintext", "quickfix", "x", "1"]),
    lambda inner: st.lists(inner, max_size=3) | st.dictionaries(st.text(max_size=3), inner),
    max_leaves=6,
)
CONVERTER = default_converter()


def _paths(value: Any, path: tuple[Any, ...] = ()) -> list[tuple[Any, ...]]:
    found = [path]
    if isinstance(value, dict):
        for key, item in value.items():
            found += _paths(item, (*path, key))
    elif isinstance(value, list):
        for index, item in enumerate(value):
            found += _paths(item, (*path, index))
    return found


def _replace(value: Any, path: tuple[Any, ...], new: Any) -> Any:
    if not path:
        return new
    value = copy.copy(value)
    value[path[0]] = _replace(value[path[0]], path[1:], new)
    return value


@settings(
    max_examples=300, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture]
)
@given(
    client=st.sampled_from([path.stem for path in CLIENTS]),
    where=st.integers(min_value=0),
    new=JSON,
    extra=st.sampled_from(sorted(PARAMS)),
)
def test_an_initialize_answered_early_is_one_lsprotocol_takes(
    table: dict[str, Any], client: str, where: int, new: Any, extra: str
) -> None:
    """Anywhere in a real client's request, any JSON value: answered early only when pygls'
    converter structures the request (else the server must answer it, with its error)."""
    message = initialize_message(real_capabilities(client), **PARAMS[extra])
    paths = _paths(message)
    mutated = _replace(message, paths[where % len(paths)], new)
    if early_result(mutated, table) is None:
        return
    CONVERTER.structure(mutated, types.InitializeRequest)


def served_after(
    message: dict[str, Any], early: dict[str, Any], caplog: pytest.LogCaptureFixture
) -> tuple[JaxErrServer, JaxErrProtocol, CapturedWriter]:
    """A server given ``message`` as its first frame, after ``early`` was sent for it."""
    server = create_server()
    protocol = server.protocol
    assert isinstance(protocol, JaxErrProtocol)
    writer = CapturedWriter()
    protocol.set_writer(writer)
    protocol.answered_early = (message["id"], early)
    with caplog.at_level(logging.ERROR):
        protocol.receive(json.dumps(message).encode())
    return server, protocol, writer


def test_the_server_takes_an_early_answered_initialize_without_answering_again(
    tmp_path: Path, table: dict[str, Any], caplog: pytest.LogCaptureFixture
) -> None:
    folder = tmp_path / "project"
    folder.mkdir()
    message = initialize_message(
        real_capabilities("neovim_v0.11"),
        rootUri=folder.as_uri(),
        workspaceFolders=[{"uri": folder.as_uri(), "name": "project"}],
        initializationOptions={"generatedRecords": False},
    )
    early = early_result(message, table)
    assert early is not None
    server, protocol, writer = served_after(message, early, caplog)
    assert [m for m in writer.messages if m.get("id") == 1] == []
    assert caplog.records == []
    # The state is as if pygls had answered it.
    assert protocol.initialize_received
    assert server.workspace.position_encoding == "utf-8"
    assert server.root == folder
    assert list(server.workspace_folders()) == [folder]
    assert server.features.markup == types.MarkupKind.Markdown
    assert not server.settings.generated_records
    # The next initialize is answered, as a second one.
    second = {**message, "id": 2}
    protocol.receive(json.dumps(second).encode())
    assert [m["error"]["code"] for m in writer.messages if m.get("id") == 2] == [-32600]
    server.analysis_pool.shutdown(wait=False, cancel_futures=True)


def test_a_server_answer_unlike_the_early_one_is_logged_and_not_sent_twice(
    table: dict[str, Any], caplog: pytest.LogCaptureFixture
) -> None:
    message = initialize_message({})
    early = early_result(message, table)
    assert early is not None
    server, _, writer = served_after(message, {**early, "serverInfo": {"name": "another"}}, caplog)
    assert writer.messages == []
    assert "answered early" in caplog.text
    server.analysis_pool.shutdown(wait=False, cancel_futures=True)
