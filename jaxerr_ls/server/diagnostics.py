"""Diagnostics: output ingested by command, moved with the user's edits, pushed or pulled."""

from __future__ import annotations

import asyncio
from pathlib import Path
from typing import Any

from lsprotocol import types
from pygls.uris import to_fs_path

from jaxerr_ls.diagnose import Finding
from jaxerr_ls.server.app import JaxErrServer
from jaxerr_ls.server.pacing import Batched
from jaxerr_ls.tracking import LineChange

INGEST_OUTPUT = "jaxerr.ingestOutput"
CLEAR_DIAGNOSTICS = "jaxerr.clearDiagnostics"


class IngestRequest:
    """The one argument of ``jaxerr.ingestOutput``, checked."""

    def __init__(self, raw: Any) -> None:
        if not isinstance(raw, dict) or not isinstance(raw.get("text"), str):
            raise ValueError('jaxerr.ingestOutput takes one object: {"text": str, "cwd", "source"}')
        cwd, source = raw.get("cwd"), raw.get("source")
        if cwd is not None and not isinstance(cwd, str):
            raise ValueError("jaxerr.ingestOutput: cwd must be a string or null")
        if source is not None and not isinstance(source, str):
            raise ValueError("jaxerr.ingestOutput: source must be a string or null")
        self.text: str = raw["text"]
        self.cwd = Path(cwd) if cwd else None
        self.source = f"output:{source or 'terminal'}"


def analyze_text(server: JaxErrServer, text: str, root: Path, cwd: Path | None) -> list[Finding]:
    """Parse and place the errors of one output (runs in the analysis thread)."""
    analyzer = server.new_analyzer(root, cwd)
    lines = text.split("\n")
    return list(analyzer.analyze_lines(lines, "output"))


def path_of(uri: str) -> Path | None:
    path = to_fs_path(uri)
    return Path(path) if path else None


def line_changes(params: types.DidChangeTextDocumentParams) -> list[LineChange] | None:
    changes = []
    for change in params.content_changes:
        if not isinstance(change, types.TextDocumentContentChangePartial):
            return None
        changes.append(
            LineChange(change.range.start.line, change.range.end.line, change.text.count("\n") + 1)
        )
    return changes


def register(server: JaxErrServer) -> None:
    republish: Batched[Path] = Batched(server.publish)

    @server.command(INGEST_OUTPUT)
    async def ingest_output(ls: JaxErrServer, *args: Any) -> dict[str, Any]:
        if len(args) != 1:
            raise ValueError("jaxerr.ingestOutput takes exactly one argument")
        request = IngestRequest(args[0])
        if not ls.settings.uses("output"):
            return {"errors": 0, "files": [], "disabled": True}
        text = request.text
        limit = ls.settings.max_output_bytes
        if len(text) > limit:
            # Keep the end: a run's errors and pytest's summary come last.
            text = text[-limit:]
        root = ls.folder_for(request.cwd) or request.cwd or Path.cwd()
        ls.output_roots.add(root)
        findings = await asyncio.get_running_loop().run_in_executor(
            ls.analysis_pool, analyze_text, ls, text, root, request.cwd or root
        )
        touched = ls.replace_findings(request.source, findings)
        return {
            "errors": sum(1 for f in findings if f.severity == "error"),
            "files": sorted(ls.uri_of(path) for path in touched if ls.store.for_path(path)),
        }

    @server.command(CLEAR_DIAGNOSTICS)
    def clear_diagnostics(ls: JaxErrServer, *args: Any) -> None:
        source = args[0] if args and isinstance(args[0], str) else None
        ls.publish(ls.store.clear(source))

    @server.feature(types.TEXT_DOCUMENT_DID_OPEN)
    def did_open(ls: JaxErrServer, params: types.DidOpenTextDocumentParams) -> None:
        path = path_of(params.text_document.uri)
        if path is not None and ls.store.for_path(path):
            lines = ls.workspace.get_text_document(params.text_document.uri).lines
            ls.store.apply_edit(path, None, lines)
            ls.publish({path})

    @server.feature(types.TEXT_DOCUMENT_DID_CHANGE)
    def did_change(ls: JaxErrServer, params: types.DidChangeTextDocumentParams) -> None:
        path = path_of(params.text_document.uri)
        if path is None or not ls.store.for_path(path):
            return
        lines = ls.workspace.get_text_document(params.text_document.uri).lines
        ls.store.apply_edit(path, line_changes(params), lines)
        # Republish even when nothing moved (the diagnostics carry the new version), once per
        # burst of edits.
        republish.ask(path)

    @server.feature(types.TEXT_DOCUMENT_DID_CLOSE)
    def did_close(ls: JaxErrServer, params: types.DidCloseTextDocumentParams) -> None:
        path = path_of(params.text_document.uri)
        if path is not None and ls.store.for_path(path):
            # Back to the file on disk, which an unsaved edit may have differed from.
            ls.store.apply_edit(path, None, ls.current_lines(path) or [])
            ls.publish({path})

    @server.feature(
        types.TEXT_DOCUMENT_DIAGNOSTIC,
        types.DiagnosticOptions(
            identifier="jaxerr", inter_file_dependencies=False, workspace_diagnostics=False
        ),
    )
    def document_diagnostic(
        ls: JaxErrServer, params: types.DocumentDiagnosticParams
    ) -> types.RelatedFullDocumentDiagnosticReport:
        # A client that cannot be told to pull again gets its diagnostics pushed instead, and
        # an empty report here, so that nothing shows twice.
        items: list[types.Diagnostic] = []
        if ls.pull_mode:
            items = ls.published.get(params.text_document.uri, (None, []))[1]
        return types.RelatedFullDocumentDiagnosticReport(items=items)
