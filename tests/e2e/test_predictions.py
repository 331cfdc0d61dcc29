"""Predicted errors through a real client: on open and change, configurable per rule, and
merged with the error of a real run that raises the same one."""

from __future__ import annotations

import asyncio
import shutil
from collections.abc import Callable
from pathlib import Path

import pytest
import pytest_lsp
from lsprotocol import types
from pytest_lsp import LanguageClient

from jaxerr_ls.lint import CODES, lint_source
from tests.e2e.support import ENVIRONMENTS, interpreter
from tests.e2e.test_server import CLIENTS, SERVER, start, uri
from tests.triggers import (
    LINT_LOGS,
    LINT_TRIGGERS,
    LOGS,
    PROJECT,
    analyze,
    lint_triggers,
    record_triggers,
    run_python,
)

FIXTURES = Path(__file__).resolve().parents[1] / "fixtures"


@pytest.fixture
def workspace(tmp_path: Path) -> Path:
    root = tmp_path / "ws"
    root.mkdir()
    shutil.copy(FIXTURES / "project" / "model" / "ops.py", root / "ops.py")
    shutil.copy(FIXTURES / "lint" / "grad_tuple_output.py", root / "train.py")
    return root.resolve()


@pytest_lsp.fixture(config=SERVER, params=CLIENTS)
async def client(request: pytest.FixtureRequest, lsp_client: LanguageClient):  # type: ignore[no-untyped-def]
    lsp_client.spec = request.param  # type: ignore[attr-defined]
    yield
    await lsp_client.shutdown_session()


async def until(
    client: LanguageClient, doc: str, test: Callable[[list[types.Diagnostic]], bool]
) -> list[types.Diagnostic]:
    """The document's diagnostics once ``test`` accepts them (published, or pulled)."""
    for _ in range(100):
        found = list(client.diagnostics.get(doc, []))
        if not found and client.spec == "visual_studio_code":  # type: ignore[attr-defined]
            report = await client.text_document_diagnostic_async(
                types.DocumentDiagnosticParams(text_document=types.TextDocumentIdentifier(uri=doc))
            )
            found = list(getattr(report, "items", []) or [])
        if test(found):
            return found
        await asyncio.sleep(0.1)
    raise AssertionError(f"diagnostics of {doc} never satisfied the test: {found}")


def open_document(client: LanguageClient, path: Path) -> None:
    client.text_document_did_open(
        types.DidOpenTextDocumentParams(
            text_document=types.TextDocumentItem(
                uri=uri(path), language_id="python", version=1, text=path.read_text()
            )
        )
    )


def codes(diagnostics: list[types.Diagnostic]) -> list[tuple[str | int | None, int]]:
    return sorted((d.code, d.range.start.line) for d in diagnostics)


@pytest.mark.asyncio
async def test_predictions_on_open_and_change(client: LanguageClient, workspace: Path) -> None:
    await start(client, client.spec, {"enabledSources": ["output"]}, root=workspace)  # type: ignore[attr-defined]
    ops = workspace / "ops.py"
    open_document(client, ops)
    found = await until(client, uri(ops), lambda d: len(d) == 2)
    assert codes(found) == [("custom-jvp-no-rule", 55), ("custom-vjp-fwd-not-pair", 31)]
    fwd = next(d for d in found if d.code == "custom-vjp-fwd-not-pair")
    assert fwd.severity == types.DiagnosticSeverity.Error and fwd.source == "jaxerr"
    assert isinstance(fwd.data, dict) and fwd.data["role"] == "predicted"
    assert fwd.code_description is not None and "custom_derivatives.py" in fwd.code_description.href
    assert fwd.related_information and fwd.related_information[0].location.range.start.line == 29
    # Returning the pair the fwd rule owes removes the prediction.
    text = ops.read_text()
    start_line = text.splitlines()[31]
    fixed = "    return jnp.log(jnp.maximum(x, 1e-6)), x"
    client.text_document_did_change(
        types.DidChangeTextDocumentParams(
            text_document=types.VersionedTextDocumentIdentifier(uri=uri(ops), version=2),
            content_changes=[
                types.TextDocumentContentChangePartial(
                    range=types.Range(
                        start=types.Position(line=31, character=0),
                        end=types.Position(line=31, character=len(start_line)),
                    ),
                    text=fixed,
                )
            ],
        )
    )
    found = await until(client, uri(ops), lambda d: len(d) == 1)
    assert codes(found) == [("custom-jvp-no-rule", 55)]
    # A rule turned off in the settings goes away.
    client.workspace_did_change_configuration(
        types.DidChangeConfigurationParams(
            settings={
                "jaxerr": {"enabledSources": ["output"], "lint": {"ignore": ["custom-jvp-no-rule"]}}
            }
        )
    )
    await until(client, uri(ops), lambda d: d == [])


