"""Parsing a module as it is edited: each top-level statement is parsed once and its tree reused
while its text stays the same, so that re-linting after a keystroke parses only the statement
that changed. A statement that a line added or removed above it moved keeps its tree, whose
lines are moved when they are needed (``ChunkedParser.place``).

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
import itertools
import re
from dataclasses import dataclass

# A line where a top-level statement may start.
_STATEMENT_START = re.compile(r"(?m)^(?![ \t\f#\r\n]|(?:else|elif|except|finally)\b)")
# Pieces joined before the whole text is parsed instead.
_MAX_JOINS = 16
# Pieces remembered from earlier versions of the text (a module has a few thousand at most).
_MAX_PIECES = 20_000


class _Parsed:
    """The statements of a piece's text, as parsed after ``at - 1`` line ends."""

    __slots__ = ("at", "body")

    def __init__(self, at: int, body: list[ast.stmt]) -> None:
        self.at = at
        self.body = body


@dataclass(frozen=True, slots=True)
class Piece:
    """A run of top-level statements that parses alone, at its first line in the module."""

    line: int
    text: str
    parsed: _Parsed

    @property
    def key(self) -> tuple[int, str]:
        return (self.line, self.text)

    @property
    def body(self) -> list[ast.stmt]:
        """Its statements, with the lines of where the text was last parsed (``placed``: of
        where it is now). What they bind and read does not depend on the lines."""
        return self.parsed.body

    @property
    def placed(self) -> bool:
        return self.parsed.at == self.line


