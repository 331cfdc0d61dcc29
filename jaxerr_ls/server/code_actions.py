"""Code actions: each record's fix as a real edit (alone, or followed by a re-run of what
failed), its preview where no edit is safe, the record's docs, and fix-all."""

from __future__ import annotations

import hashlib
import json
import shlex
from collections.abc import Sequence
from typing import Any

from lsprotocol import types

from jaxerr_ls.fixes import Applicability, Fix
from jaxerr_ls.fixes.show import enclosing_function, fix_diff, show_fix
from jaxerr_ls.fixes.source import Source
from jaxerr_ls.payload import DiagnosticData, from_json
from jaxerr_ls.reruns import Rerun
from jaxerr_ls.server.app import JaxErrServer
from jaxerr_ls.server.convert import SOURCE, path_of, to_range, to_uri
from jaxerr_ls.spans import Edit

OPEN_DOCS = "jaxerr.openDocs"
# Run by the client (a terminal), never by the server: not advertised (see protocol.py).
RERUN = "jaxerr.rerun"
SHOW_FIX = "jaxerr.showFix"
# Actions that make no edit (a preview, a link): not of kind quickfix, which promises an edit.
INFO_KIND = types.CodeActionKind.Empty
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


def _fix_action(
    ls: JaxErrServer,
    fix: Fix,
    diagnostic: types.Diagnostic,
    title: str,
    *,
    preferred: bool = True,
) -> types.CodeAction:
    """A quick fix's action: its edit, or what finds it again in ``codeAction/resolve``."""
    action = types.CodeAction(
        title=title,
        kind=types.CodeActionKind.QuickFix,
        diagnostics=[diagnostic],
        is_preferred=(preferred and fix.preferred) or None,
    )
    if ls.features.resolves_edits:
        action.data = {
            "fix": fix_id(fix),
            "versions": document_versions(ls, fix),
            "diagnostic": diagnostic.data,
        }
    else:
        action.edit = workspace_edit(ls, fix)
    return action


def rerun_command(rerun: Rerun) -> types.Command:
    """The client-side command that runs ``rerun`` in the user's terminal."""
    argument = {"argv": list(rerun.argv), "cwd": str(rerun.cwd), "label": rerun.label}
    return types.Command(title=f"Re-run {rerun.label}", command=RERUN, arguments=[argument])


def code_action(ls: JaxErrServer, params: types.CodeActionParams) -> list[types.CodeAction] | None:
    only = params.context.only
    uri = params.text_document.uri
    actions: list[types.CodeAction] = []
    fix_all: list[Fix] = []
    for diagnostic, data in _jaxerr_diagnostics(params.context):
        code = str(diagnostic.code)
        fixes = ls.fixes_for(data)
        if _wanted(only, types.CodeActionKind.QuickFix):
            for fix in fixes:
                actions.append(_fix_action(ls, fix, diagnostic, f"jaxerr ({code}): {fix.title}"))
                if data.rerun is not None:
                    title = f"jaxerr ({code}): Apply and re-run {data.rerun.label}: {fix.title}"
                    action = _fix_action(ls, fix, diagnostic, title, preferred=False)
                    action.command = rerun_command(data.rerun)
                    actions.append(action)
        record = ls.record(data.record_id, path_of(uri))
        if record is not None and _wanted(only, INFO_KIND):
            actions.extend(_info_actions(diagnostic, uri, record.code, record.github_url, fixes))
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


def _info_actions(
    diagnostic: types.Diagnostic, uri: str, code: str, docs: str | None, fixes: list[Fix]
) -> list[types.CodeAction]:
    """The fix's preview where no fix is safe to apply, and the record's documentation."""
    commands = []
    if not any(fix.applicability == Applicability.SAFE for fix in fixes):
        argument = {"code": code, "uri": uri, "line": diagnostic.range.start.line}
        commands.append(
            types.Command(title=f"Show the fix for {code}", command=SHOW_FIX, arguments=[argument])
        )
    if docs:
        # The code lets a client show the record itself (the VS Code extension does); others
        # open the link.
        commands.append(
            types.Command(
                title=f"Open documentation for {code}", command=OPEN_DOCS, arguments=[docs, code]
            )
        )
    return [
        types.CodeAction(
            title=f"jaxerr ({code}): {command.title}",
            kind=INFO_KIND,
            diagnostics=[diagnostic],
            command=command,
        )
        for command in commands
    ]


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
    if (
        not 1 <= len(args) <= 2
        or not isinstance(args[0], str)
        or not args[0].startswith("https://")
    ):
        raise ValueError("jaxerr.openDocs takes an https link (and the record's code)")
    await ls.window_show_document_async(
        types.ShowDocumentParams(uri=args[0], external=True, take_focus=True)
    )


