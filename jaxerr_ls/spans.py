"""The one range type of the core (``Span``: 1-based lines, 0-based character columns) and ``Edit``.

Every place the core computes (a traceback frame, a culprit, a fix) is a ``Span`` whose columns
count characters (code points), whatever produced it: ``ast`` counts UTF-8 bytes, so its offsets
go through ``ast_span``. Converting to what a client counts (UTF-16 for VS Code, UTF-8 for
Neovim) happens once, at the protocol edge (``jaxerr_ls.server.convert``).
"""

from __future__ import annotations

import ast
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import Any


def _position(data: Mapping[str, Any], key: str, minimum: int) -> int:
    value = data.get(key)
    # bool is an int subclass; a JSON true is not a position.
    if not isinstance(value, int) or isinstance(value, bool) or value < minimum:
        raise ValueError(f"{key!r} must be an integer >= {minimum}, got {value!r}")
    return value


@dataclass(frozen=True, slots=True)
class Span:
    """A range of a file: 1-based ``line``/``end_line``, 0-based character ``col``/``end_col``."""

    path: Path
    line: int
    col: int
    end_line: int
    end_col: int
    # In a notebook: the 0-based index of the cell in its ``cells``, whose lines these are.
    cell: int | None = None

    def __post_init__(self) -> None:
        if self.line < 1 or self.end_line < 1 or self.col < 0 or self.end_col < 0:
            raise ValueError(f"not a span: {self.line}:{self.col}-{self.end_line}:{self.end_col}")
        if (self.end_line, self.end_col) < (self.line, self.col):
            raise ValueError(
                f"span ends ({self.end_line}:{self.end_col}) before it starts "
                f"({self.line}:{self.col})"
            )

    @classmethod
    def at_line(cls, path: Path, line: int, text: str) -> Span:
        """The code of one line, indentation and trailing space left out."""
        start = len(text) - len(text.lstrip())
        return cls(path, line, start, line, max(len(text.rstrip()), start))

    def overlaps(self, other: Span) -> bool:
        """Whether the two ranges share a character (touching ends do not)."""
        return (
            self.path == other.path
            and (self.line, self.col) < (other.end_line, other.end_col)
            and (other.line, other.col) < (self.end_line, self.end_col)
        )

    def shifted(self, lines: int) -> Span:
        return Span(
            self.path, self.line + lines, self.col, self.end_line + lines, self.end_col, self.cell
        )

    def to_json(self) -> dict[str, Any]:
        """The one JSON spelling of a span (camelCase, as LSP payloads are)."""
        data: dict[str, Any] = {
            "path": str(self.path),
            "line": self.line,
            "col": self.col,
            "endLine": self.end_line,
            "endCol": self.end_col,
        }
        if self.cell is not None:
            data["cell"] = self.cell
        return data

    @classmethod
    def from_json(cls, data: object) -> Span:
        """The span ``to_json`` wrote; ValueError naming the field when it is not one."""
        if not isinstance(data, Mapping):
            raise ValueError(f"a span must be an object, got {type(data).__name__}")
        path = data.get("path")
        if not isinstance(path, str) or not path:
            raise ValueError(f"'path' must be a non-empty string, got {path!r}")
        return cls(
            Path(path),
            _position(data, "line", 1),
            _position(data, "col", 0),
            _position(data, "endLine", 1),
            _position(data, "endCol", 0),
            _position(data, "cell", 0) if "cell" in data else None,
        )


def char_col(line_text: str, byte_col: int) -> int:
    """The character column of a UTF-8 byte offset into ``line_text`` (as ``ast`` counts)."""
    if line_text.isascii():
        return min(byte_col, len(line_text))
    return len(line_text.encode("utf-8")[:byte_col].decode("utf-8", errors="ignore"))


def ast_span(path: Path, node: ast.AST, lines: Sequence[str]) -> Span:
    """The span of a parsed node, its byte offsets turned into characters of ``lines``."""

    def text(line: int) -> str:
        return lines[line - 1] if 1 <= line <= len(lines) else ""

    line: int = getattr(node, "lineno", 1)
    end_line: int = getattr(node, "end_lineno", None) or line
    col: int = getattr(node, "col_offset", 0)
    end_col: int | None = getattr(node, "end_col_offset", None)
    start = char_col(text(line), col)
    end = char_col(text(end_line), end_col if end_col is not None else col)
    if end_line == line:
        end = max(end, start)
    return Span(path, line, start, end_line, end)


@dataclass(frozen=True, slots=True)
class Edit:
    """Replace the text of ``span`` with ``new_text``."""

    span: Span
    new_text: str

    @property
    def path(self) -> Path:
        return self.span.path


def apply_edits(source: str, edits: Sequence[Edit]) -> str:
    """``source`` with the edits applied; they must not overlap (ValueError otherwise)."""
    starts = [0]
    for line in source.splitlines(keepends=True):
        starts.append(starts[-1] + len(line))

    def offset(line: int, col: int) -> int:
        if not 1 <= line <= len(starts):
            raise ValueError(f"line {line} is outside the source ({len(starts) - 1} lines)")
        line_end = starts[line] if line < len(starts) else len(source)
        return min(starts[line - 1] + col, line_end)

    ranges = sorted(
        (offset(e.span.line, e.span.col), offset(e.span.end_line, e.span.end_col), e.new_text)
        for e in edits
    )
    pieces: list[str] = []
    position = 0
    for start, end, text in ranges:
        if start < position or end < start:
            raise ValueError("edits overlap")
        pieces.append(source[position:start])
        pieces.append(text)
        position = end
    pieces.append(source[position:])
    return "".join(pieces)
