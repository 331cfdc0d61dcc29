"""Start-up and configuration: initialization options, client features, the settings of the
session and of each workspace folder, and workspace folders added or removed."""

from __future__ import annotations

import asyncio
import logging

from lsprotocol import types

from jaxerr_ls.server.app import JaxErrServer
from jaxerr_ls.server.capabilities import ClientFeatures
from jaxerr_ls.settings import Settings

log = logging.getLogger(__name__)
SECTION = "jaxerr"
# A client that never answers a configuration request must not stop the server from watching.
CONFIGURATION_TIMEOUT = 10.0


def initialize(ls: JaxErrServer, params: types.InitializeParams) -> None:
    ls.features = ClientFeatures.of(params.capabilities)
    ls.apply_settings(params.initialization_options)
    ls.load_api_docs()


async def ask_configuration(ls: JaxErrServer, *, session: bool) -> bool:
    """Ask the client for each workspace folder's settings (``scopeUri``), and with ``session``
    for the unscoped ones first; apply what it answers. False when it cannot be asked (or
    gave no usable answer)."""
    if not ls.features.configuration:
        return False
    folders = ls.workspace_folders()
    items = [types.ConfigurationItem(section=SECTION)] if session else []
    items += [types.ConfigurationItem(scope_uri=uri, section=SECTION) for uri in folders.values()]
    if not items:
        return False
    try:
        answer = await asyncio.wait_for(
            ls.workspace_configuration_async(types.ConfigurationParams(items=items)),
            CONFIGURATION_TIMEOUT,
        )
    except Exception:  # an error response, or no answer in time: the settings stay as they are
        log.warning("the client did not answer workspace/configuration", exc_info=True)
        return False
    if not isinstance(answer, list | tuple) or len(answer) != len(items):
        log.warning("workspace/configuration: expected %d answers, got %r", len(items), answer)
        return False
    if session:
        ls.apply_settings(answer[0], base=Settings())
        answer = answer[1:]
    ls.apply_folder_settings(dict(zip(folders, answer, strict=True)))
    return True


async def initialized(ls: JaxErrServer, params: types.InitializedParams) -> None:
    ls.configuring = asyncio.ensure_future(ask_configuration(ls, session=False))
    await ls.configuring
    ls.restart_watching()


async def did_change_configuration(
    ls: JaxErrServer, params: types.DidChangeConfigurationParams
) -> None:
    raw = params.settings
    if raw:
        ls.apply_settings(raw, base=Settings())
    # A client that sends an empty notification expects the server to ask; one that pushes
    # its settings may still hold other values for some folders.
    await ask_configuration(ls, session=not raw)
    ls.restart_watching()


async def did_change_workspace_folders(
    ls: JaxErrServer, params: types.DidChangeWorkspaceFoldersParams
) -> None:
    # pygls has already added and removed the folders; a removed one's settings go with it.
    current = ls.workspace_folders()
    ls.folder_settings = {
        folder: settings for folder, settings in ls.folder_settings.items() if folder in current
    }
    if not await ask_configuration(ls, session=False):
        ls.settings_changed()
    ls.restart_watching()


def register(server: JaxErrServer) -> None:
    server.feature(types.INITIALIZE)(initialize)
    server.feature(types.INITIALIZED)(initialized)
    server.feature(types.WORKSPACE_DID_CHANGE_CONFIGURATION)(did_change_configuration)
    server.feature(types.WORKSPACE_DID_CHANGE_WORKSPACE_FOLDERS)(did_change_workspace_folders)
