"""Hover: the record behind a jaxerr diagnostic, and the docs of the JAX API under the cursor."""

from __future__ import annotations

from functools import partial
from typing import TYPE_CHECKING

from lsprotocol import types

from jaxerr_ls.render import record_markdown, record_text
from jaxerr_ls.server.app import JaxErrServer
from jaxerr_ls.server.pacing import LatestOnly

if TYPE_CHECKING:
    from jaxerr_ls.records import Record


def _contains(range_: types.Range, position: types.Position) -> bool:
    start, end = range_.start, range_.end
    after_start = (position.line, position.character) >= (start.line, start.character)
    before_end = (position.line, position.character) <= (end.line, end.character)
    return after_start and before_end


def records_at(ls: JaxErrServer, uri: str, position: types.Position) -> list[Record]:
    """The records of the jaxerr diagnostics on this document that cover the position."""
    found: list[Record] = []
    for diagnostic in ls.published.get(uri, (None, []))[1]:
        data = diagnostic.data if isinstance(diagnostic.data, dict) else {}
        record = ls.records_by_id.get(data.get("recordId") or "")
        if record is not None and record not in found and _contains(diagnostic.range, position):
            found.append(record)
    return found


def register(server: JaxErrServer) -> None:
    # Hovers over one document that pile up behind a slow one are answered with None, not run.
    latest: LatestOnly[str] = LatestOnly(server.hover_pool)

    @server.feature(types.TEXT_DOCUMENT_HOVER)
    async def hover(ls: JaxErrServer, params: types.HoverParams) -> types.Hover | None:
        uri, position = params.text_document.uri, params.position
        markdown = ls.markup == types.MarkupKind.Markdown
        parts = [
            record_markdown(record) if markdown else record_text(record)
            for record in records_at(ls, uri, position)
        ]
        api = await latest.run(uri, partial(ls.api_hover, uri, position, markdown))
        if api is not None:
            parts.append(api)
        if not parts:
            return None
        separator = "\n---\n\n" if markdown else "\n" + "-" * 40 + "\n\n"
        return types.Hover(
            contents=types.MarkupContent(
                kind=types.MarkupKind.Markdown if markdown else types.MarkupKind.PlainText,
                value=separator.join(parts),
            )
        )
