"""Notebook cells' error outputs, sent by the client, as diagnostics on the cells they point to."""

from __future__ import annotations

import asyncio
import dataclasses
from collections.abc import Sequence
from pathlib import Path
from typing import Any

from lsprotocol import types
from pygls.uris import to_fs_path

from jaxerr_ls.diagnose import Finding
from jaxerr_ls.notebooks import Notebook, NotebookCell, editor_cell_error
from jaxerr_ls.server.app import JaxErrServer
from jaxerr_ls.server.convert import to_diagnostic, to_uri
from jaxerr_ls.tracking import ROLE_ERROR, Placed

INGEST_CELL_ERROR = "jaxerr.ingestCellError"
CLEAR_CELL_ERROR = "jaxerr.clearCellError"
# The source text of a notebook's cells read for one error, at most (the rest reads as empty).
MAX_CELLS_CHARS = 4 * 1024 * 1024
_USAGE = (
    f"{INGEST_CELL_ERROR} takes one object: "
    '{"notebook": uri, "cell": uri, "index": int, "name": str, "message": str, "stack": str, '
    '"cells": [{"uri": str, "kind": str, "executionCount": int | null, "source": str}]}'
)


def _text(raw: dict[str, Any], key: str) -> str:
    value = raw.get(key)
    if not isinstance(value, str):
        raise ValueError(f"{_USAGE}; {key!r} is not a string")
    return value


@dataclasses.dataclass(frozen=True, slots=True)
class CellErrorRequest:
    """The one argument of ``jaxerr.ingestCellError``, checked: one error output of a cell, and
    the notebook's cells (uri, execution count, source) to place its frames in."""

    notebook: str
    cell: str
    index: int
    name: str
    message: str
    stack: str
    cells: tuple[NotebookCell, ...]
    uris: tuple[str, ...]

    @classmethod
    def parse(cls, raw: Any, max_stack: int) -> CellErrorRequest:
        if not isinstance(raw, dict):
            raise ValueError(_USAGE)
        index, cells = raw.get("index"), raw.get("cells")
        if not isinstance(cells, list) or not all(isinstance(c, dict) for c in cells):
            raise ValueError(f"{_USAGE}; 'cells' is not a list of objects")
        if not isinstance(index, int) or isinstance(index, bool) or not 0 <= index < len(cells):
            raise ValueError(f"{_USAGE}; 'index' is not the index of one of 'cells'")
        parsed: list[NotebookCell] = []
        uris: list[str] = []
        budget = MAX_CELLS_CHARS
        for position, cell in enumerate(cells):
            count = cell.get("executionCount")
            source = _text(cell, "source")[: max(budget, 0)]
            budget -= len(source)
            uris.append(_text(cell, "uri"))
            parsed.append(
                NotebookCell(
                    index=position,
                    kind=_text(cell, "kind"),
                    execution_count=count if isinstance(count, int) else None,
                    lines=tuple(source.splitlines()),
                )
            )
        cell_uri = _text(raw, "cell")
        if uris[index] != cell_uri:
            raise ValueError(f"{_USAGE}; 'cell' is not the uri of cells[index]")
        # A traceback's end holds the error; its beginning only the outer frames.
        stack = _text(raw, "stack")
        return cls(
            notebook=_text(raw, "notebook"),
            cell=cell_uri,
            index=index,
            name=_text(raw, "name"),
            message=_text(raw, "message"),
            stack=stack if len(stack) <= max_stack else stack[-max_stack:],
            cells=tuple(parsed),
            uris=tuple(uris),
        )

    @property
    def path(self) -> Path:
        """The notebook's file (its uri's path, for a notebook not saved)."""
        fs_path = to_fs_path(self.notebook)
        return Path(fs_path) if fs_path else Path(self.notebook.split(":", 1)[-1] or "notebook")


