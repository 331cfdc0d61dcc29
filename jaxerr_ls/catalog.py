"""The records one run (or one server configuration) matches against: curated first, then the
set generated from the project's JAX, loaded on first need. The CLI and the server share it.

A catalog never changes what it is built from: new settings make a new catalog, so a generated
set that finishes loading after a settings change lands in the discarded catalog, not the
current one.
"""

from __future__ import annotations

import contextlib
import marshal
import re
import sys
import threading
import zlib
from collections.abc import Callable, Iterable, Sequence
from pathlib import Path
from typing import TYPE_CHECKING

from jaxerr_ls.history import WordingHistory
from jaxerr_ls.jsonfields import json_files
from jaxerr_ls.matching import DEFAULT_FUZZY_THRESHOLD, LayeredIndex, Match, RecordIndex
from jaxerr_ls.records import LoadResult, Record, RecordProblem, bundled_record_dir, load_records

if TYPE_CHECKING:
    from jaxerr_ls.generated import GeneratedIndex

# Loads the generated set (and its index) for some curated records and a fuzzy threshold:
# None when the project has no JAX.
GeneratedLoader = Callable[[Sequence[Record], float], "GeneratedIndex | None"]


def generated_for_root(root: Path | None, trust_interpreter: bool = False) -> GeneratedLoader:
    """The loader of the set generated from the JAX found for a project root (with the
    project's own Python where the server's cannot parse a file, only when trusted)."""

    def load(curated: Sequence[Record], fuzzy_threshold: float) -> GeneratedIndex | None:
        from jaxerr_ls.generated import generated_index

        return generated_index(
            curated, root, trust_interpreter=trust_interpreter, fuzzy_threshold=fuzzy_threshold
        )

    return load


_SHARED_HISTORY: WordingHistory | None = None


def shared_history() -> WordingHistory:
    """The bundled wording history, read once per process on first use."""
    global _SHARED_HISTORY
    if _SHARED_HISTORY is None:
        _SHARED_HISTORY = WordingHistory()
    return _SHARED_HISTORY


class Catalog:
    """Curated records (bundled, then a team's folders), when asked for generated ones, and the
    wording history of past JAX releases (which names the releases of every match)."""

    def __init__(
        self,
        loaded: LoadResult,
        *,
        fuzzy_threshold: float = DEFAULT_FUZZY_THRESHOLD,
        generated: GeneratedLoader | None = None,
        history: WordingHistory | None = None,
        index: RecordIndex | None = None,
    ) -> None:
        """``index``: the curated records' index when already made (read compiled)."""
        self.curated: list[Record] = list(loaded.records)
        # What was wrong with the record files: reported by the caller, once.
        self.problems: list[RecordProblem] = list(loaded.problems)
        self._by_id = {record.id: record for record in self.curated}
        self._by_code = {record.code: record for record in self.curated}
        self._fuzzy_threshold = fuzzy_threshold
        self._generated_loader = generated
        self._generated: Sequence[Record] = []
        # The generated records by id and by code, made on the first look-up that needs them.
        self._generated_by_key: dict[str, dict[str, Record]] = {}
        self._generated_problems: list[RecordProblem] = []
        self._lock = threading.Lock()
        curated_index = (
            RecordIndex(self.curated, fuzzy_threshold=fuzzy_threshold) if index is None else index
        )
        self.index = LayeredIndex(
            curated_index,
            self._generated_index if generated is not None else None,
            history if history is not None else shared_history(),
        )

    @classmethod
    def load(
        cls,
        extra_dirs: Iterable[Path | str] = (),
        *,
        fuzzy_threshold: float = DEFAULT_FUZZY_THRESHOLD,
        generated: GeneratedLoader | None = None,
        history: WordingHistory | None = None,
    ) -> Catalog:
        """The bundled records and those of ``extra_dirs`` (a team's own), read from their
        compiled form when one was made from the same files by the same code (reading,
        checking and indexing the JSON takes a good part of a short run's time)."""
        sources = [bundled_record_dir(), *map(Path, extra_dirs)]
        key = _curated_key(sources)
        found = _read_curated(key, fuzzy_threshold) if key is not None else None
        if found is not None:
            loaded, index = found
        else:
            loaded = load_records(sources)
            index = RecordIndex(loaded.records, fuzzy_threshold=fuzzy_threshold)
            if key is not None:
                with contextlib.suppress(OSError, ValueError):
                    _write_curated(key, loaded, index)
        return cls(
            loaded,
            fuzzy_threshold=fuzzy_threshold,
            generated=generated,
            history=history,
            index=index,
        )

    def _generated_index(self) -> RecordIndex | None:
        assert self._generated_loader is not None
        found = self._generated_loader(self.curated, self._fuzzy_threshold)
        if found is None:
            return None
        with self._lock:
            # Not copied nor walked here: read from the compiled form, a generated record is
            # made on first use, and a check uses a few of thousands.
            self._generated = found.records
            self._generated_problems = list(found.problems)
        return found.index

    def load_generated(self) -> bool:
        """Load the generated set now (seconds on a first build); whether there is one."""
        return self.index.second() is not None

    @property
    def generated_problems(self) -> list[RecordProblem]:
        with self._lock:
            return list(self._generated_problems)

    @property
    def records(self) -> list[Record]:
        """Every record known so far: the curated ones, then the generated ones if loaded."""
        with self._lock:
            return [*self.curated, *self._generated]

    def record(self, key: str | None) -> Record | None:
        """The record with this id, or this code (a past raise site's, as a match on its
        wording gives it, too)."""
        if not key:
            return None
        with self._lock:
            found = self._by_id.get(key)
            if found is None and self._generated:
                found = self._generated_by("id").get(key)
            found = found or self._by_code.get(key)
            if found is None and self._generated:
                found = self._generated_by("code").get(key)
        if found is None and self.index.history is not None:
            found = self.index.history.record_for_code(key)
        return found

    def _generated_by(self, field: str) -> dict[str, Record]:
        """The generated records by ``id`` or ``code`` (the first of each), made on first need
        (with the lock held)."""
        found = self._generated_by_key.get(field)
        if found is None:
            found = {}
            for record in self._generated:
                found.setdefault(getattr(record, field), record)
            self._generated_by_key[field] = found
        return found

    def match(self, message: str, exc_type: str | None = None) -> Match | None:
        return self.index.match(message, exc_type)

    def raised_by_function(self, function: str, exc_type: str) -> Match | None:
        return self.index.raised_by_function(function, exc_type)

    def paraphrase(self, text: str, exc_type: str | None = None) -> Match | None:
        return self.index.paraphrase(text, exc_type)

    def match_raised(
        self, message: str, exc_type: str | None, frames: Iterable[tuple[str, str | None]]
    ) -> Match | None:
        return self.index.match_raised(message, exc_type, frames)


