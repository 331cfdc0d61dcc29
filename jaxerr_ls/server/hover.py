"""Hover: the record behind a jaxerr diagnostic, and the docs of the JAX API under the cursor."""

from __future__ import annotations

import json
from functools import partial
from urllib.parse import quote

from lsprotocol import types

from jaxerr_ls.apidocs import api_doc_markdown, api_doc_plaintext
from jaxerr_ls.culprits import Culprit
from jaxerr_ls.payload import DiagnosticData, from_json
from jaxerr_ls.render import record_brief
from jaxerr_ls.server.app import JaxErrServer
from jaxerr_ls.server.convert import path_of, to_range, to_uri
from jaxerr_ls.tracking import Placed


def _contains(range_: types.Range, position: types.Position) -> bool:
    start, end = range_.start, range_.end
    after_start = (position.line, position.character) >= (start.line, start.character)
    before_end = (position.line, position.character) <= (end.line, end.character)
    return after_start and before_end


def _placed(
    ls: JaxErrServer, uri: str, diagnostic: types.Diagnostic, data: DiagnosticData
) -> Placed | None:
    """The stored finding a published diagnostic shows: same record, same range."""
    path = path_of(uri)
    if path is None:
        return None
    lines = ls.documents.lines(path)
    codec = ls.workspace.position_codec
    for item in ls.store.for_path(path):
        match = item.finding.match
        same_record = match is not None and match.record.id == data.record_id
        if same_record and to_range(item.span, lines, codec) == diagnostic.range:
            return item
    return None


def _culprit_line(ls: JaxErrServer, culprit: Culprit) -> str:
    path = culprit.span.path
    root = ls.root
    shown = path.relative_to(root) if root is not None and path.is_relative_to(root) else path
    place = f"{culprit.description} ({shown}:{culprit.span.line})"
    return f"{place}: {culprit.why}" if culprit.why else place


def briefs_at(ls: JaxErrServer, uri: str, position: types.Position, markdown: bool) -> list[str]:
    """Each jaxerr diagnostic's record under the position, sized for a hover (see
    `record_brief`); the whole record is one link away. The message and culprits come from
    the stored finding (the diagnostic's payload carries neither)."""
    command = ls.features.show_record_command
    briefs: list[str] = []
    shown: set[str] = set()
    for diagnostic in ls.published.get(uri, (None, []))[1]:
        data = from_json(diagnostic.data)
        record = ls.record(data.record_id, path_of(uri)) if data is not None else None
        if data is None or record is None or record.id in shown:
            continue
        if not _contains(diagnostic.range, position):
            continue
        shown.add(record.id)
        link = None
        if command is not None:
            link = f"command:{command}?{quote(json.dumps([record.code]))}"
        item = _placed(ls, uri, diagnostic, data)
        if item is not None:
            message = item.finding.first_line
            culprits = [_culprit_line(ls, culprit) for culprit in item.finding.culprits]
        else:
            # A predicted error (lint) is not stored: its own message says it.
            message, culprits = diagnostic.message, []
        fixes = [fix.title for fix in ls.fixes_for(data)]
        briefs.append(record_brief(record, message, culprits, fixes, link, markdown=markdown))
    return briefs


def culprit_reasons_at(ls: JaxErrServer, uri: str, position: types.Position) -> list[str]:
    """Why each culprit diagnostic covering the position is the culprit, one sentence each."""
    found: list[str] = []
    for diagnostic in ls.published.get(uri, (None, []))[1]:
        data = from_json(diagnostic.data)
        if data is None or data.role != "culprit" or data.target is None:
            continue
        if not _contains(diagnostic.range, position):
            continue
        line = diagnostic.range.start.line + 1
        for culprit in data.target.culprits:
            here = culprit.span.line == line and to_uri(culprit.span.path) == uri
            if here and culprit.why and culprit.why not in found:
                found.append(culprit.why)
    return found


def api_hover(ls: JaxErrServer, uri: str, position: types.Position, markdown: bool) -> str | None:
    """The docs of the JAX autodiff API at a position, rendered, or None (runs off the loop)."""
    if uri not in ls.workspace.text_documents:
        return None
    document = ls.workspace.get_text_document(uri)
    where = ls.workspace.position_codec.position_from_client_units(document.lines, position)
    from jaxerr_ls.hover import api_at  # with parso, on the first hover

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
    # The errors the user has now come first in the API's list.
    current = {item.finding.code for item in ls.store.all()}
    if markdown:
        return api_doc_markdown(hit.doc, records, current)
    return api_doc_plaintext(hit.doc, records, current)


async def hover(ls: JaxErrServer, params: types.HoverParams) -> types.Hover | None:
    uri, position = params.text_document.uri, params.position
    markdown = ls.features.markup == types.MarkupKind.Markdown
    label = "**Culprit:** " if markdown else "Culprit: "
    parts = [label + why for why in culprit_reasons_at(ls, uri, position)]
    parts += briefs_at(ls, uri, position, markdown)
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
