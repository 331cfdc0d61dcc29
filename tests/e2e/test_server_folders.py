"""Settings per workspace folder, end to end: a real server over stdio asks the client for each
folder's settings (``workspace/configuration`` with the folder's ``scopeUri``) and applies to
each file the settings of its folder."""

from __future__ import annotations

import shutil
from pathlib import Path
from typing import Any

import pytest
import pytest_lsp
from lsprotocol import types
from pytest_lsp import LanguageClient, client_capabilities

from tests.e2e.test_predictions import open_document, until
from tests.e2e.test_server import SERVER

FIXTURES = Path(__file__).resolve().parents[1] / "fixtures"
FOREIGN_PYTEST = FIXTURES / "logs" / "jax-0.12.0.1" / "foreign" / "pytest-tb-auto.log"


@pytest.fixture(scope="module")
def folders(tmp_path_factory: pytest.TempPathFactory) -> tuple[Path, Path]:
    """Two checkouts of the fixture project, each a workspace folder."""
    base = tmp_path_factory.mktemp("folders").resolve()
    on, off = base / "culprits-on", base / "culprits-off"
    shutil.copytree(FIXTURES / "project", on)
    shutil.copytree(FIXTURES / "project", off)
    return on, off


@pytest_lsp.fixture(config=SERVER, params=["visual_studio_code", "neovim"])
async def client(  # type: ignore[no-untyped-def]
    request: pytest.FixtureRequest, lsp_client: LanguageClient, folders: tuple[Path, Path]
):
    on, off = folders
    # What the client answers for each folder: the second one turns culprit diagnostics off
    # and one lint rule; nothing is set for the session.
    lsp_client.set_configuration(
        {"culpritDiagnostics": False, "lint": {"ignore": ["custom-vjp-fwd-not-pair"]}},
        section="jaxerr",
        scope_uri=off.as_uri(),
    )
    lsp_client.spec = request.param  # type: ignore[attr-defined]
    await lsp_client.initialize_session(
        types.InitializeParams(
            capabilities=client_capabilities(request.param),
            root_uri=on.as_uri(),
            workspace_folders=[
                types.WorkspaceFolder(uri=on.as_uri(), name="on"),
                types.WorkspaceFolder(uri=off.as_uri(), name="off"),
            ],
            initialization_options={"enabledSources": ["output"], "generatedRecords": False},
        )
    )
    yield
    await lsp_client.shutdown_session()


async def ingest(client: LanguageClient, cwd: Path) -> Any:
    return await client.workspace_execute_command_async(
        types.ExecuteCommandParams(
            command="jaxerr.ingestOutput",
            arguments=[{"text": FOREIGN_PYTEST.read_text(), "cwd": str(cwd), "source": cwd.name}],
        )
    )


def codes(client: LanguageClient, path: Path) -> list[str]:
    return sorted(str(d.code) for d in client.diagnostics.get(path.as_uri(), []))


@pytest.mark.asyncio
async def test_each_folder_has_its_own_settings(
    client: LanguageClient, folders: tuple[Path, Path]
) -> None:
    on, off = folders
    # The same run's output in each folder: the same errors, culprits only where they are on.
    for folder in folders:
        result = await ingest(client, folder)
        assert result["errors"] >= 10
    assert codes(client, on / "tests" / "test_ops.py") == codes(
        client, off / "tests" / "test_ops.py"
    )
    assert "hijax-vjp-bwd-return" in codes(client, on / "model" / "hijax_ops.py")
    assert "hijax-vjp-bwd-return" not in codes(client, off / "model" / "hijax_ops.py")


@pytest.mark.asyncio
async def test_a_lint_rule_turned_off_in_one_folder_predicts_in_the_other(
    client: LanguageClient, folders: tuple[Path, Path]
) -> None:
    predicted = {}
    for folder in folders:
        ops = folder / "model" / "ops.py"
        open_document(client, ops)
        found = await until(client, ops.as_uri(), lambda d: "custom-jvp-no-rule" in _codes(d))
        predicted[folder] = _codes(found)
    on, off = folders
    assert predicted[on] == ["custom-jvp-no-rule", "custom-vjp-fwd-not-pair"]
    assert predicted[off] == ["custom-jvp-no-rule"]


def _codes(diagnostics: list[types.Diagnostic]) -> list[str]:
    return sorted(str(d.code) for d in diagnostics)