# Bumped when what a compiled form of the curated records holds changes shape.
_CURATED_FORMAT = 1
# How many compiled forms of curated records are kept (a team's records make their own).
MAX_CURATED_FORMS = 8


def _curated_key(sources: list[Path]) -> str | None:
    """What a compiled form of the records in ``sources`` depends on: every record file (path,
    size, time), the code that reads and indexes them, the interpreter (``marshal``'s format is
    its own). None when a source is missing or a file cannot be looked at: then the JSON is
    read, and its problems reported."""
    from jaxerr_ls import __version__, compiled, jsonfields, matching, patterns, records

    problems: list[RecordProblem] = []
    parts: list[object] = [_CURATED_FORMAT, sys.version, marshal.version, __version__]
    try:
        files = list(json_files(sources, problems))
        modules = [Path(m.__file__ or "") for m in (compiled, jsonfields, matching, patterns)]
        for path in [*modules, Path(records.__file__ or ""), Path(__file__), *files]:
            status = path.stat()
            parts += [path, status.st_size, status.st_mtime_ns]
    except OSError:
        return None
    return None if problems else "\0".join(map(str, parts))


def _curated_path(key: str) -> Path:
    from jaxerr_ls.compiled import cache_dir

    return cache_dir() / f"curated-{zlib.crc32(key.encode()):08x}.compiled"


def _read_curated(key: str, fuzzy_threshold: float) -> tuple[LoadResult, RecordIndex] | None:
    from jaxerr_ls import compiled

    try:
        found = compiled.read(_curated_path(key))
        if found is None:
            return None
        (stored_key, problems, exported), (rows, matchers) = found
        if stored_key != key:  # another set of files whose key has the same checksum
            return None
        records = [compiled.record_from_row(row) for row in rows]
        index = RecordIndex.from_export(
            records, (matchers, *exported), fuzzy_threshold=fuzzy_threshold
        )
        kept = [RecordProblem(*problem) for problem in problems]
    except (OSError, EOFError, ValueError, TypeError, IndexError, re.error):
        return None
    return LoadResult(records, kept), index


def _write_curated(key: str, loaded: LoadResult, index: RecordIndex) -> None:
    from jaxerr_ls import compiled

    matchers, *exported = index.export()
    problems = [(p.path, p.field, p.message) for p in loaded.problems]
    path = _curated_path(key)
    rows = map(compiled.record_row, loaded.records)
    compiled.write(path, (key, problems, tuple(exported)), [rows, matchers])
    compiled.keep_newest(path.parent, "curated-*.compiled", MAX_CURATED_FORMS)
