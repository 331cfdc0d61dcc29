"""A file's text as the user sees it: the open editor's buffer, else the file on disk."""

from __future__ import annotations

from collections.abc import Sequence
from pathlib import Path
from typing import TYPE_CHECKING

from pygls.uris import from_fs_path

from jaxerr_ls.reading import inside, read_source_text

if TYPE_CHECKING:
    from jaxerr_ls.server.app import JaxErrServer


class Documents:
    """The one reader of source text for the server's features. It reads only regular files
    inside the workspace (symlinks resolved), of bounded size, whatever path a client names."""

    def __init__(self, server: JaxErrServer) -> None:
        self._server = server

    def _open(self, path: Path) -> str | None:
        """The uri of ``path`` when the client has it open."""
        if self._server.protocol._workspace is None:
            return None
        uri: str | None = from_fs_path(str(path))
        if uri is None or uri not in self._server.workspace.text_documents:
            return None
        return uri

    def text(self, path: Path) -> str | None:
        """The text of ``path``: the open document's, else the file's; None if unreadable or
        outside the workspace."""
        if inside(path, self._server.workspace_roots()) is None:
            return None
        uri = self._open(path)
        if uri is not None:
            source: str = self._server.workspace.get_text_document(uri).source
            return source
        return read_source_text(path, self._server.workspace_roots())

    def lines(self, path: Path) -> Sequence[str] | None:
        """The lines of ``text(path)``, without their line ends."""
        text = self.text(path)
        return None if text is None else text.splitlines()

    def disk_lines(self, path: Path) -> list[str] | None:
        """The lines of the file on disk, whatever an editor holds."""
        text = read_source_text(path, self._server.workspace_roots())
        return None if text is None else text.splitlines()

    def version(self, uri: str) -> int | None:
        """The version of an open document; None when it is not open."""
        if self._server.protocol._workspace is None:
            return None
        if uri not in self._server.workspace.text_documents:
            return None
        version: int | None = self._server.workspace.get_text_document(uri).version
        return version
