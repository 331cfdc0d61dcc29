"""What a quick fix reads and produces: the target a diagnostic carries, and fixes of edits."""

from __future__ import annotations

from collections.abc import Callable, Mapping
from dataclasses import dataclass, field
from enum import Enum
from pathlib import Path

from jaxerr_ls.records import CulpritKind
from jaxerr_ls.spans import Edit, Span


@dataclass(frozen=True, slots=True)
class CulpritRef:
    """A definition at fault (see ``jaxerr_ls.culprits``), as a diagnostic carries it."""

    span: Span
    kind: CulpritKind
    name: str
    owner: str | None = None
    # One sentence for the hover: why this is the culprit.
    why: str | None = None


@dataclass(frozen=True, slots=True)
class FixTarget:
    """What a diagnostic carries for its quick fixes: the record's code, the failing call,
    the named captures of the record's pattern, the culprits, and the traceback's other
    lines in the project."""

    code: str
    span: Span
    captures: Mapping[str, str] = field(default_factory=dict)
    culprits: tuple[CulpritRef, ...] = ()
    frames: tuple[Span, ...] = ()


class Applicability(str, Enum):
    """How far a fix can be trusted, as ruff's fixes say it."""

    # Keeps the program's meaning apart from the error: fix-all applies it.
    SAFE = "safe"
    # Right in the common case, but may change what the program computes: offered, one by one.
    UNSAFE = "unsafe"

    @classmethod
    def of(cls, safe: bool) -> Applicability:
        """SAFE where a change keeps the program's meaning, else UNSAFE."""
        return cls.SAFE if safe else cls.UNSAFE


@dataclass(frozen=True, slots=True)
class Fix:
    """A quick fix: edits that carry out a record's example fix in the user's code."""

    title: str
    code: str
    edits: tuple[Edit, ...]
    preferred: bool = False
    applicability: Applicability = Applicability.SAFE


# A file's current text (an open editor's buffer, else the file on disk), None if unreadable.
ReadSource = Callable[[Path], "str | None"]


@dataclass(frozen=True, slots=True)
class Provider:
    """The fixes of some records' codes, and the named captures it reads from their messages
    (checked against the records by the tests, both ways)."""

    codes: frozenset[str]
    captures: frozenset[str]
    compute: Callable[[FixTarget, ReadSource], list[Fix]]
