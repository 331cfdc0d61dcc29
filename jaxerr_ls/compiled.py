"""Records and their index kept in a form that loads at once: ``marshal`` values in a file read
through a memory map, each record and each matcher decoded on first use."""

from __future__ import annotations

import dataclasses
import marshal
import mmap
import os
from collections.abc import Iterable, Iterator, Sequence
from pathlib import Path
from typing import Any, cast, overload

from jaxerr_ls.records import CulpritKind, FrameCondition, Record

# A compiled file: this, the length of its head (8 bytes, little-endian), the head (marshal: the
# caller's values, then for each list of values stored alone the offsets they start at and the
# end of the last), then each of those values marshalled alone.
_MAGIC = b"jaxerr-ls compiled records\n"

_RECORD_FIELDS = tuple(field.name for field in dataclasses.fields(Record))[:-1]
assert dataclasses.fields(Record)[-1].name == "raw"
_CULPRIT_FIELD = _RECORD_FIELDS.index("culprit")
_RAISED_IN_FIELD = _RECORD_FIELDS.index("raised_in")


def cache_dir() -> Path:
    """``$JAXERR_LS_CACHE_DIR``, else ``$XDG_CACHE_HOME/jaxerr-ls``, else ``~/.cache/...``."""
    override = os.environ.get("JAXERR_LS_CACHE_DIR")
    if override:
        return Path(override)
    xdg = os.environ.get("XDG_CACHE_HOME")
    base = Path(xdg) if xdg else Path.home() / ".cache"
    return base / "jaxerr-ls"


def record_row(record: Record) -> tuple[tuple[Any, ...], dict[str, Any]]:
    """A record as plain values (``marshal``-able), and its raw JSON."""
    values = [getattr(record, name) for name in _RECORD_FIELDS]
    if record.culprit is not None:
        values[_CULPRIT_FIELD] = record.culprit.value
    values[_RAISED_IN_FIELD] = tuple((c.path, c.function) for c in record.raised_in)
    return tuple(values), record.raw


def record_from_row(row: object) -> Record:
    """The record ``record_row`` gave the values of."""
    stored, raw = cast("tuple[tuple[Any, ...], dict[str, Any]]", row)
    values = list(stored)
    if values[_CULPRIT_FIELD] is not None:
        values[_CULPRIT_FIELD] = CulpritKind(values[_CULPRIT_FIELD])
    if values[_RAISED_IN_FIELD]:
        values[_RAISED_IN_FIELD] = tuple(FrameCondition(*c) for c in values[_RAISED_IN_FIELD])
    fields: tuple[Any, ...] = (*values, raw)  # raw is the last field
    return Record(*fields)


class Stored(Sequence[Any]):
    """Values kept as ``marshal`` bytes in a mapped file, each read when asked for: most are
    never asked for, and their pages never read."""

    def __init__(self, data: mmap.mmap, offsets: list[int]) -> None:
        self._data = data
        self._offsets = offsets  # where each value starts, then where the last one ends

    def __len__(self) -> int:
        return len(self._offsets) - 1

    @overload
    def __getitem__(self, number: int) -> Any: ...

    @overload
    def __getitem__(self, number: slice) -> list[Any]: ...

    def __getitem__(self, number: int | slice) -> Any:
        if isinstance(number, slice):
            return [self[n] for n in range(*number.indices(len(self)))]
        if not -len(self) <= number < len(self):
            raise IndexError(number)
        number %= len(self)
        return marshal.loads(self._data[self._offsets[number] : self._offsets[number + 1]])

    def __iter__(self) -> Iterator[Any]:
        for number in range(len(self)):
            yield self[number]


def read(path: Path) -> tuple[Any, list[Stored]] | None:
    """The head values of a compiled file and its stored lists; None when there is no such
    file or it is not one. ``ValueError`` or ``EOFError`` when it is damaged."""
    try:
        stream = path.open("rb")
    except OSError:
        return None
    with stream:
        if stream.read(len(_MAGIC)) != _MAGIC:
            return None
        size = int.from_bytes(stream.read(8), "little")
        head = stream.read(size)
        if len(head) != size:
            return None
        values, offsets = marshal.loads(head)
        data = mmap.mmap(stream.fileno(), 0, access=mmap.ACCESS_READ)
    return values, [Stored(data, each) for each in offsets]


def _packed(values: Iterable[Any], start: int) -> tuple[list[bytes], list[int]]:
    """Each value marshalled alone, and the offsets ``Stored`` reads them by (from ``start``)."""
    parts = [marshal.dumps(value) for value in values]
    offsets = [start]
    for part in parts:
        offsets.append(offsets[-1] + len(part))
    return parts, offsets


def write(path: Path, values: Any, stored: Sequence[Iterable[Any]]) -> None:
    """Write ``values`` (read at once) and the lists ``stored`` (each value read on use) to
    ``path``, atomically (renamed over it once written)."""
    parts: list[bytes] = []
    offsets: list[list[int]] = []
    for each in stored:
        packed, where = _packed(each, sum(map(len, parts)))
        parts.extend(packed)
        offsets.append(where)

    # The offsets count from the file's start, which depends on the head's length, which
    # depends on the offsets: the head is given room once, padded, and made again if longer.
    def head(start: int) -> bytes:
        shifted = [[start + offset for offset in where] for where in offsets]
        return marshal.dumps((values, shifted))

    width = len(head(0)) + 64
    while len(text := head(len(_MAGIC) + 8 + width)) > width:
        width = len(text) + 64
    path.parent.mkdir(parents=True, exist_ok=True)
    # Imported here: only a run that writes a cache file needs it (with ``random``, about 7 ms
    # of every start).
    import tempfile

    handle, temporary = tempfile.mkstemp(prefix=path.name, suffix=".tmp", dir=path.parent)
    try:
        with os.fdopen(handle, "wb") as stream:
            stream.write(_MAGIC + width.to_bytes(8, "little") + text.ljust(width, b"\0"))
            stream.writelines(parts)
        os.replace(temporary, path)
    except BaseException:
        Path(temporary).unlink(missing_ok=True)
        raise


def keep_newest(folder: Path, pattern: str, count: int) -> None:
    """Remove all but the ``count`` newest files of ``folder`` that ``pattern`` names."""
    found = list(folder.glob(pattern))
    found.sort(key=_modified, reverse=True)
    for old in found[count:]:
        old.unlink(missing_ok=True)


def _modified(path: Path) -> int:
    try:
        return path.stat().st_mtime_ns
    except OSError:
        return 0
