"""Reading saved notebooks and placing their errors on cells.

The notebooks are real: tests/fixtures/notebooks/capture_ipython.py executed them with a Jupyter
kernel. Where each error belongs comes from the ``# jaxerr-expect:`` markers in their cells and
in ``proj/model.py``; hostile inputs are made from those notebooks by changing their JSON.
"""

from __future__ import annotations

import json
import re
import shutil
from pathlib import Path
from typing import Any

import pytest

import jaxerr_ls.notebooks as notebooks
from jaxerr_ls.diagnose import Analyzer
from jaxerr_ls.locate import ProjectFiles, project_frames
from jaxerr_ls.matching import RecordIndex
from jaxerr_ls.notebooks import (
    Notebook,
    NotebookError,
    cell_execution_count,
    editor_cell_error,
    error_events,
    is_cell_path,
    parse_notebook,
    read_notebook,
)
from jaxerr_ls.records import load_records

NOTEBOOKS = Path(__file__).resolve().parent.parent / "fixtures" / "notebooks"
SAVED = sorted(NOTEBOOKS.glob("*.ipynb"))
CONTEXT = NOTEBOOKS / "analysis-context.ipynb"
MARKER_RE = re.compile(r"#\s*jaxerr-expect:\s*([\w.-]+)")
MODEL = NOTEBOOKS / "proj" / "model.py"


def document(path: Path = CONTEXT) -> dict[str, Any]:
    loaded: dict[str, Any] = json.loads(path.read_text())
    return loaded


def marked_cells(doc: dict[str, Any]) -> dict[int, str]:
    """Cell index -> the code its marker names."""
    found = {}
    for index, cell in enumerate(doc["cells"]):
        m = MARKER_RE.search("".join(cell["source"]))
        if m:
            found[index] = m[1]
    return found


@pytest.fixture(scope="module")
def analyzer() -> Analyzer:
    return Analyzer(RecordIndex(load_records().records), NOTEBOOKS, cwd=NOTEBOOKS)


@pytest.mark.parametrize("path", SAVED, ids=lambda p: p.stem)
def test_error_outputs_are_read_with_their_cells(path: Path) -> None:
    notebook = read_notebook(path)
    doc = document(path)
    assert len(notebook.cells) == len(doc["cells"])
    assert [e.cell for e in notebook.errors] == sorted(marked_cells(doc))
    for error in notebook.errors:
        raw = next(o for o in doc["cells"][error.cell]["outputs"] if o["output_type"] == "error")
        assert (error.ename, error.evalue, list(error.traceback)) == (
            raw["ename"],
            raw["evalue"],
            raw["traceback"],
        )
        assert (
            notebook.cells[error.cell].execution_count
            == doc["cells"][error.cell]["execution_count"]
        )


@pytest.mark.parametrize("path", SAVED, ids=lambda p: p.stem)
def test_each_error_is_placed_on_its_marked_line(path: Path, analyzer: Analyzer) -> None:
    doc = document(path)
    markers = marked_cells(doc)
    findings = list(analyzer.analyze_notebook(read_notebook(path), path.name))
    assert [f.code for f in findings] == [markers[i] for i in sorted(markers)]
    model_markers = {
        n: m[1]
        for n, text in enumerate(MODEL.read_text().splitlines(), 1)
        if (m := MARKER_RE.search(text))
    }
    for finding, cell in zip(findings, sorted(markers), strict=True):
        span = finding.span
        assert span is not None
        if span.cell is None:
            # Raised in the project's module the cell called.
            assert span.path == MODEL
            assert model_markers[span.line] == finding.code
            continue
        assert span.path == path
        lines = "".join(doc["cells"][span.cell]["source"]).splitlines()
        if "-minimal" in path.name:
            # No frames printed: the error's own cell, first line.
            assert (span.cell, span.line, span.col) == (cell, 1, 0)
        else:
            found = MARKER_RE.search(lines[span.line - 1])
            assert found is not None and found[1] == finding.code
            assert lines[span.line - 1][span.col :].startswith(lines[span.line - 1].strip())


@pytest.mark.parametrize("path", SAVED, ids=lambda p: p.stem)
def test_an_error_output_as_an_editor_holds_it_is_placed_as_the_saved_one(
    path: Path, analyzer: Analyzer
) -> None:
    # VS Code keeps an error output as {name, message, stack}: the traceback's entries (each
    # may hold several lines) joined by newlines. One output at a time, as the editor sends it.
    saved = read_notebook(path)
    expected = list(analyzer.analyze_notebook(saved, path.name))
    assert len(expected) == len(saved.errors)
    doc = document(path)
    for error, want in zip(saved.errors, expected, strict=True):
        raw = next(o for o in doc["cells"][error.cell]["outputs"] if o["output_type"] == "error")
        held = editor_cell_error(
            error.cell, raw["ename"], raw["evalue"], "\n".join(raw["traceback"])
        )
        assert error_events(held) == error_events(error)
        live = Notebook(path=path, cells=saved.cells, errors=(held,))
        [found] = analyzer.analyze_notebook(live, path.name)
        assert (found.code, found.span) == (want.code, want.span)
        assert found.span is not None and found.span.cell in (error.cell, None)


