"""A record's ``exampleFix`` carried out where the user's code is its "before" code, in any names.

A record's example fix is ``# before`` code and ``# after`` code. Where a file holds the before
code (the same statements, compared without comments and ignoring whitespace between tokens, at
any indentation) exactly once, the fix replaces those lines with the after code, re-indented to
fit. Failing that, the names the example binds (its function, parameters, assigned names, the
function a decorator registers it on) are metavariables, as in semgrep's or comby's autofix
rules: the before code matches where the user's code is the same token for token but for a
one-to-one renaming of those names, and the after code is written in the user's names. Code that
only resembles the example gets no edit: every other token must be the same.
"""

from __future__ import annotations

import ast
import difflib
import io
import keyword
import re
import textwrap
import tokenize
from collections.abc import Mapping
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
    """Where a file holds an example's before code: 1-based first and last line, and the line
    of each of the example's lines of code."""

    first: int
    last: int
    rows: tuple[int, ...] = ()
    # Found only up to a renaming of the example's names (a weaker likeness than the literal).
    renamed: bool = False


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
        ExamplePlace(
            lines[i][0],
            lines[i + len(wanted) - 1][0],
            tuple(number for number, _ in lines[i : i + len(wanted)]),
        )
        for i in range(len(lines) - len(wanted) + 1)
        if lines[i][1] == wanted[0] and [text for _, text in lines[i : i + len(wanted)]] == wanted
    ]
    return found[0] if len(found) == 1 else None


_SKIPPED = frozenset(
    {tokenize.COMMENT, tokenize.NL, tokenize.NEWLINE, tokenize.INDENT, tokenize.DEDENT}
)


def _token_lines(text: str) -> list[tuple[int, list[tuple[str, bool]]]] | None:
    """Each line holding code, as its tokens: (text, is a name that is not an attribute)."""
    rows: dict[int, list[tuple[str, bool]]] = {}
    try:
        tokens = list(tokenize.generate_tokens(io.StringIO(text).readline))
    except (tokenize.TokenError, IndentationError, SyntaxError):
        return None
    previous = ""
    for token in tokens:
        if token.type in _SKIPPED or token.type == tokenize.ENDMARKER:
            continue
        is_name = (
            token.type == tokenize.NAME and not keyword.iskeyword(token.string) and previous != "."
        )
        rows.setdefault(token.start[0], []).append((token.string, is_name))
        previous = token.string
    return sorted(rows.items())


def bound_names(code: str) -> set[str]:
    """The names an example binds: functions, parameters, assigned names, and ``f`` of a
    ``@f.defjvp``-style decorator; empty when it does not parse on its own."""
    try:
        tree = ast.parse(textwrap.dedent(code))
    except (SyntaxError, ValueError, RecursionError):
        return set()
    names: set[str] = set()
    for node in ast.walk(tree):
        if isinstance(node, ast.FunctionDef | ast.AsyncFunctionDef | ast.ClassDef):
            names.add(node.name)
            for decorator in getattr(node, "decorator_list", []):
                if isinstance(decorator, ast.Attribute) and isinstance(decorator.value, ast.Name):
                    names.add(decorator.value.id)
        elif isinstance(node, ast.arg):
            names.add(node.arg)
        elif isinstance(node, ast.Name) and isinstance(node.ctx, ast.Store):
            names.add(node.id)
    return names


def find_before_renamed(source: str, before: str) -> tuple[ExamplePlace, dict[str, str]] | None:
    """The one place ``source`` holds the ``before`` code up to a one-to-one renaming of the
    names the example binds, and that renaming (example name -> user name)."""
    metas = bound_names(before)
    wanted = _token_lines(before + "\n")
    lines = _token_lines(source)
    if not metas or not wanted or lines is None:
        return None
    found = []
    for start in range(len(lines) - len(wanted) + 1):
        mapping = _match(wanted, lines[start : start + len(wanted)], metas)
        if mapping is not None:
            rows = tuple(number for number, _ in lines[start : start + len(wanted)])
            found.append((ExamplePlace(rows[0], rows[-1], rows, renamed=True), mapping))
    return found[0] if len(found) == 1 else None


def _match(
    wanted: list[tuple[int, list[tuple[str, bool]]]],
    lines: list[tuple[int, list[tuple[str, bool]]]],
    metas: set[str],
) -> dict[str, str] | None:
    mapping: dict[str, str] = {}
    for (_, ours), (_, theirs) in zip(wanted, lines, strict=True):
        if len(ours) != len(theirs):
            return None
        for (text, is_name), (their_text, their_name) in zip(ours, theirs, strict=True):
            if is_name and text in metas:
                if not their_name or mapping.setdefault(text, their_text) != their_text:
                    return None
            elif text != their_text:
                return None
    if len(set(mapping.values())) != len(mapping):
        return None
    return {old: new for old, new in mapping.items() if old != new}


