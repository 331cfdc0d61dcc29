"""Records on request: ``jaxerr.renderRecord`` renders one for the client to show."""

from __future__ import annotations

from typing import Any

from jaxerr_ls.render import record_markdown
from jaxerr_ls.server.app import JaxErrServer

RENDER_RECORD = "jaxerr.renderRecord"


def render_record(ls: JaxErrServer, *args: Any) -> str | None:
    """The record with this code (or id) as Markdown, or None when there is none.

    The records are the server's own (curated, the team's folders, the generated set), so the
    client shows what the diagnostics were matched against, without a second Python process.
    """
    raw = args[0] if len(args) == 1 else None
    code = raw.get("code") if isinstance(raw, dict) else None
    if not isinstance(code, str) or not code:
        raise ValueError('jaxerr.renderRecord takes one object: {"code": str}')
    record = ls.record(code)
    return record_markdown(record) if record is not None else None


def register(server: JaxErrServer) -> None:
    server.command(RENDER_RECORD)(render_record)
