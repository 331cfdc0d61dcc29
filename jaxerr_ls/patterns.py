"""Which record patterns may run on Python's backtracking ``re``: none that can blow up."""

from __future__ import annotations

import re
from typing import Any

try:  # Python 3.11+
    from re import _parser as _sre_parse  # type: ignore[attr-defined]
except ImportError:  # pragma: no cover - Python 3.10
    import sre_parse as _sre_parse

_REPEATS = {
    _sre_parse.MAX_REPEAT,
    _sre_parse.MIN_REPEAT,
    *([_sre_parse.POSSESSIVE_REPEAT] if hasattr(_sre_parse, "POSSESSIVE_REPEAT") else []),
}
_BACKREFERENCES = {_sre_parse.GROUPREF, _sre_parse.GROUPREF_EXISTS}


# Only a quantified group or a reference to a group can blow up; a pattern with neither (most
# records: escaped text and wildcards) needs no parse.
_MAY_BLOW_UP = re.compile(r"\)[*+?{]|\\[1-9]|\(\?P=|\(\?\(")


class UnsafePattern(ValueError):
    """A pattern whose matching time can grow exponentially with the message."""


def check_safe_pattern(pattern: str) -> None:
    """Raise ``re.error`` when ``pattern`` does not compile and ``UnsafePattern`` when it could
    backtrack exponentially: a repeated group that itself repeats or alternates (``(a+)+``,
    ``(a|ab)*``), or a backreference. What remains (literals, classes, wildcards, optional
    groups, alternation outside repeats) matches in polynomial time; patterns made of literals
    and wildcards alone run on the matcher's linear-time segment search.
    """
    re.compile(pattern)
    if _MAY_BLOW_UP.search(pattern):
        _walk(_sre_parse.parse(pattern), repeated=False)


def _walk(items: Any, *, repeated: bool) -> None:
    for op, value in items:
        if op in _BACKREFERENCES:
            raise UnsafePattern("uses a backreference, which can take exponential time")
        if op in _REPEATS:
            _low, high, body = value
            repeats = high is _sre_parse.MAXREPEAT or high > 1
            if repeats and repeated:
                raise UnsafePattern(
                    "repeats a group that itself repeats or alternates (like (a+)+), "
                    "which can take exponential time"
                )
            _walk(body, repeated=repeated or repeats)
        elif op is _sre_parse.BRANCH:
            if repeated:
                raise UnsafePattern(
                    "repeats an alternation (like (a|ab)*), which can take exponential time"
                )
            for alternative in value[1]:
                _walk(alternative, repeated=repeated)
        elif op is _sre_parse.SUBPATTERN:
            _walk(value[-1], repeated=repeated)
        elif op in (_sre_parse.ASSERT, _sre_parse.ASSERT_NOT):
            _walk(value[1], repeated=repeated)
        elif op is getattr(_sre_parse, "ATOMIC_GROUP", None):
            _walk(value, repeated=repeated)
