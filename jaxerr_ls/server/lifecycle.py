"""Start-up and configuration: initialization options, settings changes, diagnostics delivery."""

from __future__ import annotations

from lsprotocol import types

from jaxerr_ls.server.app import JaxErrServer
from jaxerr_ls.settings import Settings


def client_pulls(capabilities: types.ClientCapabilities) -> bool:
    """Whether open documents' diagnostics go by pull: only to a client that can be told to
    pull again (refresh), or findings from a run would not show until the next edit."""
    pull = capabilities.text_document is not None and capabilities.text_document.diagnostic
    refresh = (
        capabilities.workspace is not None
        and capabilities.workspace.diagnostics is not None
        and capabilities.workspace.diagnostics.refresh_support
    )
    return bool(pull and refresh)


def preferred_markup(capabilities: types.ClientCapabilities) -> types.MarkupKind:
    """Markdown unless the client's hover says it only shows plain text."""
    hover = capabilities.text_document.hover if capabilities.text_document else None
    formats = hover.content_format if hover is not None else None
    if formats and types.MarkupKind.Markdown not in formats:
        return types.MarkupKind.PlainText
    return types.MarkupKind.Markdown


def register(server: JaxErrServer) -> None:
    @server.feature(types.INITIALIZE)
    def initialize(ls: JaxErrServer, params: types.InitializeParams) -> None:
        ls.pull_mode = client_pulls(params.capabilities)
        ls.markup = preferred_markup(params.capabilities)
        ls.apply_settings(params.initialization_options)
        ls.load_api_docs()

    @server.feature(types.WORKSPACE_DID_CHANGE_CONFIGURATION)
    async def did_change_configuration(
        ls: JaxErrServer, params: types.DidChangeConfigurationParams
    ) -> None:
        raw = params.settings
        if not raw:
            # Clients that send an empty notification expect the server to ask.
            answer = await ls.workspace_configuration_async(
                types.ConfigurationParams(items=[types.ConfigurationItem(section="jaxerr")])
            )
            raw = answer[0] if answer else None
        ls.apply_settings(raw, base=Settings())
        ls.restart_watching()
