"""`jaxerr-ls check analysis.ipynb`: the error outputs of a saved notebook, on their cells."""

from __future__ import annotations

import json
import re
from pathlib import Path

import pytest

from tests.cli.test_check_command import run

NOTEBOOKS = Path(__file__).resolve().parents[1] / "fixtures" / "notebooks"
SAVED = sorted(NOTEBOOKS.glob("*.ipynb"))
MARKER_RE = re.compile(r"#\s*jaxerr-expect:\s*([\w.-]+)")
TEXT_RE = re.compile(
    r"(?P<file>[^:]+)(?::cell (?P<cell>\d+))?:(?P<line>\d+):(?P<col>\d+): "
    r"error \[(?P<code>[\w-]+)\]"
)


def cell_lines(path: Path, index: int) -> list[str]:
    return "".join(json.loads(path.read_text())["cells"][index]["source"]).splitlines()


@pytest.mark.parametrize("path", SAVED, ids=lambda p: p.stem)
def test_text_names_the_cell_and_its_line(path: Path) -> None:
    result = run("check", "--no-generated", path.name, cwd=NOTEBOOKS)
    assert result.returncode == 1, result.stderr
    found = [TEXT_RE.match(line) for line in result.stdout.splitlines()]
    assert all(found), result.stdout
    in_cells = [m for m in found if m is not None and m["cell"]]
    assert len(in_cells) >= 2
    for m in in_cells:
        assert m["file"] == path.name
        lines = cell_lines(path, int(m["cell"]) - 1)
        code = m["code"]
        if "minimal" in path.name:
            assert (m["line"], m["col"]) == ("1", "1")
            assert f"jaxerr-expect: {code}" in "\n".join(lines)
        else:
            marker = MARKER_RE.search(lines[int(m["line"]) - 1])
            assert marker is not None and marker[1] == code


def test_json_adds_the_cell_index() -> None:
    path = NOTEBOOKS / "analysis-verbose.ipynb"
    result = run("check", "--no-generated", "--format", "json", path.name, cwd=NOTEBOOKS)
    findings = json.loads(result.stdout)
    cells = json.loads(path.read_text())["cells"]
    with_cell = [f for f in findings if "cell" in f]
    assert with_cell
    for finding in with_cell:
        assert finding["file"] == path.name
        lines = "".join(cells[finding["cell"]]["source"]).splitlines()
        line = lines[finding["line"] - 1]
        assert line[finding["column"] - 1 :].startswith(line.strip())
        assert f"jaxerr-expect: {finding['code']}" in line
    # The error raised in the module the cell imported is placed there, as for any log.
    assert any(f["file"] == "proj/model.py" and "cell" not in f for f in findings)


def test_a_notebook_without_errors_gives_nothing(tmp_path: Path) -> None:
    doc = json.loads((NOTEBOOKS / "analysis-context.ipynb").read_text())
    # The cells that ran without error, with their real outputs.
    doc["cells"] = [
        cell
        for cell in doc["cells"]
        if not any(o["output_type"] == "error" for o in cell.get("outputs", []))
    ]
    (tmp_path / "clean.ipynb").write_text(json.dumps(doc))
    result = run("check", "--no-generated", "clean.ipynb", cwd=tmp_path)
    assert (result.returncode, result.stdout, result.stderr) == (0, "", "")


@pytest.mark.parametrize(
    ("content", "says"),
    [(b"{not json", "not a notebook (invalid JSON"), (b'{"cells": 3}', "no 'cells' list")],
)
def test_a_malformed_notebook_is_a_clear_error(tmp_path: Path, content: bytes, says: str) -> None:
    (tmp_path / "bad.ipynb").write_bytes(content)
    result = run("check", "--no-generated", "bad.ipynb", cwd=tmp_path)
    assert result.returncode == 2
    assert result.stderr.startswith("jaxerr-ls: bad.ipynb: ") and says in result.stderr
    assert "Traceback" not in result.stderr


def test_a_logs_cell_frames_go_on_the_projects_notebook(tmp_path: Path) -> None:
    # The kernel's tracebacks as a log (ANSI and all), with the notebook in the project.
    source = NOTEBOOKS / "analysis-context.ipynb"
    doc = json.loads(source.read_text())
    outputs = [o for c in doc["cells"] for o in c.get("outputs", []) if o["output_type"] == "error"]
    (tmp_path / "session.log").write_text("\n\n".join("\n".join(o["traceback"]) for o in outputs))
    (tmp_path / "analysis.ipynb").write_text(source.read_text())
    result = run("check", "--no-generated", "session.log", cwd=tmp_path)
    assert result.returncode == 1, result.stderr
    found = [TEXT_RE.match(line) for line in result.stdout.splitlines()]
    cells = [m for m in found if m is not None and m["file"] == "analysis.ipynb"]
    assert len(cells) == len(outputs)
    for m in cells:
        line = cell_lines(source, int(m["cell"]) - 1)[int(m["line"]) - 1]
        assert f"jaxerr-expect: {m['code']}" in line


def test_github_annotations_name_the_cell_in_the_title() -> None:
    path = NOTEBOOKS / "analysis-context.ipynb"
    result = run("check", "--no-generated", "--format", "github", path.name, cwd=NOTEBOOKS)
    commands = [line for line in result.stdout.splitlines() if path.name in line]
    assert commands
    for command in commands:
        found = re.match(
            r"::error file=([^,]+),title=[^:]*\[[\w-]+\] in cell (\d+)%2C line (\d+)::", command
        )
        assert found is not None, command
        assert found[1] == path.name
        assert "jaxerr-expect:" in cell_lines(path, int(found[2]) - 1)[int(found[3]) - 1]
        # No line= or col=: GitHub would read them as lines of the JSON file.
        assert ",line=" not in command.split("::")[1]
