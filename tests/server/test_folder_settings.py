"""Settings per workspace folder, handlers called in-process: the client is asked for each
folder's settings by its ``scopeUri``, and each file gets the settings (and records) of its
folder."""

from __future__ import annotations

import asyncio
import shutil
from pathlib import Path
from typing import Any

import pytest
from lsprotocol import types

from jaxerr_ls.server.app import JaxErrServer
from jaxerr_ls.server.diagnostics import ingest_output
from jaxerr_ls.server.lifecycle import (
    ask_configuration,
    did_change_configuration,
    did_change_workspace_folders,
)
from jaxerr_ls.server.watching import Watcher
from tests.server.conftest import MakeServer
from tests.server.test_handlers import FIXTURES, SHAPE_LOG

ASKING = types.ClientCapabilities(workspace=types.WorkspaceClientCapabilities(configuration=True))


@pytest.fixture
def folders(tmp_path: Path) -> tuple[Path, Path]:
    """Two checkouts of the fixture project, side by side."""
    first, second = tmp_path / "first", tmp_path / "second"
    shutil.copytree(FIXTURES / "project", first)
    shutil.copytree(FIXTURES / "project", second)
    return first.resolve(), second.resolve()


class Client:
    """Answers workspace/configuration by scope, as VS Code or Neovim would, and keeps what it
    was asked."""

    def __init__(self, server: JaxErrServer, by_scope: dict[str | None, Any]) -> None:
        self.by_scope = by_scope
        self.asked: list[types.ConfigurationItem] = []
        server.workspace_configuration_async = self.answer  # type: ignore[method-assign]

    async def answer(self, params: types.ConfigurationParams) -> list[Any]:
        self.asked.extend(params.items)
        return [self.by_scope.get(item.scope_uri) for item in params.items]


def serve(
    make_server: MakeServer, folders: tuple[Path, Path], by_scope: dict[str | None, Any]
) -> tuple[JaxErrServer, Client]:
    first, _ = folders
    server, _ = make_server(first, capabilities=ASKING, folders=list(folders))
    client = Client(server, by_scope)
    assert asyncio.run(ask_configuration(server, session=False))
    return server, client


def test_each_folder_is_asked_by_its_scope_and_its_files_get_its_settings(
    make_server: MakeServer, folders: tuple[Path, Path], tmp_path: Path
) -> None:
    first, second = folders
    server, client = serve(make_server, folders, {second.as_uri(): {"culpritDiagnostics": False}})
    assert [(i.scope_uri, i.section) for i in client.asked] == [
        (first.as_uri(), "jaxerr"),
        (second.as_uri(), "jaxerr"),
    ]
    assert server.settings_for(first / "model" / "ops.py").culprit_diagnostics
    assert not server.settings_for(second / "model" / "ops.py").culprit_diagnostics
    # A file outside every folder has the session's settings.
    assert server.settings_for(tmp_path / "elsewhere.py") is server.settings
    # What the session said and a folder left unsaid stays: enabledSources came from the
    # initialization options.
    assert server.settings_for(second).enabled_sources == ["output"]


def test_culprit_diagnostics_follow_the_folder_of_the_culprit(
    make_server: MakeServer, folders: tuple[Path, Path]
) -> None:
    first, second = folders
    server, _ = serve(make_server, folders, {second.as_uri(): {"culpritDiagnostics": False}})
    for folder in folders:
        request = {"text": SHAPE_LOG.read_text(), "cwd": str(folder), "source": folder.name}
        assert asyncio.run(ingest_output(server, request))["errors"] == 1

    def roles(folder: Path) -> list[str]:
        uri = (folder / "model" / "ops.py").as_uri()
        return [d.data["role"] for d in server.published.get(uri, (None, []))[1]]  # type: ignore[index]

    assert roles(first) == ["culprit"]
    assert roles(second) == []


def test_a_folder_cannot_turn_on_running_its_interpreter(
    make_server: MakeServer, folders: tuple[Path, Path]
) -> None:
    _, second = folders
    server, _ = serve(
        make_server,
        folders,
        {second.as_uri(): {"trustWorkspaceInterpreter": True, "fuzzyThreshold": 90}},
    )
    settings = server.settings_for(second)
    assert settings.fuzzy_threshold == 90 and not settings.trust_workspace_interpreter


def test_folders_share_a_catalog_only_when_their_settings_agree(
    make_server: MakeServer, folders: tuple[Path, Path], tmp_path: Path
) -> None:
    first, second = folders
    server, _ = serve(make_server, folders, {})
    assert server.catalog_for(first / "a.py") is server.catalog_for(second / "b.py")
    server, _ = serve(make_server, folders, {second.as_uri(): {"fuzzyThreshold": 101}})
    assert server.catalog_for(first / "a.py") is not server.catalog_for(second / "b.py")
    # Fuzzy matching is off in the second folder: a reworded message matches nothing there.
    record = server.catalog_for(first).record("custom-vjp-bwd-args-mismatch")
    assert record is not None
    reworded = record.error_message.replace("must produce", "has to produce")
    found = server.catalog_for(first).match(reworded, record.error_class)
    assert found is not None and found.stage == "fuzzy" and found.record is record
    assert server.catalog_for(second).match(reworded, record.error_class) is None


def test_each_folder_watches_its_own_report(
    make_server: MakeServer, folders: tuple[Path, Path]
) -> None:
    first, second = folders
    server, _ = serve(
        make_server,
        folders,
        {
            first.as_uri(): {"enabledSources": ["pytest"]},
            second.as_uri(): {"enabledSources": ["pytest"], "pytestReport": "out/report.json"},
        },
    )
    assert Watcher(server).report_paths() == [
        first / ".jaxerr" / "pytest-report.json",
        second / "out" / "report.json",
    ]


def test_a_configuration_change_asks_again_and_a_removed_folder_loses_its_settings(
    make_server: MakeServer, folders: tuple[Path, Path], tmp_path: Path
) -> None:
    first, second = folders
    server, client = serve(make_server, folders, {second.as_uri(): {"culpritDiagnostics": False}})
    # An empty notification: the session's settings and every folder's are asked again.
    client.by_scope = {None: {"culpritDiagnostics": False}, second.as_uri(): None}
    asyncio.run(did_change_configuration(server, types.DidChangeConfigurationParams(settings=None)))
    assert [i.scope_uri for i in client.asked[-3:]] == [None, first.as_uri(), second.as_uri()]
    assert not server.settings_for(first).culprit_diagnostics
    assert not server.settings_for(second).culprit_diagnostics
    # A folder removed, another added (pygls updates the workspace before the handler).
    third = tmp_path / "third"
    third.mkdir()
    client.by_scope = {third.as_uri(): {"culpritDiagnostics": True}}
    server.workspace.remove_folder(second.as_uri())
    added = types.WorkspaceFolder(uri=third.as_uri(), name="third")
    server.workspace.add_folder(added)
    event = types.WorkspaceFoldersChangeEvent(
        added=[added], removed=[types.WorkspaceFolder(uri=second.as_uri(), name="second")]
    )
    asyncio.run(
        did_change_workspace_folders(server, types.DidChangeWorkspaceFoldersParams(event=event))
    )
    assert set(server.folder_settings) == {first, third}
    assert server.settings_for(third / "x.py").culprit_diagnostics
    assert server.settings_for(second / "x.py") is server.settings
