"""The language server: pygls glue around the core, one module per LSP feature."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    from jaxerr_ls.server.app import JaxErrServer, create_server

__all__ = ["JaxErrServer", "create_server"]


def __getattr__(name: str) -> Any:
    # Imported on first use: ``server.early`` answers initialize before pygls is imported.
    if name in __all__:
        from jaxerr_ls.server import app

        return getattr(app, name)
    raise AttributeError(f"module {__name__!r} has no attribute {name!r}")