@pytest.mark.asyncio
async def test_a_run_that_raises_the_predicted_error_is_one_diagnostic(
    client: LanguageClient, workspace: Path
) -> None:
    await start(client, client.spec, {"enabledSources": ["output"]}, root=workspace)  # type: ignore[attr-defined]
    train = workspace / "train.py"
    open_document(client, train)
    [predicted] = await until(client, uri(train), lambda d: len(d) == 1)
    assert predicted.code == "grad-output-not-array" and predicted.range.start.line == 16
    proc = run_python(interpreter("0.12.0.1"), workspace, ["train.py"])
    assert proc.returncode != 0
    await client.workspace_execute_command_async(
        types.ExecuteCommandParams(
            command="jaxerr.ingestOutput",
            arguments=[{"text": proc.stdout, "cwd": str(workspace), "source": "run"}],
        )
    )
    found = await until(
        client, uri(train), lambda d: any((x.data or {}).get("role") != "predicted" for x in d)
    )
    on_line = [d for d in found if d.range.start.line == 16]
    assert [d.code for d in on_line] == ["grad-output-not-array"]
    assert (on_line[0].data or {}).get("role") != "predicted"


@pytest.mark.asyncio
async def test_a_prediction_offers_the_quick_fix_of_the_run_error(
    client: LanguageClient, workspace: Path
) -> None:
    await start(client, client.spec, {"enabledSources": ["output"]}, root=workspace)  # type: ignore[attr-defined]
    hijax = workspace / "hijax_ops.py"
    shutil.copy(FIXTURES / "project" / "model" / "hijax_ops.py", hijax)
    open_document(client, hijax)
    [predicted] = await until(client, uri(hijax), lambda d: len(d) == 1)
    assert predicted.code == "hijax-vjp-bwd-return"
    actions = await client.text_document_code_action_async(
        types.CodeActionParams(
            text_document=types.TextDocumentIdentifier(uri=uri(hijax)),
            range=predicted.range,
            context=types.CodeActionContext(
                diagnostics=[predicted], only=[types.CodeActionKind.QuickFix]
            ),
        )
    )
    fixes = [a for a in actions or [] if isinstance(a, types.CodeAction) and a.is_preferred]
    assert fixes and fixes[0].title.startswith("jaxerr (hijax-vjp-bwd-return): ")
    fix = (
        fixes[0] if fixes[0].edit is not None else await client.code_action_resolve_async(fixes[0])
    )
    assert fix.edit is not None


def change(client: LanguageClient, path: Path, version: int, line: int, old: str, new: str) -> None:
    client.text_document_did_change(
        types.DidChangeTextDocumentParams(
            text_document=types.VersionedTextDocumentIdentifier(uri=uri(path), version=version),
            content_changes=[
                types.TextDocumentContentChangePartial(
                    range=types.Range(
                        start=types.Position(line=line, character=0),
                        end=types.Position(line=line, character=len(old)),
                    ),
                    text=new,
                )
            ],
        )
    )