def rename(code: str, mapping: Mapping[str, str]) -> str | None:
    """``code`` with its names (not attributes, not keyword arguments) swapped by ``mapping``;
    None when a swap would not be one to one (a new name already used, two names made one)."""
    if not mapping:
        return code
    if len(set(mapping.values())) != len(mapping) or any(
        keyword.iskeyword(new) or not new.isidentifier() for new in mapping.values()
    ):
        return None
    try:
        tokens = list(tokenize.generate_tokens(io.StringIO(code).readline))
    except (tokenize.TokenError, IndentationError, SyntaxError):
        return None
    names = {t.string for t in tokens if t.type == tokenize.NAME}
    if (set(mapping.values()) - set(mapping)) & names:
        return None
    lines = code.splitlines(keepends=True)
    swaps: list[tuple[int, int, int, str]] = []
    for i, token in enumerate(tokens):
        if token.type != tokenize.NAME or token.string not in mapping:
            continue
        before = tokens[i - 1].string if i else ""
        after = tokens[i + 1].string if i + 1 < len(tokens) else ""
        if before == "." or (after == "=" and before in ("(", ",")):
            continue
        row, col = token.start
        swaps.append((row, col, token.end[1], mapping[token.string]))
    for row, col, end, new in reversed(swaps):
        text = lines[row - 1]
        lines[row - 1] = text[:col] + new + text[end:]
    return "".join(lines)


def example_edit(path: Path, source: str, example_fix: str) -> tuple[Edit, ExamplePlace] | None:
    """The edit replacing the example's before code in ``source`` by its after code, in the
    user's names where the user's code is the example's but for them."""
    before, after = split_example(example_fix)
    if not before or after is None:
        return None
    place = find_before(source, before)
    if place is None:
        renamed = find_before_renamed(source, before)
        if renamed is None:
            return None
        place, mapping = renamed
        before, after = rename(before, mapping), rename(after, mapping)
        if before is None or after is None:
            return None
    edit = _changed_lines(path, source, before, after, place)
    return None if edit is None else (edit, place)


def _changed_lines(
    path: Path, source: str, before: str, after: str, place: ExamplePlace
) -> Edit | None:
    """The user's lines from the first the example changes to the last, rewritten: the lines
    the example keeps stay as the user wrote them (comments, spacing), the lines it changes
    become the after code at the user's indentation."""
    before_code, after_code = _code_only(before + "\n"), _code_only(after + "\n")
    if before_code is None or after_code is None:
        return None
    ours = [_normal(line) for line in before_code if _normal(line)]
    after_lines = after.splitlines()
    theirs = [_normal(line) for line in after_code[: len(after_lines)]]
    if len(ours) != len(place.rows):
        return None
    opcodes = difflib.SequenceMatcher(None, ours, theirs, autojunk=False).get_opcodes()
    changed = [op for op in opcodes if op[0] != "equal"]
    if not changed:
        return None
    low, high = changed[0][1], changed[-1][2]
    if low == high:  # only an insertion: take in a neighbouring kept line
        low, high = (low - 1, high) if low > 0 else (low, high + 1)
    lines = source.splitlines()
    first_code = next(line for line in before.splitlines() if line.strip())
    shift = _indent(lines[place.rows[0] - 1]) - _indent(first_code)
    pad = lines[place.rows[0] - 1][: max(shift, 0)]

    def fitted(j1: int, j2: int) -> list[str]:
        out = []
        for line in after_lines[j1:j2]:
            if not line.strip():
                out.append("")
            elif shift >= 0:
                out.append(pad + line)
            else:
                out.append(line[min(-shift, _indent(line)) :])
        return out

    index_of = {row: k for k, row in enumerate(place.rows)}
    new_lines: list[str] = []
    for number in range(place.rows[low], place.rows[high - 1] + 1):
        k = index_of.get(number)
        if k is None:
            new_lines.append(lines[number - 1])  # a comment or blank line between
            continue
        for tag, i1, i2, j1, j2 in opcodes:
            if tag == "insert" and i1 == k:
                new_lines += fitted(j1, j2)
            elif i1 <= k < i2 and tag == "equal":
                new_lines.append(lines[number - 1])
            elif i1 == k and tag in ("replace", "delete"):
                new_lines += fitted(j1, j2)
        if k == high - 1:
            new_lines += [
                line
                for tag, i1, _, j1, j2 in opcodes
                if tag == "insert" and i1 == high
                for line in fitted(j1, j2)
            ]
    last = place.rows[high - 1]
    span = Span(path, place.rows[low], 0, last, len(lines[last - 1]))
    return Edit(span, "\n".join(new_lines))
