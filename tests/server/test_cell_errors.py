"""Notebook cells' error outputs sent by an editor (``jaxerr.ingestCellError``): diagnostics on
the cells, hovers and actions there, replaced when a cell runs again and cleared with its output.

The outputs are real: a Jupyter kernel executed tests/fixtures/notebooks/analysis-context.ipynb
(see capture_ipython.py); they are sent as VS Code holds them (name, message, and the traceback's
entries joined as ``stack``). Where each belongs is the ``# jaxerr-expect:`` marker of its cell.
"""

from __future__ import annotations

import asyncio
import json
import re
import shutil
from pathlib import Path
from typing import Any

import pytest
from lsprotocol import types

from jaxerr_ls.server.code_actions import code_action
from jaxerr_ls.server.diagnostics import document_diagnostic
from jaxerr_ls.server.hover import hover
from jaxerr_ls.server.notebooks import clear_cell_error, ingest_cell_error
from tests.server.conftest import PULLING, MakeServer

NOTEBOOKS = Path(__file__).resolve().parents[1] / "fixtures" / "notebooks"
MARKER_RE = re.compile(r"#\s*jaxerr-expect:\s*([\w.-]+)")


@pytest.fixture
def workspace(tmp_path: Path) -> Path:
    root = tmp_path / "work"
    root.mkdir()
    shutil.copy(NOTEBOOKS / "analysis-context.ipynb", root / "analysis.ipynb")
    shutil.copytree(NOTEBOOKS / "proj", root / "proj")
    return root.resolve()


def cell_uri(notebook: Path, index: int) -> str:
    # VS Code names a cell by its notebook's path and a fragment of its own.
    return f"vscode-notebook-cell:{notebook}#W{index}sZmlsZQ%3D%3D"


def requests(notebook: Path) -> dict[int, dict[str, Any]]:
    """Each error output of the notebook as the VS Code extension sends it, by cell index."""
    doc = json.loads(notebook.read_text())
    cells = [
        {
            "uri": cell_uri(notebook, index),
            "kind": cell["cell_type"],
            "executionCount": cell.get("execution_count"),
            "source": "".join(cell["source"]),
        }
        for index, cell in enumerate(doc["cells"])
    ]
    found = {}
    for index, cell in enumerate(doc["cells"]):
        for output in cell.get("outputs", []):
            if output["output_type"] == "error":
                found[index] = {
                    "notebook": notebook.as_uri(),
                    "cell": cell_uri(notebook, index),
                    "index": index,
                    "name": output["ename"],
                    "message": output["evalue"],
                    "stack": "\n".join(output["traceback"]),
                    "cells": cells,
                }
    return found


def marker(notebook: Path, index: int) -> tuple[int, str]:
    """The 0-based line of the marker in a cell, and its code."""
    source = "".join(json.loads(notebook.read_text())["cells"][index]["source"])
    for line, text in enumerate(source.splitlines()):
        if m := MARKER_RE.search(text):
            return line, m[1]
    raise AssertionError(f"cell {index} has no marker")


def send(server: object, request: dict[str, Any]) -> dict[str, Any]:
    answer: dict[str, Any] = asyncio.run(ingest_cell_error(server, request))  # type: ignore[arg-type]
    return answer


def test_an_error_output_shows_on_its_cell_line_with_hover_and_actions(
    make_server: MakeServer, workspace: Path
) -> None:
    server, writer = make_server(workspace)
    notebook = workspace / "analysis.ipynb"
    errors = requests(notebook)
    placed_in_cells = 0
    for index, request in errors.items():
        line, code = marker(notebook, index)
        answer = send(server, request)
        assert answer["errors"] == 1
        if not answer["cells"]:
            # Raised in the project's module the cell called: shown there, as for a run.
            model = workspace / "proj" / "model.py"
            assert answer["files"] == [model.as_uri()]
            [shown] = writer.diagnostics(model.as_uri())
            assert shown["code"] == code
            continue
        placed_in_cells += 1
        [uri] = answer["cells"]
        assert uri == request["cell"]
        [shown] = writer.diagnostics(uri)
        assert (shown["code"], shown["range"]["start"]["line"]) == (code, line)
        source = request["cells"][index]["source"].splitlines()[line]
        assert shown["range"]["start"]["character"] == len(source) - len(source.lstrip())
        # No fix edits a cell (its text is the notebook's); the record is one action away.
        assert shown["data"].get("target") is None
        diagnostic = server.published[uri][1][0]
        params = types.HoverParams(
            text_document=types.TextDocumentIdentifier(uri=uri),
            position=diagnostic.range.start,
        )
        found = asyncio.run(hover(server, params))
        assert found is not None and isinstance(found.contents, types.MarkupContent)
        assert found.contents.value.startswith(f"**`{code}`**")
        actions = code_action(
            server,
            types.CodeActionParams(
                text_document=types.TextDocumentIdentifier(uri=uri),
                range=diagnostic.range,
                context=types.CodeActionContext(diagnostics=[diagnostic]),
            ),
        )
        titles = [a.title for a in actions or [] if isinstance(a, types.CodeAction)]
        assert f"jaxerr ({code}): Open documentation for {code}" in titles
    assert placed_in_cells >= 2


def test_a_cell_run_again_replaces_its_diagnostic_and_a_gone_output_clears_it(
    make_server: MakeServer, workspace: Path
) -> None:
    server, writer = make_server(workspace)
    notebook = workspace / "analysis.ipynb"
    errors = requests(notebook)
    in_cells = [i for i, r in errors.items() if send(server, r)["cells"]]
    first, second = in_cells[:2]
    for _ in range(2):
        send(server, errors[first])
    assert len(writer.diagnostics(errors[first]["cell"])) == 1
    assert len(writer.diagnostics(errors[second]["cell"])) == 1
    clear_cell_error(server, {"cell": errors[first]["cell"]})
    assert writer.diagnostics(errors[first]["cell"]) == []
    assert len(writer.diagnostics(errors[second]["cell"])) == 1


def test_a_pulling_client_gets_cell_diagnostics_pushed_once(
    make_server: MakeServer, workspace: Path
) -> None:
    server, writer = make_server(workspace, capabilities=PULLING)
    notebook = workspace / "analysis.ipynb"
    request = next(r for r in requests(notebook).values() if send(server, r)["cells"])
    assert len(writer.diagnostics(request["cell"])) == 1
    report = document_diagnostic(
        server,
        types.DocumentDiagnosticParams(
            text_document=types.TextDocumentIdentifier(uri=request["cell"])
        ),
    )
    assert isinstance(report, types.RelatedFullDocumentDiagnosticReport) and report.items == []


@pytest.mark.parametrize(
    ("change", "says"),
    [
        ({"cells": "x"}, "'cells' is not a list"),
        ({"index": 99}, "'index' is not the index"),
        ({"index": True}, "'index' is not the index"),
        ({"stack": None}, "'stack' is not a string"),
        ({"cell": "vscode-notebook-cell:/elsewhere#x"}, "'cell' is not the uri"),
    ],
)
def test_a_bad_request_says_what_is_wrong(
    make_server: MakeServer, workspace: Path, change: dict[str, Any], says: str
) -> None:
    server, _ = make_server(workspace)
    request = next(iter(requests(workspace / "analysis.ipynb").values()))
    with pytest.raises(ValueError, match=re.escape(says)):
        send(server, {**request, **change})