@pytest.mark.asyncio
async def test_predictions_follow_edits_that_move_statements(
    client: LanguageClient, tmp_path: Path
) -> None:
    """The server re-parses only the statements an edit changed (``ChunkedParser``): through
    an edit that fixes the rule, one that adds lines above it and one that breaks it again, the
    predictions are those of the text as it is."""
    root = tmp_path / "ws"
    root.mkdir()
    prim = root / "prim.py"
    shutil.copy(FIXTURES / "lint" / "hijax_vjp_bwd_retval_structure.py", prim)
    await start(client, client.spec, {"enabledSources": ["output"]}, root=root.resolve())  # type: ignore[attr-defined]
    open_document(client, prim)
    lines = prim.read_text().splitlines()
    at = next(i for i, text in enumerate(lines) if text.strip().startswith("return (g * w,)"))
    found = await until(client, uri(prim), lambda d: len(d) == 1)
    assert codes(found) == [("hijax-vjp-bwd-retval-structure", at)]
    change(client, prim, 2, at, lines[at], "        return (g * w, g * x)")
    await until(client, uri(prim), lambda d: d == [])
    # Two lines typed at the top move every statement below.
    change(client, prim, 3, 0, "", "import math\nimport os\n")
    change(
        client, prim, 4, at + 2, "        return (g * w, g * x)", "        return g * jnp.cos(w)"
    )
    found = await until(client, uri(prim), lambda d: len(d) == 1)
    assert codes(found) == [("hijax-vjp-bwd-retval-structure", at + 2)]


def _run_and_prediction_pairs() -> list[tuple[str, str, str, str]]:
    """(record code, captured log under tests/fixtures/logs, the folder its program ran in,
    the file of that folder where the linter predicts the run's error) for every check's code:
    each real captured run (a record trigger of the fixture project, or a lint trigger) that
    raises a code the linter predicts in a file the run shows (where it surfaced, or a culprit)."""
    found = []
    for code in sorted(CODES):
        runs = [
            (PROJECT, LOGS / f"jax-{version}" / "script" / f"{trigger.name}.log")
            for trigger in record_triggers(code)
            for version in sorted(ENVIRONMENTS)
        ]
        runs += [
            (LINT_TRIGGERS, LINT_LOGS / f"jax-{version}" / f"{script.stem}.log")
            for script, version in lint_triggers(code)
        ]
        for root, log in runs:
            if not log.exists():
                continue
            raised = [f for f in analyze(log.read_text(), root) if f.code == code]
            files = {f.span.path for f in raised if f.span is not None}
            files |= {c.span.path for f in raised for c in f.culprits}
            for path in sorted(files):
                predicted = lint_source(path.read_text(), path=path).predictions
                if any(p.code == code for p in predicted):
                    found.append(
                        (code, str(log.relative_to(LOGS)), root.name, str(path.relative_to(root)))
                    )
    return found


RUN_AND_PREDICTION = _run_and_prediction_pairs()


def test_every_check_has_a_real_run_that_raises_its_prediction() -> None:
    assert {code for code, *_ in RUN_AND_PREDICTION} == CODES


