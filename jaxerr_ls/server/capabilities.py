"""What the client can do, read once from its capabilities at ``initialize``."""

from __future__ import annotations

from dataclasses import dataclass

from lsprotocol import types


@dataclass(frozen=True, slots=True)
class ClientFeatures:
    """The client's capabilities that change what the server sends."""

    # Open documents' diagnostics go by pull: only to a client that can also be told to pull
    # again (refresh), or findings from a run would not show until the next edit.
    pull_diagnostics: bool = False
    # Hovers and records as markdown, unless the client only shows plain text.
    markup: types.MarkupKind = types.MarkupKind.Markdown
    # A code action's edit is computed lazily, in codeAction/resolve.
    resolves_edits: bool = False
    # File watchers can be registered (else watched files are polled).
    watches_files: bool = False
    # The client's own command that shows a record (the VS Code extension declares
    # ``experimental.jaxerr.showRecordCommand``): hovers link to it.
    show_record_command: str | None = None
    # The client answers workspace/configuration: each workspace folder's settings are asked.
    configuration: bool = False

    @classmethod
    def of(cls, capabilities: types.ClientCapabilities) -> ClientFeatures:
        text_document = capabilities.text_document
        workspace = capabilities.workspace
        pull = text_document is not None and text_document.diagnostic is not None
        refresh = bool(
            workspace is not None
            and workspace.diagnostics is not None
            and workspace.diagnostics.refresh_support
        )
        hover = text_document.hover if text_document else None
        formats = hover.content_format if hover is not None else None
        markup = types.MarkupKind.Markdown
        if formats and types.MarkupKind.Markdown not in formats:
            markup = types.MarkupKind.PlainText
        code_action = text_document.code_action if text_document else None
        resolve = code_action.resolve_support if code_action else None
        watched = workspace.did_change_watched_files if workspace else None
        experimental = capabilities.experimental
        ours = experimental.get("jaxerr") if isinstance(experimental, dict) else None
        show_record = ours.get("showRecordCommand") if isinstance(ours, dict) else None
        if not isinstance(show_record, str) or not show_record:
            show_record = None
        return cls(
            pull_diagnostics=pull and refresh,
            markup=markup,
            resolves_edits=resolve is not None and "edit" in resolve.properties,
            watches_files=bool(watched and watched.dynamic_registration),
            show_record_command=show_record,
            configuration=bool(workspace and workspace.configuration),
        )
