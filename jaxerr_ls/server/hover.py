"""Hover: the record behind a jaxerr diagnostic, and the docs of the JAX API under the cursor."""

from __future__ import annotations

from functools import partial

from lsprotocol import types

from jaxerr_ls.apidocs import api_doc_markdown, api_doc_plaintext
from jaxerr_ls.hover import api_at
from jaxerr_ls.payload import from_json
from jaxerr_ls.records import Record
from jaxerr_ls.render import record_markdown, record_text
from jaxerr_ls.server.app import JaxErrServer
from jaxerr_ls.server.convert import path_of


def _contains(range_: types.Range, position: types.Position) -> bool:
    start, end = range_.start, range_.end
    after_start = (position.line, position.character) >= (start.line, start.character)
    before_end = (position.line, position.character) <= (end.line, end.character)
    return after_start and before_end


def records_at(ls: JaxErrServer, uri: str, position: types.Position) -> list[Record]:
    """The records of the jaxerr diagnostics on this document that cover the position."""
    found: list[Record] = []
    path = path_of(uri)
    for diagnostic in ls.published.get(uri, (None, []))[1]:
        data = from_json(diagnostic.data)
        record = ls.record(data.record_id, path) if data is not None else None
        if record is not None and record not in found and _contains(diagnostic.range, position):
            found.append(record)
    return found


def api_hover(ls: JaxErrServer, uri: str, position: types.Position, markdown: bool) -> str | None:
    """The docs of the JAX autodiff API at a position, rendered, or None (runs off the loop)."""
    if uri not in ls.workspace.text_documents:
        return None
    document = ls.workspace.get_text_document(uri)
    where = ls.workspace.position_codec.position_from_client_units(document.lines, position)
    path = path_of(uri)
    python = ls.jedi_python(path)
    folder = ls.workspace_folder_of(path) or ls.root
    hit = api_at(
        document.source,
        where.line,
        where.character,
        path=document.path,
        docs=ls.api_docs,
        environment=python.environment,
        site_packages=python.site_packages,
        project_root=str(folder) if folder is not None else None,
    )
    if hit is None:
        return None
    records = ls.catalog_for(path).records
    return api_doc_markdown(hit.doc, records) if markdown else api_doc_plaintext(hit.doc, records)


async def hover(ls: JaxErrServer, params: types.HoverParams) -> types.Hover | None:
    uri, position = params.text_document.uri, params.position
    markdown = ls.features.markup == types.MarkupKind.Markdown
    parts = [
        record_markdown(record) if markdown else record_text(record)
        for record in records_at(ls, uri, position)
    ]
    # A hover still queued when a newer one of its document arrives gives None, unrun.
    api = await ls.latest_hover.run(uri, partial(api_hover, ls, uri, position, markdown))
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


def register(server: JaxErrServer) -> None:
    server.feature(types.TEXT_DOCUMENT_HOVER)(hover)