@pytest.mark.asyncio
async def test_each_real_run_and_its_prediction_are_one_diagnostic(
    client: LanguageClient, tmp_path: Path
) -> None:
    """For every check: the captured real run that raises its error, given to the server
    while the file holding the prediction is open, leaves the run's diagnostic and drops the
    prediction; clearing the run brings the prediction back."""
    root = (tmp_path / "ws").resolve()
    root.mkdir()
    shutil.copytree(FIXTURES / "project", root / "project")
    shutil.copytree(FIXTURES / "lint", root / "lint")
    await start(client, client.spec, {"enabledSources": ["output"]}, root=root)  # type: ignore[attr-defined]
    opened: set[Path] = set()

    def predicted(diagnostics: list[types.Diagnostic], code: str) -> int:
        return sum(
            1 for d in diagnostics if d.code == code and (d.data or {}).get("role") == "predicted"
        )

    for index, (code, log, folder, file) in enumerate(RUN_AND_PREDICTION):
        path = root / folder / file
        doc = uri(path)
        if path not in opened:
            open_document(client, path)
            opened.add(path)
        before = predicted(await until(client, doc, lambda d, c=code: predicted(d, c) > 0), code)
        source = f"run{index}"
        await client.workspace_execute_command_async(
            types.ExecuteCommandParams(
                command="jaxerr.ingestOutput",
                arguments=[
                    {
                        "text": (FIXTURES / "logs" / log).read_text(),
                        "cwd": str(root / folder),
                        "source": source,
                    }
                ],
            )
        )
        found = await until(
            client,
            doc,
            lambda d, c=code: any(
                x.code == c and (x.data or {}).get("role") != "predicted" for x in d
            ),
        )
        assert predicted(found, code) == 0, (code, log, codes(found))
        await client.workspace_execute_command_async(
            types.ExecuteCommandParams(
                command="jaxerr.clearDiagnostics", arguments=[f"output:{source}"]
            )
        )
        await until(
            client,
            doc,
            lambda d, c=code, n=before: (
                predicted(d, c) == n and all((x.data or {}).get("role") == "predicted" for x in d)
            ),
        )


@pytest.mark.asyncio
async def test_a_class_with_both_backward_methods_offers_deleting_either(
    client: LanguageClient, tmp_path: Path
) -> None:
    """The record's example (delete vjp_bwd) is preferred but unsafe, so fix-all leaves it;
    deleting vjp_bwd_retval, which jax 0.12 never calls, is safe here."""
    root = (tmp_path / "ws").resolve()
    root.mkdir()
    prim = root / "prim.py"
    shutil.copy(FIXTURES / "lint" / "hijax_vjp_bwd_both.py", prim)
    await start(client, client.spec, {"enabledSources": ["output"]}, root=root)  # type: ignore[attr-defined]
    open_document(client, prim)
    [predicted] = await until(client, uri(prim), lambda d: len(d) == 1)
    assert predicted.code == "hijax-vjp-bwd-both"
    actions = await client.text_document_code_action_async(
        types.CodeActionParams(
            text_document=types.TextDocumentIdentifier(uri=uri(prim)),
            range=predicted.range,
            context=types.CodeActionContext(diagnostics=[predicted]),
        )
    )
    fixes = [
        a
        for a in actions or []
        if isinstance(a, types.CodeAction) and a.kind == types.CodeActionKind.QuickFix
    ]
    assert [f.title for f in fixes] == [
        "jaxerr (hijax-vjp-bwd-both): Delete Sine.vjp_bwd and keep vjp_bwd_retval "
        "(changes the gradient jax 0.12 computes)",
        "jaxerr (hijax-vjp-bwd-both): Delete Sine.vjp_bwd_retval, which jax 0.12 never calls, "
        "and keep vjp_bwd",
    ]
    assert fixes[0].is_preferred and not fixes[1].is_preferred
    for fix in fixes:
        resolved = fix if fix.edit is not None else await client.code_action_resolve_async(fix)
        assert resolved.edit is not None


@pytest.mark.asyncio
async def test_predictions_name_the_record_of_the_workspace_jax(
    client: LanguageClient, tmp_path: Path
) -> None:
    """With jax 0.10.2 in the workspace's .venv (read from its jax/version.py), a prediction
    names the record that release raises, and that release's real run of the program is the
    same diagnostic."""
    old = ENVIRONMENTS["0.10.2"]
    if not old.exists():
        pytest.skip("no jax 0.10.2 environment")
    root = (tmp_path / "ws").resolve()
    root.mkdir()
    (root / ".venv").symlink_to(old.parent.parent, target_is_directory=True)
    shutil.copytree(FIXTURES / "lint", root / "lint")
    await start(client, client.spec, {"enabledSources": ["output"]}, root=root)  # type: ignore[attr-defined]
    path = root / "lint" / "ref_with_refs_grad_value.py"
    open_document(client, path)
    [predicted] = await until(client, uri(path), lambda d: len(d) == 1)
    assert predicted.code == "cotangent-type-mismatch"
    assert (predicted.data or {}).get("role") == "predicted"
    assert "jax 0.10.2 raises it as cotangent-type-mismatch" in predicted.message
    log = LINT_LOGS / "jax-0.10.2" / "ref_with_refs_grad_value.log"
    await client.workspace_execute_command_async(
        types.ExecuteCommandParams(
            command="jaxerr.ingestOutput",
            arguments=[{"text": log.read_text(), "cwd": str(root / "lint"), "source": "old"}],
        )
    )
    found = await until(
        client, uri(path), lambda d: any((x.data or {}).get("role") != "predicted" for x in d)
    )
    assert [(d.code, (d.data or {}).get("role") == "predicted") for d in found] == [
        ("cotangent-type-mismatch", False)
    ]


