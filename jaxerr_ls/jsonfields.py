"""Checked reading of fields from JSON data files (records, API docs), and the problems found."""

from __future__ import annotations

from collections.abc import Iterable, Iterator
from dataclasses import dataclass
from pathlib import Path
from typing import Any


@dataclass(frozen=True, slots=True)
class FileProblem:
    """Why one data file (or one entry in it) was skipped; ``field`` says where, if known."""

    path: str
    field: str
    message: str

    def __str__(self) -> str:
        where = f"{self.path}: field '{self.field}'" if self.field else self.path
        return f"{where}: {self.message}"


class FieldError(ValueError):
    """A data entry is malformed; ``field_name`` says where."""

    def __init__(self, field_name: str, message: str) -> None:
        super().__init__(f"{field_name}: {message}")
        self.field_name = field_name
        self.message = message


def required_str(raw: dict[str, Any], name: str) -> str:
    value = raw.get(name)
    if not isinstance(value, str):
        kind = "missing" if name not in raw else f"must be a string, not {type(value).__name__}"
        raise FieldError(name, kind)
    if not value.strip():
        raise FieldError(name, "must not be empty")
    return value


def optional_str(raw: dict[str, Any], name: str) -> str | None:
    value = raw.get(name)
    if value is None:
        return None
    if not isinstance(value, str):
        raise FieldError(name, f"must be a string or null, not {type(value).__name__}")
    return value


def json_files(sources: Iterable[Path], problems: list[FileProblem]) -> Iterator[Path]:
    """The JSON files that the given files and folders name, in order; a source that does not
    exist is reported in ``problems`` and skipped."""
    for source in sources:
        if source.is_file():
            yield source
        elif source.is_dir():
            yield from sorted(source.glob("*.json"))
        else:
            problems.append(FileProblem(str(source), "", "no such file or folder"))
