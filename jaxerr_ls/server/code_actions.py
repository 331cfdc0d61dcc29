"""Code actions: each record's example fix as a real edit, the record's docs, and fix-all."""

from __future__ import annotations

import hashlib
from collections.abc import Sequence
from pathlib import Path
from typing import TYPE_CHECKING, Any

from lsprotocol import types

from jaxerr_ls.server.app import JaxErrServer
from jaxerr_ls.server.convert import SOURCE, to_uri

if TYPE_CHECKING:
    from jaxerr_ls.fixes import Fix

OPEN_DOCS = "jaxerr.openDocs"
FIX_ALL_KIND = f"{types.CodeActionKind.SourceFixAll.value}.jaxerr"


def _wanted(only: Sequence[str] | None, kind: str) -> bool:
    """Whether ``context.only`` asks for this kind (a kind covers its sub-kinds)."""
    if not only:
        return True
    return any(kind == wanted or kind.startswith(wanted + ".") for wanted in only)


def workspace_edit(ls: JaxErrServer, fix: Fix) -> types.WorkspaceEdit:
    """The fix's edits, each bound to the version of the document it was computed for."""
    by_uri: dict[str, list[types.TextEdit]] = {}
    for edit in fix.edits:
        by_uri.setdefault(to_uri(Path(edit.path)), []).append(
            types.TextEdit(
                range=types.Range(
                    start=types.Position(line=edit.line - 1, character=edit.col),
                    end=types.Position(line=edit.end_line - 1, character=edit.end_col),
                ),
                new_text=edit.new_text,
            )
        )
    changes: list[types.TextDocumentEdit] = []
    for uri, edits in by_uri.items():
        version = None
        if uri in ls.workspace.text_documents:
            version = ls.workspace.get_text_document(uri).version
        changes.append(
            types.TextDocumentEdit(
                text_document=types.OptionalVersionedTextDocumentIdentifier(
                    uri=uri, version=version
                ),
                edits=list(edits),
            )
        )
    return types.WorkspaceEdit(document_changes=list(changes))


def fix_key(fix: Fix) -> str:
    """Names one fix among those a diagnostic has: its title and edits, hashed."""
    digest = hashlib.sha256(repr((fix.title, fix.code, fix.edits)).encode("utf-8"))
    return digest.hexdigest()[:32]


def versions(ls: JaxErrServer, fix: Fix) -> dict[str, int | None]:
    """The version of every document the fix edits (None for one that is not open)."""
    found: dict[str, int | None] = {}
    for edit in fix.edits:
        uri = to_uri(Path(edit.path))
        open_document = ls.workspace.text_documents.get(uri)
        found[uri] = open_document.version if open_document is not None else None
    return found


def _jaxerr_diagnostics(context: types.CodeActionContext) -> list[types.Diagnostic]:
    return [d for d in context.diagnostics if d.source == SOURCE and isinstance(d.data, dict)]


def register(server: JaxErrServer) -> None:
    @server.feature(
        types.TEXT_DOCUMENT_CODE_ACTION,
        types.CodeActionOptions(
            code_action_kinds=[types.CodeActionKind.QuickFix, FIX_ALL_KIND],
            resolve_provider=True,
        ),
    )
    def code_action(
        ls: JaxErrServer, params: types.CodeActionParams
    ) -> list[types.CodeAction] | None:
        uri = params.text_document.uri
        only = params.context.only
        actions: list[types.CodeAction] = []
        fix_all: list[Fix] = []
        for diagnostic in _jaxerr_diagnostics(params.context):
            data: dict[str, Any] = dict(diagnostic.data or {})
            code = str(diagnostic.code)
            fixes = ls.fixes_for(data)
            if _wanted(only, types.CodeActionKind.QuickFix):
                for fix in fixes:
                    action = types.CodeAction(
                        title=f"jaxerr ({code}): {fix.title}",
                        kind=types.CodeActionKind.QuickFix,
                        diagnostics=[diagnostic],
                        is_preferred=fix.preferred or None,
                        data={
                            **data,
                            "uri": uri,
                            "fix": fix_key(fix),
                            "versions": versions(ls, fix),
                        },
                    )
                    if not ls.resolves_edits:
                        action.edit = workspace_edit(ls, fix)
                        action.data = None
                    actions.append(action)
                url = ls.record_link(data)
                if url is not None:
                    actions.append(
                        types.CodeAction(
                            title=f"jaxerr ({code}): Open documentation for {code}",
                            kind=types.CodeActionKind.QuickFix,
                            diagnostics=[diagnostic],
                            command=types.Command(
                                title=f"Open documentation for {code}",
                                command=OPEN_DOCS,
                                arguments=[url],
                            ),
                        )
                    )
            fix_all.extend(fix for fix in fixes if fix.preferred or len(fixes) == 1)
        if fix_all and _wanted(only, FIX_ALL_KIND):
            merged = ls.merge_fixes(fix_all)
            if merged is not None:
                actions.append(
                    types.CodeAction(
                        title="jaxerr: Fix all automatically fixable JAX errors",
                        kind=FIX_ALL_KIND,
                        edit=workspace_edit(ls, merged),
                    )
                )
        return actions or None

    @server.feature(types.CODE_ACTION_RESOLVE)
    def resolve_code_action(ls: JaxErrServer, action: types.CodeAction) -> types.CodeAction:
        data = action.data if isinstance(action.data, dict) else None
        if data is None or action.edit is not None:
            return action
        offered = data.get("versions")
        if not isinstance(offered, dict):
            return action
        # The very fix that was offered, and only while no document it edits has changed:
        # no edit rather than a stale one or another fix's.
        for fix in ls.fixes_for(data):
            if fix_key(fix) == data.get("fix") and versions(ls, fix) == offered:
                action.edit = workspace_edit(ls, fix)
        return action

    @server.command(OPEN_DOCS)
    async def open_docs(ls: JaxErrServer, *args: Any) -> None:
        if len(args) != 1 or not isinstance(args[0], str) or not args[0].startswith("https://"):
            raise ValueError("jaxerr.openDocs takes one https link")
        await ls.window_show_document_async(
            types.ShowDocumentParams(uri=args[0], external=True, take_focus=True)
        )
