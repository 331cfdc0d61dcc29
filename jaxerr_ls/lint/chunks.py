"""Parsing a module as it is edited: each top-level statement is parsed once and reused while its
text and its first line stay the same, so that re-linting after a keystroke parses only the
statement that changed.

A module's text is cut where a line starts at column 0 with code (not ``else``, ``elif``,
``except`` or ``finally``, which continue the statement above); a piece that does not parse
alone (a decorator, a string or bracket left open across such a line) is joined to the next.
A piece that parses alone is a run of whole statements: it ends with no bracket or string open
and the next line starts a statement at indentation 0, so the module's tree is the pieces' trees
one after the other. Where joining goes on too long (more pieces than ``_MAX_JOINS``, or more
text in pieces that failed than the module holds), or the module does not parse, the whole text
is parsed as ``ast.parse`` would, which keeps the cost linear and the result identical.
"""

from __future__ import annotations

import ast
import re
from dataclasses import dataclass

# A line where a top-level statement may start.
_STATEMENT_START = re.compile(r"(?m)^(?![ \t\f#\r\n]|(?:else|elif|except|finally)\b)")
# Pieces joined before the whole text is parsed instead.
_MAX_JOINS = 16
# Pieces remembered from earlier versions of the text (a module has a few thousand at most).
_MAX_PIECES = 20_000


@dataclass(frozen=True, slots=True)
class Piece:
    """A run of top-level statements parsed alone: its first line and text, and its trees (the
    same objects while the piece is unchanged)."""

    key: tuple[int, str]
    body: list[ast.stmt]


class ChunkedParser:
    """``parse(source)`` is ``ast.parse(source)`` (None where that raises), reusing the trees of
    the pieces of the text that the previous calls already parsed at the same lines."""

    def __init__(self) -> None:
        # Each piece's statements, or None for a piece that does not parse alone.
        self._pieces: dict[tuple[int, str], list[ast.stmt] | None] = {}
        self._used: dict[tuple[int, str], list[ast.stmt] | None] = {}
        # The pieces of the last text parsed, in order (empty where it was parsed whole).
        self.last: list[Piece] = []

    def parse(self, source: str) -> ast.Module | None:
        self._used = {}
        self.last = []
        try:
            body = self._body(source)
            module = ast.Module(body=body, type_ignores=[]) if body is not None else None
            if module is None:
                self.last = []
                module = ast.parse(source)
        except (SyntaxError, ValueError, RecursionError, MemoryError):
            self.last = []
            module = None
        self._pieces = self._used if len(self._used) <= _MAX_PIECES else {}
        return module

    def _body(self, source: str) -> list[ast.stmt] | None:
        starts = [m.start() for m in _STATEMENT_START.finditer(source)]
        if not starts or starts[0] != 0:
            starts.insert(0, 0)
        starts.append(len(source))
        body: list[ast.stmt] = []
        line = 1
        index = 0
        # The text given to pieces that did not parse: past the module's length, parsing the
        # whole module at once costs less.
        wasted = 0
        while index < len(starts) - 1:
            end = index + 1
            while True:
                text = source[starts[index] : starts[end]]
                found = self._piece(line, text)
                if found is not None:
                    break
                wasted += len(text)
                end += 1
                if end - index > _MAX_JOINS or end >= len(starts) or wasted > len(source):
                    return None
            body.extend(found)
            self.last.append(Piece((line, text), found))
            line += line_count(text)
            index = end
        return body

    def _piece(self, line: int, text: str) -> list[ast.stmt] | None:
        key = (line, text)
        if key in self._pieces:
            found = self._pieces[key]
        else:
            try:
                # Parsed after as many line ends as lines precede it: its nodes get their
                # lines in the module from the parser (``ast.increment_lineno`` would walk the
                # whole tree again in Python, at more than half the parse's cost).
                tree = ast.parse("\n" * (line - 1) + text)
            except SyntaxError:
                tree = None
            found = None if tree is None else tree.body
        self._used[key] = found
        return found


def line_count(text: str) -> int:
    """The lines a piece ends (it ends at the start of a line, or at the end of the text)."""
    return text.count("\n") + text.count("\r") - text.count("\r\n")
