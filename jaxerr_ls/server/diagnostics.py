"""Diagnostics: output ingested by command, moved with the user's edits, pushed or pulled."""

from __future__ import annotations

import asyncio
from pathlib import Path
from typing import TYPE_CHECKING, Any

from lsprotocol import types

from jaxerr_ls.runs import run_scope
from jaxerr_ls.server.app import JaxErrServer
from jaxerr_ls.server.convert import path_of, to_uri
from jaxerr_ls.tracking import LineChange

if TYPE_CHECKING:
    from jaxerr_ls.diagnose import Finding

INGEST_OUTPUT = "jaxerr.ingestOutput"
CLEAR_DIAGNOSTICS = "jaxerr.clearDiagnostics"


class IngestRequest:
    """The one argument of ``jaxerr.ingestOutput``, checked."""

    def __init__(self, raw: Any) -> None:
        if not isinstance(raw, dict) or not isinstance(raw.get("text"), str):
            raise ValueError(
                'jaxerr.ingestOutput takes one object: {"text": str, "cwd", "source", "command"}'
            )
        cwd, source, command = raw.get("cwd"), raw.get("source"), raw.get("command")
        if cwd is not None and not isinstance(cwd, str):
            raise ValueError("jaxerr.ingestOutput: cwd must be a string or null")
        if source is not None and not isinstance(source, str):
            raise ValueError("jaxerr.ingestOutput: source must be a string or null")
        if command is not None and not isinstance(command, str):
            raise ValueError("jaxerr.ingestOutput: command must be a string or null")
        # The command line that printed the output: a run replaces what it ran.
        self.command: str | None = command or None
        self.text: str = raw["text"]
        self.cwd = Path(cwd) if cwd else None
        self.source = f"output:{source or 'terminal'}"


def analyze_text(
    server: JaxErrServer, text: str, root: Path, cwd: Path | None, command: str | None = None
) -> list[Finding]:
    """Parse and place the errors of one output (runs in the analysis thread); ``command``, the
    command line that printed it, says how to run its failures again."""
    from jaxerr_ls.runs import python_launcher

    launcher = python_launcher(command, cwd or root) if command else None
    analyzer = server.new_analyzer(root, cwd, launcher)
    lines = text.split("\n")
    return list(analyzer.analyze_lines(lines, "output"))


def line_changes(params: types.DidChangeTextDocumentParams) -> list[LineChange] | None:
    changes = []
    for change in params.content_changes:
        if not isinstance(change, types.TextDocumentContentChangePartial):
            return None
        changes.append(
            LineChange(change.range.start.line, change.range.end.line, change.text.count("\n") + 1)
        )
    return changes


async def ingest_output(ls: JaxErrServer, *args: Any) -> dict[str, Any]:
    if len(args) != 1:
        raise ValueError("jaxerr.ingestOutput takes exactly one argument")
    request = IngestRequest(args[0])
    await ls.settings_ready()
    root = ls.folder_for(request.cwd) or request.cwd or Path.cwd()
    settings = ls.settings_for(root)
    if not settings.uses("output"):
        return {"errors": 0, "files": [], "disabled": True}
    text = request.text
    limit = settings.max_output_bytes
    if len(text) > limit:
        # Keep the end: a run's errors and pytest's summary come last.
        text = text[-limit:]
    ls.output_roots.add(root)
    mark = ls.store.clear_mark()
    findings = await asyncio.get_running_loop().run_in_executor(
        ls.analysis_pool, analyze_text, ls, text, root, request.cwd or root, request.command
    )
    cwd = request.cwd or root
    scope = run_scope(request.command, cwd) if request.command is not None else None
    touched = ls.replace_findings(request.source, findings, scope, since=mark)
    return {
        "errors": sum(1 for f in findings if f.severity == "error"),
        "files": sorted(to_uri(path) for path in touched if ls.store.for_path(path)),
    }


def clear_diagnostics(ls: JaxErrServer, *args: Any) -> None:
    source = args[0] if args and isinstance(args[0], str) else None
    ls.mark_watched_read(source)
    ls.publish(ls.store.clear(source))


def did_open(ls: JaxErrServer, params: types.DidOpenTextDocumentParams) -> None:
    ls.document_changed(params.text_document.uri)
    path = path_of(params.text_document.uri)
    if path is not None and ls.store.for_path(path):
        ls.store.apply_edit(path, None, ls.documents.lines(path) or [])
        ls.publish({path})


def did_change(ls: JaxErrServer, params: types.DidChangeTextDocumentParams) -> None:
    ls.document_changed(params.text_document.uri)
    path = path_of(params.text_document.uri)
    if path is None or not ls.store.for_path(path):
        return
    ls.store.apply_edit(path, line_changes(params), ls.documents.lines(path) or [])
    # Republish even when nothing moved (the diagnostics carry the new version), once per
    # burst of edits.
    ls.republish.ask(path)


def did_close(ls: JaxErrServer, params: types.DidCloseTextDocumentParams) -> None:
    ls.document_changed(params.text_document.uri)
    path = path_of(params.text_document.uri)
    if path is not None and ls.store.for_path(path):
        # Back to the file on disk, which an unsaved edit may have differed from.
        ls.store.apply_edit(path, None, ls.documents.disk_lines(path) or [])
        ls.publish({path})


def document_diagnostic(
    ls: JaxErrServer, params: types.DocumentDiagnosticParams
) -> types.RelatedFullDocumentDiagnosticReport | types.RelatedUnchangedDocumentDiagnosticReport:
    # A client that cannot be told to pull again gets its diagnostics pushed instead, and
    # an empty report here, so that nothing shows twice.
    uri = params.text_document.uri
    # A notebook cell's diagnostics are pushed (see ``server/notebooks.py``).
    if not ls.features.pull_diagnostics or uri in ls.pushed_only:
        return types.RelatedFullDocumentDiagnosticReport(items=[])
    result_id = ls.result_ids.get(uri, "0")
    if params.previous_result_id == result_id:
        return types.RelatedUnchangedDocumentDiagnosticReport(result_id=result_id)
    items = ls.published.get(uri, (None, []))[1]
    return types.RelatedFullDocumentDiagnosticReport(items=items, result_id=result_id)


def register(server: JaxErrServer) -> None:
    server.command(INGEST_OUTPUT)(ingest_output)
    server.command(CLEAR_DIAGNOSTICS)(clear_diagnostics)
    server.feature(types.TEXT_DOCUMENT_DID_OPEN)(did_open)
    server.feature(types.TEXT_DOCUMENT_DID_CHANGE)(did_change)
    server.feature(types.TEXT_DOCUMENT_DID_CLOSE)(did_close)
    server.feature(
        types.TEXT_DOCUMENT_DIAGNOSTIC,
        types.DiagnosticOptions(
            identifier="jaxerr", inter_file_dependencies=False, workspace_diagnostics=False
        ),
    )(document_diagnostic)