def analyze_cell_error(ls: JaxErrServer, request: CellErrorRequest, root: Path) -> list[Finding]:
    """The findings of one error output, placed on the notebook's cells or the project's files
    (runs in the analysis thread)."""
    error = editor_cell_error(request.index, request.name, request.message, request.stack)
    notebook = Notebook(path=request.path, cells=request.cells, errors=(error,))
    return list(ls.new_analyzer(root).analyze_notebook(notebook, "notebook"))


def cell_diagnostics(
    ls: JaxErrServer, request: CellErrorRequest, findings: Sequence[Finding]
) -> dict[str, list[types.Diagnostic]]:
    """The diagnostics of the findings placed in cells, by the cell document they are on."""
    codec = ls.workspace.position_codec

    def cells(index: int) -> tuple[str, Sequence[str]] | None:
        if not 0 <= index < len(request.cells):
            return None
        return request.uris[index], request.cells[index].lines

    shown: dict[str, list[types.Diagnostic]] = {}
    for finding in findings:
        span = finding.span
        if span is None or span.cell is None or cells(span.cell) is None:
            continue
        lines = request.cells[span.cell].lines
        anchor = lines[span.line - 1] if span.line <= len(lines) else ""
        item = Placed(f"cell:{request.cell}", ROLE_ERROR, finding, span, anchor)
        diagnostic = to_diagnostic(item, ls.documents.lines, codec, cells)
        shown.setdefault(request.uris[span.cell], []).append(diagnostic)
    return shown


def _show(ls: JaxErrServer, cell: str, shown: dict[str, list[types.Diagnostic]]) -> None:
    """Replace what the error output of ``cell`` shows on the cells with ``shown``."""
    before = ls.cell_diagnostics.pop(cell, {})
    if shown:
        ls.cell_diagnostics[cell] = shown
    for uri in sorted({*before, *shown}):
        every = [d for by_cell in ls.cell_diagnostics.values() for d in by_cell.get(uri, [])]
        ls.send(uri, every, pull=False)


async def ingest_cell_error(ls: JaxErrServer, *args: Any) -> dict[str, Any]:
    if len(args) != 1:
        raise ValueError(_USAGE)
    request = CellErrorRequest.parse(args[0], ls.settings.max_output_bytes)
    if not ls.settings.uses("output"):
        return {"errors": 0, "cells": [], "files": [], "disabled": True}
    path = request.path
    root = ls.folder_for(path if path.is_absolute() else None) or path.parent
    findings = await asyncio.get_running_loop().run_in_executor(
        ls.analysis_pool, analyze_cell_error, ls, request, root
    )
    shown = cell_diagnostics(ls, request, findings)
    _show(ls, request.cell, shown)
    # The findings in the project's files (the error left the user's code in a module) are
    # published as any run's; their culprits too, whichever cell the error shows on.
    in_files = [
        f if f.span is None or f.span.cell is None else dataclasses.replace(f, span=None)
        for f in findings
    ]
    touched = ls.replace_findings(f"cell:{request.cell}", in_files)
    return {
        "errors": sum(1 for f in findings if f.severity == "error"),
        "cells": sorted(shown),
        "files": sorted(to_uri(p) for p in touched if ls.store.for_path(p)),
    }


def clear_cell_error(ls: JaxErrServer, *args: Any) -> None:
    """The cell's error output is gone: so are its diagnostics, in cells and in files."""
    raw = args[0] if len(args) == 1 else None
    cell = raw.get("cell") if isinstance(raw, dict) else None
    if not isinstance(cell, str):
        raise ValueError(f'{CLEAR_CELL_ERROR} takes one object: {{"cell": uri}}')
    _show(ls, cell, {})
    ls.replace_findings(f"cell:{cell}", [])


def register(server: JaxErrServer) -> None:
    server.command(INGEST_CELL_ERROR)(ingest_cell_error)
    server.command(CLEAR_CELL_ERROR)(clear_cell_error)
