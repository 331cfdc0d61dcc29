"""Watched sources end to end: pytest's report from the real plugin, and log files.

VS Code watches files for the server (it registers watchers, and the test sends the change
notifications VS Code would); Neovim cannot, so the server polls.
"""

from __future__ import annotations

import asyncio
import os
import re
import subprocess
import sys
from pathlib import Path

import pytest
import pytest_lsp
from lsprotocol import types
from pytest_lsp import ClientServerConfig, LanguageClient

from tests.e2e.test_server import CLIENTS, FOREIGN_PYTEST, markers, start, uri
from tests.forkrun import COMPILATION_CACHE

SERVER = ClientServerConfig(server_command=[sys.executable, "-m", "jaxerr_ls", "serve"])


@pytest_lsp.fixture(config=SERVER, params=CLIENTS)
async def client(request: pytest.FixtureRequest, lsp_client: LanguageClient, project: Path):  # type: ignore[no-untyped-def]
    options = {"pollInterval": 0.2, "logFiles": ["logs/*.log"]}
    await start(lsp_client, request.param, options, root=project)
    lsp_client.spec = request.param  # type: ignore[attr-defined]
    yield
    await lsp_client.shutdown_session()


async def run_pytest(root: Path, *args: str) -> str:
    """Run pytest with the plugin, keeping the client's event loop (and so the server) going."""
    env = {**os.environ, "JAX_PLATFORMS": "cpu", "PYTHONPATH": str(root), **COMPILATION_CACHE}
    result = await asyncio.to_thread(
        subprocess.run,
        [sys.executable, "-m", "pytest", "-p", "no:cacheprovider", "--jaxerr", *args],
        cwd=root,
        env=env,
        capture_output=True,
        text=True,
        timeout=600,
        check=False,
    )
    return result.stdout


async def changed(client: LanguageClient, path: Path) -> None:
    """What the editor does when a watched file changes: VS Code tells; Neovim is polled."""
    if client.spec == "visual_studio_code":  # type: ignore[attr-defined]
        # The registration request may still be on its way (the server reads the watched files
        # first, which takes seconds on a loaded machine).
        for _ in range(1200):
            if client.registrations:  # type: ignore[attr-defined]
                break
            await asyncio.sleep(0.05)
        registered = [
            watcher["globPattern"]
            for registration in client.registrations  # type: ignore[attr-defined]
            for watcher in registration.register_options["watchers"]
        ]
        assert registered, "the server registered no file watchers"
        client.workspace_did_change_watched_files(
            types.DidChangeWatchedFilesParams(
                changes=[types.FileEvent(uri=uri(path), type=types.FileChangeType.Changed)]
            )
        )


async def diagnostics_for(
    client: LanguageClient, document: str, want_any: bool
) -> list[types.Diagnostic]:
    for _ in range(600):
        found = [d for d in client.diagnostics.get(document, []) if d.source == "jaxerr"]
        if bool(found) == want_any:
            return found
        await asyncio.sleep(0.1)
    raise AssertionError(
        f"diagnostics for {document} never became {'some' if want_any else 'none'}"
    )


@pytest.mark.asyncio
async def test_a_pytest_run_publishes_and_a_passing_run_clears(
    client: LanguageClient, project: Path
) -> None:
    output = await run_pytest(project, "tests/test_ops.py")
    failed = set(re.findall(r"^FAILED (\S+)", output, flags=re.MULTILINE))
    assert failed
    report = project / ".jaxerr" / "pytest-report.json"
    assert report.is_file()
    await changed(client, report)
    test_ops = uri(project / "tests" / "test_ops.py")
    found = await diagnostics_for(client, test_ops, want_any=True)
    expected = markers(project / "tests" / "test_ops.py", "expect")
    for diagnostic in found:
        assert expected.get(diagnostic.range.start.line) == diagnostic.code
    # A run of another test speaks for that test only: the failing tests keep their errors.
    await run_pytest(project, "tests/test_ops.py", "-k", "test_safe_log_forward_matches_log")
    await changed(client, report)
    assert await diagnostics_for(client, test_ops, want_any=True)
    # A passing run of the failing tests (their bodies replaced, as a fix would) clears them.
    names = sorted({re.sub(r"\[.*\]$", "", test.split("::")[-1]) for test in failed})
    (project / "tests" / "test_ops.py").write_text(
        "".join(f"def {name}():\n    pass\n\n\n" for name in names)
    )
    await run_pytest(project, "tests/test_ops.py")
    await changed(client, report)
    assert await diagnostics_for(client, test_ops, want_any=False) == []


@pytest.mark.asyncio
async def test_a_log_file_is_watched(client: LanguageClient, project: Path) -> None:
    logs = project / "logs"
    logs.mkdir()
    log = logs / "ci.log"
    log.write_text(FOREIGN_PYTEST.read_text())
    await changed(client, log)
    test_ops = uri(project / "tests" / "test_ops.py")
    assert await diagnostics_for(client, test_ops, want_any=True)
    log.write_text("all 15 tests passed\n")
    await changed(client, log)
    assert await diagnostics_for(client, test_ops, want_any=False) == []