class ChunkedParser:
    """``parse(source)`` is ``ast.parse(source)`` (None where that raises), reusing the trees of
    the pieces of the text that the previous calls already parsed. A piece whose text moved to
    another line (a line added or removed above it) keeps its tree, whose lines ``place``
    moves when they are needed: ``cut`` parses only the text no call has parsed yet."""

    def __init__(self) -> None:
        # The parsed pieces of the last text, by their texts (one text may be several pieces),
        # and the texts that do not parse alone.
        self._parsed: dict[str, list[_Parsed]] = {}
        self._failed: set[str] = set()
        # The pieces of the last text cut, in order (empty where it was parsed whole).
        self.last: list[Piece] = []

    def parse(self, source: str) -> ast.Module | None:
        try:
            pieces = self.cut(source)
            if pieces is None:
                return ast.parse(source)
            return ast.Module(body=[s for p in pieces for s in self.place(p)], type_ignores=[])
        except (SyntaxError, ValueError, RecursionError, MemoryError):
            self.last = []
            return None

    def cut(self, source: str) -> list[Piece] | None:
        """The text's pieces in order, their trees not necessarily at their lines (see
        ``place``); None where it does not split (it is then parsed whole, or does not
        parse)."""
        earlier, self._parsed = self._parsed, {}
        failed, self._failed = self._failed, set()
        self.last = []
        try:
            # With no tree to reuse, one parse of the whole text costs about half as much as
            # parsing its pieces one by one (each after as many line ends as precede it).
            if earlier:
                pieces = self._pieces(source, earlier, failed)
            else:
                try:
                    pieces = self._split(source)
                except SyntaxError:
                    pieces = self._pieces(source, earlier, failed)
        except (ValueError, RecursionError, MemoryError):
            pieces = None
        if sum(len(found) for found in self._parsed.values()) > _MAX_PIECES:
            self._parsed = {}
        self.last = pieces or []
        return pieces

    def place(self, piece: Piece) -> list[ast.stmt]:
        """The piece's statements with their lines in the module (moved there if the piece
        moved)."""
        parsed = piece.parsed
        if parsed.at != piece.line:
            # Moving the lines of a tree costs about half of parsing its text again.
            by = piece.line - parsed.at
            stack: list[ast.AST] = list(parsed.body)
            while stack:
                node = stack.pop()
                if "lineno" in node._attributes:
                    node.lineno += by  # type: ignore[attr-defined]  # (statements, expressions, ...)
                    if node.end_lineno is not None:  # type: ignore[attr-defined]
                        node.end_lineno += by  # type: ignore[attr-defined]
                stack.extend(ast.iter_child_nodes(node))
            parsed.at = piece.line
        return parsed.body

    def _pieces(
        self, source: str, earlier: dict[str, list[_Parsed]], failed: set[str]
    ) -> list[Piece] | None:
        starts = statement_starts(source)
        pieces: list[Piece] = []
        line = 1
        index = 0
        # The text given to pieces that did not parse: past the module's length, parsing the
        # whole module at once costs less.
        wasted = 0
        while index < len(starts) - 1:
            end = index + 1
            while True:
                text = source[starts[index] : starts[end]]
                found = self._piece(line, text, earlier, failed)
                if found is not None:
                    break
                wasted += len(text)
                end += 1
                if end - index > _MAX_JOINS or end >= len(starts) or wasted > len(source):
                    return None
            pieces.append(found)
            line += line_count(text)
            index = end
        return pieces

    def _split(self, source: str) -> list[Piece] | None:
        """The pieces ``_pieces`` gives with nothing parsed before, from one parse of the whole
        text (SyntaxError where it does not parse; None where ``_pieces`` gives up): a piece
        parses alone exactly when no statement of the module runs past its end, since a
        statement cut at the start of a line at column 0 leaves a string, a bracket, a
        continuation or a decorator open."""
        body = ast.parse(source).body
        starts = statement_starts(source)
        count = len(starts) - 1
        # Each candidate piece's first line, and whether a statement runs past its start.
        firsts = [1]
        for start, end in itertools.pairwise(starts[:count]):
            firsts.append(firsts[-1] + line_count(source[start:end]))
        inside = [False] * count
        candidate = 0
        for stmt in body:
            first = min([stmt.lineno, *(d.lineno for d in getattr(stmt, "decorator_list", ()))])
            stop = stmt.end_lineno or stmt.lineno
            while candidate < count and firsts[candidate] <= first:
                candidate += 1
            while candidate < count and firsts[candidate] <= stop:
                inside[candidate] = True
                candidate += 1
        pieces: list[Piece] = []
        wasted = 0
        index = 0
        taken = 0
        while index < count:
            end = index + 1
            while end < count and inside[end]:
                # What ``_pieces`` would have parsed in vain.
                self._failed.add(source[starts[index] : starts[end]])
                wasted += starts[end] - starts[index]
                end += 1
                if end - index > _MAX_JOINS or wasted > len(source):
                    return None
            next_line = firsts[end] if end < count else None
            members = []
            while taken < len(body) and (next_line is None or body[taken].lineno < next_line):
                members.append(body[taken])
                taken += 1
            text = source[starts[index] : starts[end]]
            parsed = _Parsed(firsts[index], members)
            self._parsed.setdefault(text, []).append(parsed)
            pieces.append(Piece(firsts[index], text, parsed))
            index = end
        return pieces

    def _piece(
        self, line: int, text: str, earlier: dict[str, list[_Parsed]], failed: set[str]
    ) -> Piece | None:
        if text in failed:
            self._failed.add(text)
            return None
        candidates = earlier.get(text)
        if candidates:
            # The same text at the same line where there is one (a text may repeat).
            parsed = next((c for c in candidates if c.at == line), candidates[0])
            candidates.remove(parsed)
        else:
            try:
                parsed = _Parsed(line, ast.parse("\n" * (line - 1) + text).body)
            except SyntaxError:
                self._failed.add(text)
                return None
        self._parsed.setdefault(text, []).append(parsed)
        return Piece(line, text, parsed)


def statement_starts(source: str) -> list[int]:
    """The offsets where a top-level statement may start (0 always), and the text's end."""
    starts = [m.start() for m in _STATEMENT_START.finditer(source)]
    if not starts or starts[0] != 0:
        starts.insert(0, 0)
    starts.append(len(source))
    return starts


def line_count(text: str) -> int:
    """The lines a piece ends (it ends at the start of a line, or at the end of the text)."""
    return text.count("\n") + text.count("\r") - text.count("\r\n")
