"""A record's ``exampleFix`` carried out verbatim where the user's code is its "before" code.

A record's example fix is ``# before`` code and ``# after`` code. Where a file holds the before
code (the same statements, compared without comments and ignoring whitespace between tokens, at
any indentation) exactly once, the fix replaces those lines with the after code, re-indented to
fit. Code that only resembles the example gets no edit: this fix is literal, never a guess.
"""

from __future__ import annotations

import io
import re
import tokenize
from dataclasses import dataclass
from pathlib import Path

from jaxerr_ls.records import split_example
from jaxerr_ls.spans import Edit, Span


def _code_only(text: str) -> list[str] | None:
    """Each line of ``text`` without its comment (tokenized, so a ``#`` in a string stays);
    None when the text does not tokenize (an unterminated string, say)."""
    lines = text.splitlines()
    out = list(lines)
    try:
        for token in tokenize.generate_tokens(io.StringIO(text).readline):
            if token.type == tokenize.COMMENT:
                row, col = token.start
                out[row - 1] = out[row - 1][:col]
    except (tokenize.TokenError, IndentationError, SyntaxError):
        return None
    return out


_LOOSE_SPACE = re.compile(r" (?=\W)|(?<=\W) ")


def _normal(line: str) -> str:
    """A code line compared by its tokens: whitespace only kept between two word characters
    (``return x``), so ``f( a, b )`` and ``f(a,b)`` are the same."""
    return _LOOSE_SPACE.sub("", " ".join(line.split()))


def _indent(line: str) -> int:
    return len(line) - len(line.lstrip(" \t"))


@dataclass(frozen=True, slots=True)
class ExamplePlace:
    """Where a file holds an example's before code: 1-based first and last line."""

    first: int
    last: int


def find_before(source: str, before: str) -> ExamplePlace | None:
    """The one place ``source`` holds the ``before`` code, or None (absent, or found twice)."""
    code = _code_only(source)
    wanted_lines = _code_only(before + "\n")
    if code is None or wanted_lines is None:
        return None
    wanted = [_normal(line) for line in wanted_lines if _normal(line)]
    if not wanted:
        return None
    lines = [(number, _normal(text)) for number, text in enumerate(code, start=1)]
    lines = [(number, text) for number, text in lines if text]
    found = [
        ExamplePlace(lines[i][0], lines[i + len(wanted) - 1][0])
        for i in range(len(lines) - len(wanted) + 1)
        if lines[i][1] == wanted[0] and [text for _, text in lines[i : i + len(wanted)]] == wanted
    ]
    return found[0] if len(found) == 1 else None


def example_edit(path: Path, source: str, example_fix: str) -> tuple[Edit, ExamplePlace] | None:
    """The edit replacing the example's before code in ``source`` by its after code."""
    before, after = split_example(example_fix)
    if not before or after is None:
        return None
    place = find_before(source, before)
    if place is None:
        return None
    lines = source.splitlines()
    first_code = next(line for line in before.splitlines() if line.strip())
    shift = _indent(lines[place.first - 1]) - _indent(first_code)
    pad = lines[place.first - 1][: max(shift, 0)]
    new_lines = []
    for line in after.splitlines():
        if not line.strip():
            new_lines.append("")
        elif shift >= 0:
            new_lines.append(pad + line)
        else:
            new_lines.append(line[min(-shift, _indent(line)) :])
    last_text = lines[place.last - 1]
    edit = Edit(Span(path, place.first, 0, place.last, len(last_text)), "\n".join(new_lines))
    return edit, place