@pytest.mark.asyncio
async def test_a_function_imported_from_the_workspace_is_checked(
    client: LanguageClient, tmp_path: Path
) -> None:
    """The fixture project's script that differentiates a loss of model/grad_checks.py: the
    prediction's culprit is the loss's ``return`` in that module; fixing the loss in its open
    buffer (not saved) analyses the script again, and its prediction is gone."""
    root = tmp_path / "project"
    shutil.copytree(PROJECT, root)
    root = root.resolve()
    await start(client, client.spec, {"enabledSources": ["output"]}, root=root)  # type: ignore[attr-defined]
    script = root / "scripts" / "grad_loss_with_metrics.py"
    losses = root / "model" / "grad_checks.py"
    open_document(client, script)
    [found] = await until(client, uri(script), lambda d: len(d) == 1)
    assert found.code == "grad-output-not-array"
    [related] = found.related_information or []
    assert related.location.uri == uri(losses)
    returned = (
        losses.read_text()
        .splitlines()
        .index(next(t for t in losses.read_text().splitlines() if "return loss, {" in t))
    )
    assert related.location.range.start.line == returned
    # The loss now returns its scalar alone, in the editor's buffer.
    open_document(client, losses)
    line = losses.read_text().splitlines()[returned]
    change(client, losses, 2, returned, line, "    return loss")
    await until(client, uri(script), lambda d: d == [])


@pytest.mark.asyncio
async def test_a_caller_typed_in_another_document_reaches_the_factory(
    client: LanguageClient, tmp_path: Path
) -> None:
    """A factory differentiating its parameter has no prediction while nothing calls it; a
    new script, opened in the editor and never saved, that passes it a loss returning a pair
    makes the factory's module predict the error (its culprit the loss's ``return``); the
    script edited to pass a scalar loss takes the prediction back."""
    from tests.core.test_lint_imports import MODEL, UPDATE, write

    root = (tmp_path / "ws").resolve()
    write(root, {"utils/__init__.py": "", "utils/update.py": UPDATE, "model.py": MODEL})
    await start(client, client.spec, {"enabledSources": ["output"]}, root=root)  # type: ignore[attr-defined]
    update = root / "utils" / "update.py"
    open_document(client, update)
    await until(client, uri(update), lambda d: d == [])
    await asyncio.sleep(1.0)  # its analysis ran, and searched for callers
    assert not client.diagnostics.get(uri(update))
    script = root / "train.py"
    text = (
        "import model\nfrom utils.update import make_update\n\n"
        "step = make_update(model.loss_with_metrics, 0.1)\n"
    )
    client.text_document_did_open(
        types.DidOpenTextDocumentParams(
            text_document=types.TextDocumentItem(
                uri=uri(script), language_id="python", version=1, text=text
            )
        )
    )
    [found] = await until(client, uri(update), lambda d: len(d) == 1)
    assert found.code == "grad-output-not-array"
    [related] = found.related_information or []
    assert related.location.uri == uri(root / "model.py")
    change(client, script, 2, 3, text.splitlines()[3], "step = make_update(model.mse, 0.1)")
    await until(client, uri(update), lambda d: d == [])
