"""What a diagnostic carries in its ``data``: one typed, versioned payload, written and read back
by one converter, so a code action or a hover never parses the output again.

Only what is read back rides along: the record (for the hover and the fixes), the role (the
error, or one of its culprits), the fix target, and the command that runs the failure again.
A payload from another version of the server, or one a client altered, is refused as a whole
rather than half-read.
"""

from __future__ import annotations

import re
from collections.abc import Callable
from dataclasses import dataclass, fields
from pathlib import Path
from typing import Any, Literal, get_args, get_origin

import cattrs

from jaxerr_ls.fixes.model import CulpritRef, FixTarget
from jaxerr_ls.records import CulpritKind
from jaxerr_ls.reruns import Rerun
from jaxerr_ls.spans import Span

PAYLOAD_VERSION = 1
# The error of a run, one of its culprits, or an error predicted from the source (lint).
Role = Literal["error", "culprit", "predicted"]


@dataclass(frozen=True, slots=True)
class DiagnosticData:
    """``Diagnostic.data`` of every jaxerr diagnostic."""

    record_id: str | None
    role: Role
    target: FixTarget | None = None
    rerun: Rerun | None = None
    v: int = PAYLOAD_VERSION


def _camel(name: str) -> str:
    return re.sub(r"_([a-z])", lambda m: m[1].upper(), name)


def _strict_str(value: object, _: object) -> str:
    if not isinstance(value, str):
        raise TypeError(f"expected a string, got {type(value).__name__}")
    return value


def _strict_list(value: object) -> list[Any]:
    # cattrs would read any iterable (a dict's keys, a string's characters) as a list.
    if not isinstance(value, list):
        raise TypeError(f"expected a list, got {type(value).__name__}")
    return value


def _is_tuple_of_items(kind: object) -> bool:
    return get_origin(kind) is tuple


def _structure_tuple(converter: cattrs.Converter) -> Callable[[object, Any], tuple[Any, ...]]:
    def structure(value: object, kind: Any) -> tuple[Any, ...]:
        (item, _) = get_args(kind)
        return tuple(converter.structure(entry, item) for entry in _strict_list(value))

    return structure


def _make_converter() -> cattrs.Converter:
    converter = cattrs.Converter(forbid_extra_keys=False)
    # cattrs would turn a number into a string; a payload with one is not ours.
    converter.register_structure_hook(str, _strict_str)
    converter.register_unstructure_hook(CulpritKind, lambda kind: kind.value)
    # A str enum would otherwise go through the str hook, unchecked.
    converter.register_structure_hook(CulpritKind, lambda value, _: CulpritKind(value))
    converter.register_structure_hook_func(_is_tuple_of_items, _structure_tuple(converter))
    converter.register_unstructure_hook(Span, Span.to_json)
    converter.register_structure_hook(Span, lambda data, _: Span.from_json(data))
    converter.register_unstructure_hook(Path, str)
    converter.register_structure_hook(Path, lambda value, _: Path(_strict_str(value, None)))
    # Typed as Any: the field overrides go in as keyword arguments named after the fields,
    # which the functions' signatures cannot spell.
    unstructure_fn: Any = cattrs.gen.make_dict_unstructure_fn
    structure_fn: Any = cattrs.gen.make_dict_structure_fn
    for cls in (DiagnosticData, FixTarget, CulpritRef, Rerun):
        renames = {f.name: cattrs.override(rename=_camel(f.name)) for f in fields(cls)}
        converter.register_unstructure_hook(cls, unstructure_fn(cls, converter, **renames))
        converter.register_structure_hook(cls, structure_fn(cls, converter, **renames))
    return converter


_CONVERTER = _make_converter()


def to_json(data: DiagnosticData) -> dict[str, Any]:
    """The JSON object a diagnostic carries."""
    value: dict[str, Any] = _CONVERTER.unstructure(data)
    return value


def from_json(raw: object) -> DiagnosticData | None:
    """The payload ``to_json`` wrote; None for anything else (another version, a client's
    edit, a diagnostic of another server)."""
    if not isinstance(raw, dict) or raw.get("v") != PAYLOAD_VERSION:
        return None
    try:
        data = _CONVERTER.structure(raw, DiagnosticData)
    except Exception:  # cattrs groups every field's error: any of them refuses the whole
        return None
    if data.role not in ("error", "culprit", "predicted"):
        return None
    return data
