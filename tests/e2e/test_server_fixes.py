"""A quick fix from the real server, applied to a real failing program, makes it run under real JAX.

The fixture project is copied to a new folder; its failing script runs with jax 0.12.0.1, the
output goes to the server, the quick fix the editor would show is requested (and resolved, as
VS Code and Neovim do), its edit is written to the file, and the script runs again.
"""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

import pytest
import pytest_lsp
from lsprotocol import types
from pytest_lsp import ClientServerConfig, LanguageClient

from tests.e2e.test_server import CLIENTS, open_document, quick_fixes, start
from tests.forkrun import COMPILATION_CACHE

SERVER = ClientServerConfig(server_command=[sys.executable, "-m", "jaxerr_ls", "serve"])
# script -> (code, file where the fix belongs)
CASES = {
    "hijax_vjp_bwd_return": ("hijax-vjp-bwd-return", "model/hijax_ops.py"),
    "custom_vjp_bwd_shape": ("custom-vjp-bwd-args-mismatch", "model/ops.py"),
    "custom_vjp3_bwd_shape": ("custom-vjp-bwd-output-type", "model/ops.py"),
    "vjp_ref_grad_missing": ("vjp-ref-grad-missing", "scripts/vjp_ref_grad_missing.py"),
}


def run_script(root: Path, script: str) -> subprocess.CompletedProcess[str]:
    env = {**os.environ, "JAX_PLATFORMS": "cpu", "PYTHONPATH": str(root), **COMPILATION_CACHE}
    return subprocess.run(
        [sys.executable, f"scripts/{script}.py"],
        cwd=root,
        env=env,
        capture_output=True,
        text=True,
        timeout=300,
        check=False,
    )


def apply(text: str, edits: list[types.TextEdit]) -> str:
    lines = text.splitlines(keepends=True)
    offsets = [0]
    for line in lines:
        offsets.append(offsets[-1] + len(line))

    def offset(position: types.Position) -> int:
        return offsets[position.line] + position.character

    # As LSP clients do: every range refers to the original text, and of two edits at the
    # same place the earlier in the list comes first in the result.
    ordered = sorted(enumerate(edits), key=lambda item: (offset(item[1].range.start), item[0]))
    for _, edit in reversed(ordered):
        text = text[: offset(edit.range.start)] + edit.new_text + text[offset(edit.range.end) :]
    return text


@pytest_lsp.fixture(config=SERVER, params=CLIENTS)
async def client(request: pytest.FixtureRequest, lsp_client: LanguageClient, project: Path):  # type: ignore[no-untyped-def]
    await start(lsp_client, request.param, {"enabledSources": ["output"]}, root=project)
    yield
    await lsp_client.shutdown_session()


@pytest.mark.asyncio
@pytest.mark.parametrize("script", sorted(CASES))
async def test_the_preferred_quick_fix_makes_the_program_run(
    client: LanguageClient, project: Path, script: str
) -> None:
    code, fix_file = CASES[script]
    failed = run_script(project, script)
    assert failed.returncode != 0
    await client.workspace_execute_command_async(
        types.ExecuteCommandParams(
            command="jaxerr.ingestOutput",
            arguments=[{"text": failed.stdout + failed.stderr, "cwd": str(project)}],
        )
    )
    path = project / fix_file
    document = open_document(client, path)
    await client.wait_for_notification(types.TEXT_DOCUMENT_PUBLISH_DIAGNOSTICS)
    diagnostics = [d for d in client.diagnostics[document] if d.code == code]
    assert diagnostics, f"no {code} diagnostic in {fix_file}"
    actions = await quick_fixes(client, document, diagnostics)
    fixes = [a for a in actions if isinstance(a, types.CodeAction) and a.is_preferred]
    assert fixes, [a.title for a in actions]
    fix = fixes[0]
    assert fix.title.startswith(f"jaxerr ({code}): ")
    if fix.edit is None:
        fix = await client.code_action_resolve_async(fix)
    assert fix.edit is not None and fix.edit.document_changes
    [change] = fix.edit.document_changes
    assert isinstance(change, types.TextDocumentEdit)
    assert change.text_document.uri == document and change.text_document.version == 1
    edits = [e for e in change.edits if isinstance(e, types.TextEdit)]
    path.write_text(apply(path.read_text(), edits))
    fixed = run_script(project, script)
    assert fixed.returncode == 0, fixed.stderr[-3000:]


@pytest.mark.asyncio
async def test_a_stale_action_resolves_to_no_edit(client: LanguageClient, project: Path) -> None:
    failed = run_script(project, "hijax_vjp_bwd_return")
    await client.workspace_execute_command_async(
        types.ExecuteCommandParams(
            command="jaxerr.ingestOutput",
            arguments=[{"text": failed.stdout + failed.stderr, "cwd": str(project)}],
        )
    )
    path = project / "model" / "hijax_ops.py"
    document = open_document(client, path)
    await client.wait_for_notification(types.TEXT_DOCUMENT_PUBLISH_DIAGNOSTICS)
    diagnostics = [d for d in client.diagnostics[document] if d.code == "hijax-vjp-bwd-return"]
    actions = await client.text_document_code_action_async(
        types.CodeActionParams(
            text_document=types.TextDocumentIdentifier(uri=document),
            range=diagnostics[0].range,
            context=types.CodeActionContext(diagnostics=diagnostics),
        )
    )
    unresolved = [
        a for a in actions or [] if isinstance(a, types.CodeAction) and a.edit is None and a.data
    ]
    if not unresolved:
        pytest.skip("this client gets its edits eagerly")
    # The user types a line at the top before choosing the action.
    client.text_document_did_change(
        types.DidChangeTextDocumentParams(
            text_document=types.VersionedTextDocumentIdentifier(uri=document, version=2),
            content_changes=[
                types.TextDocumentContentChangeWholeDocument(text="# edited\n" + path.read_text())
            ],
        )
    )
    resolved = await client.code_action_resolve_async(unresolved[0])
    assert resolved.edit is None
