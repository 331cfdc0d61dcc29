"""The language server: pygls glue around the core, one module per LSP feature."""

from jaxerr_ls.server.app import JaxErrServer, create_server

__all__ = ["JaxErrServer", "create_server"]
