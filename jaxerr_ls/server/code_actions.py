"""Code actions: each record's fix as a real edit, the record's docs, and fix-all."""

from __future__ import annotations

import hashlib
import json
from collections.abc import Sequence
from typing import Any

from lsprotocol import types

from jaxerr_ls.fixes import Applicability, Fix
from jaxerr_ls.payload import DiagnosticData, from_json
from jaxerr_ls.server.app import JaxErrServer
from jaxerr_ls.server.convert import SOURCE, path_of, to_range, to_uri
from jaxerr_ls.spans import Edit

OPEN_DOCS = "jaxerr.openDocs"
FIX_ALL_KIND = f"{types.CodeActionKind.SourceFixAll.value}.jaxerr"


def _wanted(only: Sequence[str] | None, kind: str) -> bool:
    """Whether ``context.only`` asks for this kind (a kind covers its sub-kinds)."""
    if not only:
        return True
    return any(kind == wanted or kind.startswith(wanted + ".") for wanted in only)


def fix_id(fix: Fix) -> str:
    """What tells one fix from another: its title and its edits, as computed."""
    edits = [
        (str(e.path), e.span.line, e.span.col, e.span.end_line, e.span.end_col, e.new_text)
        for e in fix.edits
    ]
    digest = hashlib.sha256(json.dumps([fix.title, edits]).encode("utf-8"))
    return digest.hexdigest()[:32]


# The version of a document that is not open. Not null: a client may drop null values from
# the action's data it sends back (Neovim's Lua tables cannot hold nil).
NOT_OPEN = -1


def document_versions(ls: JaxErrServer, fix: Fix) -> dict[str, int]:
    """The version of every document the fix edits (``NOT_OPEN``: the file on disk)."""
    uris = dict.fromkeys(to_uri(edit.path) for edit in fix.edits)
    versions = {uri: ls.documents.version(uri) for uri in uris}
    return {uri: NOT_OPEN if version is None else version for uri, version in versions.items()}


def workspace_edit(ls: JaxErrServer, fix: Fix) -> types.WorkspaceEdit:
    """The fix's edits, each bound to the version of the document it was computed for."""
    by_path: dict[str, list[Edit]] = {}
    for edit in fix.edits:
        by_path.setdefault(str(edit.path), []).append(edit)
    codec = ls.workspace.position_codec
    changes: list[types.TextDocumentEdit] = []
    for edits in by_path.values():
        path = edits[0].path
        uri = to_uri(path)
        lines = ls.documents.lines(path)
        changes.append(
            types.TextDocumentEdit(
                text_document=types.OptionalVersionedTextDocumentIdentifier(
                    uri=uri, version=ls.documents.version(uri)
                ),
                edits=[
                    types.TextEdit(range=to_range(e.span, lines, codec), new_text=e.new_text)
                    for e in edits
                ],
            )
        )
    return types.WorkspaceEdit(document_changes=list(changes))


def merge_fixes(fixes: list[Fix]) -> Fix | None:
    """One fix doing every fix of ``fixes`` that overlaps none taken before it."""
    taken: list[Edit] = []
    for fix in fixes:
        if not any(edit.span.overlaps(other.span) for edit in fix.edits for other in taken):
            taken.extend(fix.edits)
    if not taken:
        return None
    return Fix(title="Fix all", code="jaxerr", edits=tuple(taken))


def _jaxerr_diagnostics(
    context: types.CodeActionContext,
) -> list[tuple[types.Diagnostic, DiagnosticData]]:
    found = []
    for diagnostic in context.diagnostics:
        data = from_json(diagnostic.data) if diagnostic.source == SOURCE else None
        if data is not None:
            found.append((diagnostic, data))
    return found


def code_action(ls: JaxErrServer, params: types.CodeActionParams) -> list[types.CodeAction] | None:
    only = params.context.only
    actions: list[types.CodeAction] = []
    fix_all: list[Fix] = []
    for diagnostic, data in _jaxerr_diagnostics(params.context):
        code = str(diagnostic.code)
        fixes = ls.fixes_for(data)
        if _wanted(only, types.CodeActionKind.QuickFix):
            for fix in fixes:
                action = types.CodeAction(
                    title=f"jaxerr ({code}): {fix.title}",
                    kind=types.CodeActionKind.QuickFix,
                    diagnostics=[diagnostic],
                    is_preferred=fix.preferred or None,
                )
                if ls.features.resolves_edits:
                    action.data = {
                        "fix": fix_id(fix),
                        "versions": document_versions(ls, fix),
                        "diagnostic": diagnostic.data,
                    }
                else:
                    action.edit = workspace_edit(ls, fix)
                actions.append(action)
            record = ls.record(data.record_id, path_of(params.text_document.uri))
            if record is not None and record.github_url:
                actions.append(
                    types.CodeAction(
                        title=f"jaxerr ({code}): Open documentation for {code}",
                        kind=types.CodeActionKind.QuickFix,
                        diagnostics=[diagnostic],
                        command=types.Command(
                            title=f"Open documentation for {code}",
                            command=OPEN_DOCS,
                            arguments=[record.github_url],
                        ),
                    )
                )
        # The culprit's diagnostic carries the same fixes as its error's: counted once.
        if data.role == "error":
            fix_all.extend(
                fix
                for fix in fixes
                if fix.applicability == Applicability.SAFE and (fix.preferred or len(fixes) == 1)
            )
    if fix_all and _wanted(only, FIX_ALL_KIND):
        merged = merge_fixes(fix_all)
        if merged is not None:
            actions.append(
                types.CodeAction(
                    title="jaxerr: Fix all automatically fixable JAX errors",
                    kind=FIX_ALL_KIND,
                    edit=workspace_edit(ls, merged),
                )
            )
    return actions or None


def resolve_code_action(ls: JaxErrServer, action: types.CodeAction) -> types.CodeAction:
    """The edit of the very fix that was offered, or none: a document it edits changed since,
    or the fix computed now is another one."""
    raw: Any = action.data
    if action.edit is not None or not isinstance(raw, dict):
        return action
    data = from_json(raw.get("diagnostic"))
    versions = raw.get("versions")
    if data is None or not isinstance(versions, dict) or not versions:
        return action
    for fix in ls.fixes_for(data):
        # The very fix offered, while no document it edits has changed since.
        if fix_id(fix) == raw.get("fix") and document_versions(ls, fix) == versions:
            action.edit = workspace_edit(ls, fix)
            break
    return action


async def open_docs(ls: JaxErrServer, *args: Any) -> None:
    if len(args) != 1 or not isinstance(args[0], str) or not args[0].startswith("https://"):
        raise ValueError("jaxerr.openDocs takes one https link")
    await ls.window_show_document_async(
        types.ShowDocumentParams(uri=args[0], external=True, take_focus=True)
    )


def register(server: JaxErrServer) -> None:
    server.feature(
        types.TEXT_DOCUMENT_CODE_ACTION,
        types.CodeActionOptions(
            code_action_kinds=[types.CodeActionKind.QuickFix, FIX_ALL_KIND],
            resolve_provider=True,
        ),
    )(code_action)
    server.feature(types.CODE_ACTION_RESOLVE)(resolve_code_action)
    server.command(OPEN_DOCS)(open_docs)
