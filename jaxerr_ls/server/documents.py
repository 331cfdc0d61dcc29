"""A file's text as the user sees it: the open editor's buffer, else the file on disk."""

from __future__ import annotations

from collections.abc import Sequence
from pathlib import Path
from typing import TYPE_CHECKING

from pygls.uris import from_fs_path

if TYPE_CHECKING:
    from pygls.lsp.server import LanguageServer


class Documents:
    """The one reader of source text for the server's features."""

    def __init__(self, server: LanguageServer) -> None:
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
        """The text of ``path``: the open document's, else the file's; None if unreadable."""
        uri = self._open(path)
        if uri is not None:
            source: str = self._server.workspace.get_text_document(uri).source
            return source
        try:
            return path.read_text(encoding="utf-8", errors="replace")
        except OSError:
            return None

    def lines(self, path: Path) -> Sequence[str] | None:
        """The lines of ``text(path)``, without their line ends."""
        uri = self._open(path)
        if uri is not None:
            return [
                line.rstrip("\r\n") for line in self._server.workspace.get_text_document(uri).lines
            ]
        return self.disk_lines(path)

    @staticmethod
    def disk_lines(path: Path) -> list[str] | None:
        """The lines of the file on disk, whatever an editor holds."""
        try:
            return path.read_text(encoding="utf-8", errors="replace").splitlines()
        except OSError:
            return None

    def version(self, uri: str) -> int | None:
        """The version of an open document; None when it is not open."""
        if self._server.protocol._workspace is None:
            return None
        if uri not in self._server.workspace.text_documents:
            return None
        version: int | None = self._server.workspace.get_text_document(uri).version
        return version
