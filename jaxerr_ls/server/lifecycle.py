"""Start-up and configuration: initialization options, client features, settings changes."""

from __future__ import annotations

from lsprotocol import types

from jaxerr_ls.server.app import JaxErrServer
from jaxerr_ls.server.capabilities import ClientFeatures
from jaxerr_ls.settings import Settings


def initialize(ls: JaxErrServer, params: types.InitializeParams) -> None:
    ls.features = ClientFeatures.of(params.capabilities)
    ls.apply_settings(params.initialization_options)
    ls.load_api_docs()


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


def register(server: JaxErrServer) -> None:
    server.feature(types.INITIALIZE)(initialize)
    server.feature(types.WORKSPACE_DID_CHANGE_CONFIGURATION)(did_change_configuration)
