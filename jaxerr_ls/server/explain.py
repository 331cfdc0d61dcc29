"""Explaining error text the user selected or pasted: the ``jaxerr.explainText`` command."""

from __future__ import annotations

from typing import Any

from jaxerr_ls.explaining import best_explained
from jaxerr_ls.render import record_markdown
from jaxerr_ls.server.app import JaxErrServer

EXPLAIN_TEXT = "jaxerr.explainText"


def explain_text(ls: JaxErrServer, *args: Any) -> dict[str, Any] | None:
    """The record that best explains ``{"text": str}``: its code, one-line meaning, score and
    the whole record as markdown; None when no record matches."""
    raw = args[0] if len(args) == 1 else None
    if not isinstance(raw, dict) or not isinstance(raw.get("text"), str):
        raise ValueError('jaxerr.explainText takes one object: {"text": str}')
    found = best_explained(ls.catalog, raw["text"])
    if found is None or found.match is None:
        return None
    record = found.match.record
    return {
        "code": record.code,
        "title": record.summary,
        "score": round(found.match.score, 4),
        "markdown": record_markdown(record),
    }


def register(server: JaxErrServer) -> None:
    server.command(EXPLAIN_TEXT)(explain_text)
