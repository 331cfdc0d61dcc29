"""The data a quick fix needs and produces: targets read back from diagnostics, edits, fixes."""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any


def _string(data: Mapping[str, Any], key: str) -> str:
    value = data.get(key)
    if not isinstance(value, str):
        raise ValueError(f"{key!r} must be a string, got {type(value).__name__}")
    return value


def _position(data: Mapping[str, Any], key: str, minimum: int) -> int:
    value = data.get(key)
    # bool is an int subclass; a JSON true is not a position.
    if not isinstance(value, int) or isinstance(value, bool) or value < minimum:
        raise ValueError(f"{key!r} must be an integer >= {minimum}, got {value!r}")
    return value


def _check_span(line: int, col: int, end_line: int, end_col: int) -> None:
    if (end_line, end_col) < (line, col):
        raise ValueError(f"span ends ({end_line}:{end_col}) before it starts ({line}:{col})")


@dataclass(frozen=True, slots=True)
class CulpritRef:
    """A definition at fault (see ``jaxerr_ls.culprits``), placed in a file of the project."""

    path: str
    line: int
    col: int
    end_line: int
    end_col: int
    kind: str
    name: str

    def to_json(self) -> dict[str, Any]:
        return {
            "path": self.path,
            "line": self.line,
            "col": self.col,
            "end_line": self.end_line,
            "end_col": self.end_col,
            "kind": self.kind,
            "name": self.name,
        }

    @classmethod
    def from_json(cls, data: object) -> CulpritRef:
        if not isinstance(data, Mapping):
            raise ValueError(f"a culprit must be an object, got {type(data).__name__}")
        ref = cls(
            path=_string(data, "path"),
            line=_position(data, "line", 1),
            col=_position(data, "col", 0),
            end_line=_position(data, "end_line", 1),
            end_col=_position(data, "end_col", 0),
            kind=_string(data, "kind"),
            name=_string(data, "name"),
        )
        _check_span(ref.line, ref.col, ref.end_line, ref.end_col)
        return ref


@dataclass(frozen=True, slots=True)
class FixTarget:
    """What a diagnostic carries for its quick fixes (its LSP ``data``), JSON-serialisable.

    ``line``/``end_line`` are 1-based, ``col``/``end_col`` 0-based character offsets: the failing
    call in the user's code. ``captures`` are the texts the record's pattern wildcards matched.
    """

    code: str
    message: str
    exception: str
    captures: tuple[str, ...]
    path: str
    line: int
    col: int
    end_line: int
    end_col: int
    culprits: tuple[CulpritRef, ...] = ()
    # Other lines of the user's code the traceback passes through: (path, 1-based line).
    frames: tuple[tuple[str, int], ...] = ()

    def to_json(self) -> dict[str, Any]:
        return {
            "code": self.code,
            "message": self.message,
            "exception": self.exception,
            "captures": list(self.captures),
            "path": self.path,
            "line": self.line,
            "col": self.col,
            "end_line": self.end_line,
            "end_col": self.end_col,
            "culprits": [culprit.to_json() for culprit in self.culprits],
            "frames": [[path, line] for path, line in self.frames],
        }

    @classmethod
    def from_json(cls, data: object) -> FixTarget:
        """The target a diagnostic's ``data`` describes; ValueError when it is not one."""
        if not isinstance(data, Mapping):
            raise ValueError(f"fix target must be an object, got {type(data).__name__}")
        captures = data.get("captures")
        if not isinstance(captures, list) or not all(isinstance(c, str) for c in captures):
            raise ValueError("'captures' must be a list of strings")
        culprits = data.get("culprits", [])
        if not isinstance(culprits, list):
            raise ValueError("'culprits' must be a list")
        frames = data.get("frames", [])
        if not isinstance(frames, list) or not all(
            isinstance(f, list)
            and len(f) == 2
            and isinstance(f[0], str)
            and isinstance(f[1], int)
            and not isinstance(f[1], bool)
            and f[1] >= 1
            for f in frames
        ):
            raise ValueError("'frames' must be a list of [path, line] pairs")
        target = cls(
            code=_string(data, "code"),
            message=_string(data, "message"),
            exception=_string(data, "exception"),
            captures=tuple(captures),
            path=_string(data, "path"),
            line=_position(data, "line", 1),
            col=_position(data, "col", 0),
            end_line=_position(data, "end_line", 1),
            end_col=_position(data, "end_col", 0),
            culprits=tuple(CulpritRef.from_json(item) for item in culprits),
            frames=tuple((path, line) for path, line in frames),
        )
        _check_span(target.line, target.col, target.end_line, target.end_col)
        return target


@dataclass(frozen=True, slots=True)
class TextEdit:
    """Replace a range of a file (1-based lines, 0-based character columns) with ``new_text``."""

    path: str
    line: int
    col: int
    end_line: int
    end_col: int
    new_text: str


@dataclass(frozen=True, slots=True)
class Fix:
    """A quick fix: edits that carry out a record's example fix in the user's code."""

    title: str
    code: str
    edits: tuple[TextEdit, ...]
    preferred: bool = False