def test_an_editor_stack_is_cut_at_the_limit(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(notebooks, "MAX_TRACEBACK_CHARS", 300)
    held = editor_cell_error(0, "ValueError", "bad", "x" * 200 + "\n" + "y" * 200)
    assert held.traceback == ("x" * 200,)


def test_cell_frames_of_a_log_are_placed_on_a_notebook_in_the_project(tmp_path: Path) -> None:
    # The kernel's tracebacks, as a log would hold them, with the notebook in the workspace.
    shutil.copy(CONTEXT, tmp_path / "analysis.ipynb")
    files = ProjectFiles(tmp_path)
    notebook = read_notebook(CONTEXT)
    markers = marked_cells(document())
    for error in notebook.errors:
        (event,) = error_events(error)
        found = project_frames([event], files, None, files.notebooks)
        placed = [p for p in found if p.span is not None]
        assert placed, event
        span = placed[0].span
        assert span is not None and span.path == tmp_path / "analysis.ipynb"
        assert span.cell == error.cell
        assert span.cell in markers


def test_cell_paths() -> None:
    assert cell_execution_count("Cell In[12]") == 12
    assert cell_execution_count("<ipython-input-7-65ad5538b505>") == 7
    assert cell_execution_count("Input In [3]") == 3
    assert cell_execution_count("/x/model.py") is None
    assert is_cell_path("/tmp/ipykernel_619/783220733.py")
    assert is_cell_path("/tmp/ipython-input-4063268068.py")
    assert not is_cell_path("~/proj/model.py")


def test_big_and_binary_outputs_are_read(tmp_path: Path) -> None:
    doc = document()
    picture = {
        "output_type": "display_data",
        "data": {"image/png": "iVBORw0KGgo" * 400_000, "text/plain": ["<Figure>"]},
        "metadata": {},
    }
    noise = {"output_type": "stream", "name": "stdout", "text": ["loss 0.1\n"] * 200_000}
    for cell in doc["cells"]:
        if cell["cell_type"] == "code":
            cell["outputs"] = [picture, noise, *cell["outputs"]]
    path = tmp_path / "big.ipynb"
    path.write_text(json.dumps(doc))
    assert path.stat().st_size > 10_000_000
    assert [e.ename for e in read_notebook(path).errors] == [
        e.ename for e in read_notebook(CONTEXT).errors
    ]


def hostile(doc: Any) -> bytes:
    return json.dumps(doc).encode()


def broken_cells(change: Any) -> bytes:
    doc = document()
    change(doc)
    return hostile(doc)


@pytest.mark.parametrize(
    ("data", "says"),
    [
        (b"", "invalid JSON"),
        (b"\x89PNG\r\n\x1a\n\x00\x00binary", "invalid JSON"),
        (b"[1, 2]", "no JSON object"),
        (hostile({"metadata": {}}), "no 'cells' list"),
        (hostile({"cells": [1]}), "cell 1 is not a JSON object"),
        (broken_cells(lambda d: d["cells"][1].update(source=5)), "cell 2's source is not text"),
        (broken_cells(lambda d: d["cells"][2].update(outputs={})), "outputs are not a list"),
        (
            broken_cells(lambda d: d["cells"][2]["outputs"][-1].update(traceback="x")),
            "traceback is not a list",
        ),
        (b"[" * 100_000, "invalid JSON"),
    ],
)
def test_malformed_notebooks_say_what_is_wrong(data: bytes, says: str) -> None:
    with pytest.raises(NotebookError, match=re.escape(says)):
        parse_notebook(Path("x.ipynb"), data)


def test_a_notebook_over_the_size_limit_is_refused(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(notebooks, "MAX_NOTEBOOK_BYTES", 1000)
    with pytest.raises(NotebookError, match="larger than"):
        read_notebook(CONTEXT)


def test_a_traceback_is_cut_at_the_limit(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(notebooks, "MAX_TRACEBACK_CHARS", 500)
    for error in read_notebook(CONTEXT).errors:
        assert sum(len(line) for line in error.traceback) <= 500
        error_events(error)


def test_cell_frames_are_left_out_unless_notebooks_are_given(tmp_path: Path) -> None:
    shutil.copy(CONTEXT, tmp_path / "analysis.ipynb")
    files = ProjectFiles(tmp_path)
    for error in read_notebook(CONTEXT).errors:
        (event,) = error_events(error)
        assert project_frames([event], files, None) == []
