"""Columns in the client's units: a real JAX error on a line with non-ASCII text before the
failing call lands on the call, whether the client counts UTF-8 bytes or UTF-16 units."""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

import pytest
import pytest_lsp
from lsprotocol import types
from pytest_lsp import ClientServerConfig, LanguageClient, client_capabilities

from tests.e2e.support import interpreter

SERVER = ClientServerConfig(server_command=[sys.executable, "-m", "jaxerr_ls", "serve"])
PROGRAM = """\
import jax
import jax.numpy as jnp


def loss(w):
    return w * 2.0


label = "\u00e9t\u00e9 \u2192 \U0001d6fc"; grads = jax.grad(loss)(jnp.ones(3))
"""
CALL = "jax.grad(loss)(jnp.ones(3))"


@pytest.fixture(scope="module")
def failed_run(tmp_path_factory: pytest.TempPathFactory) -> tuple[Path, str]:
    """The program and the real output of running it with jax 0.12.0.1."""
    root = tmp_path_factory.mktemp("encoding").resolve()
    (root / "main.py").write_text(PROGRAM, encoding="utf-8")
    run = subprocess.run(
        [str(interpreter("0.12.0.1")), "main.py"],
        cwd=root,
        capture_output=True,
        text=True,
        encoding="utf-8",
        check=False,
    )
    assert run.returncode != 0 and "scalar-output" in run.stderr, run.stderr
    return root, run.stderr


@pytest_lsp.fixture(config=SERVER, params=["utf-8", "utf-16"])
async def client(request: pytest.FixtureRequest, lsp_client: LanguageClient):  # type: ignore[no-untyped-def]
    capabilities = client_capabilities("neovim")
    capabilities.general = types.GeneralClientCapabilities(position_encodings=[request.param])
    lsp_client.encoding = request.param  # type: ignore[attr-defined]
    await lsp_client.initialize_session(
        types.InitializeParams(capabilities=capabilities, initialization_options={})
    )
    yield
    await lsp_client.shutdown_session()


@pytest.mark.asyncio
async def test_the_squiggle_starts_at_the_call_in_the_clients_units(
    client: LanguageClient, failed_run: tuple[Path, str]
) -> None:
    root, output = failed_run
    await client.workspace_execute_command_async(
        types.ExecuteCommandParams(
            command="jaxerr.ingestOutput",
            arguments=[{"text": output, "cwd": str(root), "source": "run"}],
        )
    )
    # The error's diagnostic (the loss's return gets its culprit's, on another line).
    lines = PROGRAM.splitlines()
    [diagnostic] = [
        d
        for d in client.diagnostics[(root / "main.py").as_uri()]
        if CALL in lines[d.range.start.line]
    ]
    line = lines[diagnostic.range.start.line]
    prefix = line[: line.index(CALL)]
    codec = "utf-8" if client.encoding == "utf-8" else "utf-16-le"  # type: ignore[attr-defined]
    width = 1 if codec == "utf-8" else 2
    assert diagnostic.range.start.character == len(prefix.encode(codec)) // width
    end = line.index(CALL) + len(CALL)
    assert diagnostic.range.end.character == len(line[:end].encode(codec)) // width
