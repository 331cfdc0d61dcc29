"""Saved Jupyter notebooks: their cells and the error outputs they hold, read in bounded memory.

A notebook (nbformat 4, or 3 with its worksheets) is read whole, up to ``MAX_NOTEBOOK_BYTES``;
a larger or malformed file raises ``NotebookError`` with a message saying what is wrong. Only
the cells' source, execution count and error outputs (``ename``, ``evalue``, ``traceback``
lines with their ANSI colours) are kept: images and other outputs are dropped as they are read.
A traceback is cut at ``MAX_TRACEBACK_CHARS`` and a notebook's errors at ``MAX_ERRORS``.
"""

from __future__ import annotations

import json
import re
from collections.abc import Iterator
from dataclasses import dataclass
from pathlib import Path
from typing import Any, BinaryIO

from jaxerr_ls.events import ErrorEvent
from jaxerr_ls.tracebacks import parse_output

MAX_NOTEBOOK_BYTES = 64 * 1024 * 1024
MAX_TRACEBACK_CHARS = 1024 * 1024
MAX_ERRORS = 1000

# How IPython names a cell in a traceback: "Cell In[7]" (IPython 8.4+), "Input In [7]" (8.0 to
# 8.3), "<ipython-input-7-0ab1>" (7), with the cell's execution count.
_CELL_PATH_RE = re.compile(r"(?:Cell In\[|Input In \[)(\d+)\]$|<ipython-input-(\d+)-[0-9a-f]*>$")
# Cells run by ipykernel under other front ends (Colab, VS Code) get a temporary file instead.
_KERNEL_FILE_RE = re.compile(r"[\\/](?:ipykernel_\d+[\\/]\d+|ipython-input-\d+)\.py$")


class NotebookError(ValueError):
    """A file that cannot be read as a notebook; the message says why."""


@dataclass(frozen=True, slots=True)
class NotebookCell:
    """One cell: its 0-based position in the notebook's cells, kind, execution count, source."""

    index: int
    kind: str
    execution_count: int | None
    lines: tuple[str, ...]


@dataclass(frozen=True, slots=True)
class CellError:
    """An error output saved in a cell."""

    cell: int
    ename: str
    evalue: str
    traceback: tuple[str, ...]


@dataclass(frozen=True, slots=True)
class Notebook:
    path: Path
    cells: tuple[NotebookCell, ...]
    errors: tuple[CellError, ...]

    def code_cells(self) -> Iterator[NotebookCell]:
        return (cell for cell in self.cells if cell.kind == "code")


def cell_execution_count(printed_path: str) -> int | None:
    """The execution count a traceback's frame path names (``Cell In[7]`` -> 7), else None."""
    m = _CELL_PATH_RE.match(printed_path)
    if m is None:
        return None
    return int(m[1] or m[2])


def is_cell_path(printed_path: str) -> bool:
    """Whether a frame's path is a notebook cell rather than a file."""
    return (
        _CELL_PATH_RE.match(printed_path) is not None
        or _KERNEL_FILE_RE.search(printed_path) is not None
    )


def _text(value: Any, what: str) -> str:
    """nbformat stores multi-line strings as a string or a list of strings."""
    if isinstance(value, str):
        return value
    if isinstance(value, list) and all(isinstance(part, str) for part in value):
        return "".join(value)
    raise NotebookError(f"{what} is not text")


def _error_output(output: dict[str, Any], cell: int) -> CellError | None:
    if output.get("output_type") not in ("error", "pyerr"):
        return None
    traceback = output.get("traceback", [])
    if not isinstance(traceback, list):
        raise NotebookError(f"cell {cell + 1}: an error output's traceback is not a list")
    if not all(isinstance(line, str) for line in traceback):
        raise NotebookError(f"cell {cell + 1}: an error output's traceback is not text")
    return CellError(
        cell=cell,
        ename=str(output.get("ename", "")),
        evalue=str(output.get("evalue", "")),
        traceback=_bounded(traceback),
    )


def _bounded(traceback: list[str]) -> tuple[str, ...]:
    """The traceback's lines up to ``MAX_TRACEBACK_CHARS``."""
    kept: list[str] = []
    size = 0
    for line in traceback:
        if size + len(line) > MAX_TRACEBACK_CHARS:
            break
        kept.append(line)
        size += len(line)
    return tuple(kept)


def editor_cell_error(cell: int, name: str, message: str, stack: str) -> CellError:
    """An error output as an editor holds it: VS Code keeps the output's ``ename``, ``evalue``
    and traceback lines as ``name``, ``message`` and ``stack`` (the lines joined by newlines)."""
    return CellError(cell=cell, ename=name, evalue=message, traceback=_bounded(stack.split("\n")))


def _cells(document: Any) -> list[Any]:
    if not isinstance(document, dict):
        raise NotebookError("not a notebook (no JSON object at the top)")
    cells = document.get("cells")
    if isinstance(cells, list):
        return cells
    worksheets = document.get("worksheets")
    if isinstance(worksheets, list):
        # nbformat 3: the cells of every worksheet, in order.
        return [
            cell
            for sheet in worksheets
            if isinstance(sheet, dict) and isinstance(sheet.get("cells"), list)
            for cell in sheet["cells"]
        ]
    raise NotebookError("not a notebook (no 'cells' list)")


def parse_notebook(path: Path, data: bytes) -> Notebook:
    """The notebook held in ``data`` (the bytes of the file at ``path``)."""
    try:
        document = json.loads(data)
    except (ValueError, RecursionError) as exc:
        raise NotebookError(f"not a notebook (invalid JSON: {exc})") from None
    cells: list[NotebookCell] = []
    errors: list[CellError] = []
    for index, cell in enumerate(_cells(document)):
        if not isinstance(cell, dict):
            raise NotebookError(f"cell {index + 1} is not a JSON object")
        kind = str(cell.get("cell_type", ""))
        source = _text(cell.get("source", cell.get("input", "")), f"cell {index + 1}'s source")
        count = cell.get("execution_count", cell.get("prompt_number"))
        outputs = cell.get("outputs", [])
        if not isinstance(outputs, list):
            raise NotebookError(f"cell {index + 1}'s outputs are not a list")
        cells.append(
            NotebookCell(
                index=index,
                kind=kind,
                execution_count=count if isinstance(count, int) else None,
                lines=tuple(source.splitlines()),
            )
        )
        for output in outputs:
            if isinstance(output, dict) and len(errors) < MAX_ERRORS:
                found = _error_output(output, index)
                if found is not None:
                    errors.append(found)
    return Notebook(path=path, cells=tuple(cells), errors=tuple(errors))


def read_notebook(path: Path, stream: BinaryIO | None = None) -> Notebook:
    """The notebook at ``path`` (read from ``stream`` when given); ``NotebookError`` (or
    ``OSError``) when it cannot be read."""
    if stream is None:
        with open(path, "rb") as f:
            return read_notebook(path, f)
    data = stream.read(MAX_NOTEBOOK_BYTES + 1)
    if len(data) > MAX_NOTEBOOK_BYTES:
        raise NotebookError(f"larger than {MAX_NOTEBOOK_BYTES // (1024 * 1024)} MB")
    return parse_notebook(path, data)


def error_events(error: CellError) -> list[ErrorEvent]:
    """The events of a saved error output: its traceback parsed as IPython printed it; the
    output's name and value alone when the traceback holds nothing readable."""
    lines = "\n".join(error.traceback).split("\n")
    events = list(parse_output(lines))
    if not events and (error.ename or error.evalue):
        events = [ErrorEvent(exc_type=error.ename, message=error.evalue)]
    return events
