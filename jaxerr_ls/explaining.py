"""Which record explains a pasted error text: a traceback, an exception line or a bare message."""

from __future__ import annotations

import re
from dataclasses import dataclass

from jaxerr_ls.matching import Match, MessageMatcher

# How an exception class is spelled (``TypeError``, ``TracerBoolConversionError``).
CLASS_NAME_RE = re.compile(r"[A-Z][A-Za-z0-9_]*")
# "TypeError: message" (a lone exception line, as pasted) when no traceback is around it.
_EXCEPTION_LINE_RE = re.compile(r"\s*(?:E\s+)?([A-Za-z_][\w.]*)\s*:\s?(.*)", re.DOTALL)
# The most of a text that is read: a message, or a traceback, is far shorter.
MAX_EXPLAIN_INPUT = 1 << 20


@dataclass(frozen=True, slots=True)
class Explained:
    """One error of a text, and the record that explains it (None: no record matches)."""

    exc_type: str | None
    message: str
    match: Match | None


def explain_text(matcher: MessageMatcher, text: str) -> list[Explained]:
    """Each error of ``text`` with its record: the tracebacks and exception lines in it, else
    the whole text as one message (with its class when it starts with one)."""
    from jaxerr_ls.tracebacks import parse_text

    text = text[:MAX_EXPLAIN_INPUT]
    errors = [(event.exc_type or None, event.message) for event in parse_text(text)]
    if not errors:
        lone = _EXCEPTION_LINE_RE.fullmatch(text.strip())
        if lone is not None and CLASS_NAME_RE.fullmatch(lone[1].rsplit(".", 1)[-1]):
            errors = [(lone[1], lone[2])]
        else:
            errors = [(None, text.strip())]
    return [Explained(kind, message, matcher.match(message, kind)) for kind, message in errors]


def best_explained(matcher: MessageMatcher, text: str) -> Explained | None:
    """The error of ``text`` that a record explains best; None when no record explains any."""
    found = [item for item in explain_text(matcher, text) if item.match is not None]
    return max(found, key=lambda item: item.match.score if item.match else 0.0, default=None)