def rerun(ls: JaxErrServer, *args: Any) -> dict[str, str]:
    """What a client that cannot run ``jaxerr.rerun`` itself gets: the command line to run,
    also shown. The server never runs a program of the workspace."""
    raw = args[0] if len(args) == 1 else None
    argv = raw.get("argv") if isinstance(raw, dict) else None
    cwd = raw.get("cwd") if isinstance(raw, dict) else None
    if (
        not isinstance(argv, list)
        or not argv
        or not all(isinstance(word, str) for word in argv)
        or not isinstance(cwd, str)
    ):
        raise ValueError('jaxerr.rerun takes one object: {"argv": [str, ...], "cwd": str}')
    command_line = shlex.join(argv)
    ls.window_show_message(
        types.ShowMessageParams(
            type=types.MessageType.Info,
            message=f"jaxerr-ls: to re-run it, run in {cwd}: {command_line}",
        )
    )
    return {"commandLine": command_line, "cwd": cwd}


class ShowFixRequest:
    """The one argument of ``jaxerr.showFix``, checked: a record's code, a document, and the
    0-based line of its diagnostic."""

    def __init__(self, raw: Any) -> None:
        if (
            not isinstance(raw, dict)
            or not isinstance(raw.get("code"), str)
            or not isinstance(raw.get("uri"), str)
            or not isinstance(raw.get("line"), int)
            or isinstance(raw.get("line"), bool)
            or raw["line"] < 0
        ):
            raise ValueError(
                'jaxerr.showFix takes one object: {"code": str, "uri": str, "line": int >= 0}'
            )
        self.code: str = raw["code"]
        self.uri: str = raw["uri"]
        self.line: int = raw["line"]


def show_fix_command(ls: JaxErrServer, *args: Any) -> dict[str, str]:
    """The record's fix as markdown: the fixes computed on the user's code that are not safe
    to apply blindly, and the record's example in the names of the user's function."""
    if len(args) != 1:
        raise ValueError("jaxerr.showFix takes exactly one argument")
    request = ShowFixRequest(args[0])
    record = ls.record(request.code)
    if record is None:
        raise ValueError(f"jaxerr.showFix: no record has the code {request.code!r}")
    data = _published_data(ls, request)
    path = path_of(request.uri)
    line = request.line + 1
    fixes = ls.fixes_for(data) if data is not None else []
    if data is not None and data.target is not None and data.target.culprits:
        # The function to fit the example to is the rule at fault, not the failing call.
        culprit = data.target.culprits[0].span
        path, line = culprit.path, culprit.line
    source = Source.parse(path, ls.documents.text(path)) if path is not None else None
    user = enclosing_function(source, line) if source is not None else None
    texts = {p: t for p in {e.path for f in fixes for e in f.edits} if (t := ls.documents.text(p))}
    unsafe = [
        (fix, diff)
        for fix in fixes
        if fix.applicability != Applicability.SAFE
        and (diff := fix_diff(fix, texts, ls.root)) is not None
    ]
    shown = show_fix(record, user, unsafe)
    return {"title": shown.title, "markdown": shown.markdown}


def _published_data(ls: JaxErrServer, request: ShowFixRequest) -> DiagnosticData | None:
    """The payload of the diagnostic of this code on this line, if one is published."""
    _, diagnostics = ls.published.get(request.uri, (None, []))
    for diagnostic in diagnostics:
        if (
            str(diagnostic.code) == request.code
            and diagnostic.range.start.line <= request.line <= diagnostic.range.end.line
        ):
            data = from_json(diagnostic.data) if diagnostic.source == SOURCE else None
            if data is not None:
                return data
    return None


def register(server: JaxErrServer) -> None:
    server.feature(
        types.TEXT_DOCUMENT_CODE_ACTION,
        types.CodeActionOptions(
            code_action_kinds=[types.CodeActionKind.QuickFix, INFO_KIND, FIX_ALL_KIND],
            resolve_provider=True,
        ),
    )(code_action)
    server.feature(types.CODE_ACTION_RESOLVE)(resolve_code_action)
    server.command(OPEN_DOCS)(open_docs)
    server.command(RERUN)(rerun)
    server.command(SHOW_FIX)(show_fix_command)
