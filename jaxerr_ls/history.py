"""The wording history: every JAX release's error messages, tied to today's records.

``data/history/jax-wordings.json.gz`` (rebuilt by ``scripts/build-history`` from the source of
every JAX release since 0.4.1) lists each raise site, followed across releases, and each wording
it had with the releases that raise it. Every wording is tied to the curated record that
explains it (or explains its site's newest wording), else to the record generated from the
site's newest release. So a message worded as in an older (or newer) JAX than the installed one
still finds its record, and any match can say which releases raise the message's wording.

Everything is read on first need: a run whose errors all match today's records exactly only
pays for the small per-record lookups that name their releases.
"""

from __future__ import annotations

import gzip
import json
import logging
import re
from collections.abc import Callable, Mapping, Sequence
from dataclasses import replace
from importlib import resources
from pathlib import Path
from typing import TYPE_CHECKING, Any, NamedTuple

from jaxerr_ls.matching import (
    MIN_LOOSE_WORDS,
    STAGE_FUZZY,
    Match,
    RecordIndex,
    class_penalty,
    message_words,
    segments_from_template,
)
from jaxerr_ls.records import Record

if TYPE_CHECKING:
    from jaxerr_ls.matching import _Segments

FORMAT = 1
HISTORY_PATH = "data/history/jax-wordings.json.gz"
STAGE_HISTORY = "history"
# An exact match on a past release's wording: below today's exact stages, above fuzzy ones.
HISTORY_SCORE = 0.93
GENERATED_TAGS = ("jax", "generated")
# Typographic ranges, as release notes write them ("0.4.14" EN DASH "0.4.30").
RANGE_DASH = "\u2013"

log = logging.getLogger(__name__)


def bundled_history_path() -> Path:
    return (Path(str(resources.files("jaxerr_ls"))) / HISTORY_PATH).resolve()


class Wording(NamedTuple):
    """One wording of one raise site, and the releases (numbered runs) that raise it; the
    table's rows as they are (thousands are read at once, so nothing is converted)."""

    template: str
    error_class: str
    site: int
    runs: list[list[int]]
    curated: str
    key: str


class Site(NamedTuple):
    """A raise site as its newest release has it."""

    file: str
    line: int
    function: str
    error_class: str
    code: str
    release: int
    current: int


_PLACEHOLDER_RE = re.compile(r"\{[^{}]*\}")


def wording_key(template: str) -> str:
    """A template with its placeholders blanked: the same for the same wording however its
    placeholders' expressions are spelled."""
    return _PLACEHOLDER_RE.sub("{}", template)


class WordingHistory:
    """The history table, parsed and indexed on first use."""

    def __init__(self, path: Path | None = None) -> None:
        self.path = path if path is not None else bundled_history_path()
        self._loaded = False
        self.releases: list[str] = []
        self._commits: list[str | None] = []
        self._sites: list[Site] = []
        self._wordings: list[Wording] = []
        # The wordings by their rarest word (chosen when the table was built); a message is
        # tried only on the wordings of its words, each compiled on first use.
        self._by_key: dict[str, list[int]] = {}
        self._unkeyed: list[int] = []
        self._compiled: dict[int, _Segments | None] = {}
        self._by_wording: dict[str, list[int]] | None = None
        self._by_curated: dict[str, list[int]] = {}
        self._curated_indexes: dict[str, RecordIndex] = {}
        self._site_records: dict[int, Record] = {}

    # -- loading ---------------------------------------------------------------------------

    def _load(self) -> None:
        if self._loaded:
            return
        self._loaded = True
        try:
            with gzip.open(self.path, "rt", encoding="utf-8") as stream:
                document = json.load(stream)
            self._read(document)
        except (OSError, ValueError, TypeError, KeyError, IndexError) as exc:
            # Without the table, matching works as before: today's wordings only.
            log.warning("wording history %s unreadable: %s", self.path, exc)
            self.releases, self._sites, self._wordings = [], [], []

    def _read(self, document: Mapping[str, Any]) -> None:
        if document.get("format") != FORMAT:
            raise ValueError(f"format {document.get('format')!r}, expected {FORMAT}")
        self.releases = [str(v) for v in document["releases"]]
        self._commits = [c if isinstance(c, str) else None for c in document["commits"]]
        self._sites = [Site(*row) for row in document["sites"]]
        self._wordings = [Wording(*row) for row in document["wordings"]]
        if len(self._commits) != len(self.releases) or any(
            not 0 <= w.site < len(self._sites) for w in self._wordings
        ):
            raise ValueError("rows name releases or sites the table does not have")
        for number, wording in enumerate(self._wordings):
            if wording.curated:
                self._by_curated.setdefault(wording.curated, []).append(number)
            if wording.key:
                self._by_key.setdefault(wording.key, []).append(number)
            else:
                self._unkeyed.append(number)

    # -- what releases raise a wording -----------------------------------------------------

    def releases_text(self, numbers: Sequence[int]) -> str | None:
        """Release numbers as runs of consecutive releases: ``0.4.14`` en dash ``0.4.30``,
        then ``, 0.5.1`` for a lone one."""
        runs: list[list[int]] = []
        for number in sorted(set(numbers)):
            if runs and runs[-1][1] == number - 1:
                runs[-1][1] = number
            else:
                runs.append([number, number])
        parts = []
        for first, last in runs:
            if first == last:
                parts.append(self.releases[first])
            else:
                parts.append(f"{self.releases[first]}{RANGE_DASH}{self.releases[last]}")
        return ", ".join(parts) or None

    def _numbers(self, wordings: Sequence[int]) -> list[int]:
        return [
            number
            for wording in wordings
            for first, last in self._wordings[wording].runs
            for number in range(first, last + 1)
        ]

    def releases_for(self, match: Match, message: str) -> str | None:
        """Which releases raise the wording a match found in a message, when known."""
        self._load()
        if not self._wordings or match.stage == STAGE_FUZZY:
            return None
        if "generated" in match.record.tags:
            releases = self._releases_of_wording(match.record.error_message)
            if releases is not None:
                return releases
        # A curated record: the wordings tied to it that the message has.
        index = self._curated_index(match.record.code)
        if index is None:
            return None
        found = [int(m.record.id) for m in index.match_all(message) if m.stage != STAGE_FUZZY]
        return self.releases_text(self._numbers(found)) if found else None

    def _releases_of_wording(self, template: str) -> str | None:
        if self._by_wording is None:
            self._by_wording = {}
            for number, wording in enumerate(self._wordings):
                self._by_wording.setdefault(wording_key(wording.template), []).append(number)
        wordings = self._by_wording.get(wording_key(template), [])
        return self.releases_text(self._numbers(wordings)) if wordings else None

    def _curated_index(self, code: str) -> RecordIndex | None:
        if code not in self._by_curated:
            return None
        index = self._curated_indexes.get(code)
        if index is None:
            numbers = self._by_curated[code]
            index = RecordIndex(
                [self._wording_record(n) for n in numbers], fuzzy_threshold=float("inf")
            )
            self._curated_indexes[code] = index
        return index

    # -- matching a past wording -----------------------------------------------------------

    def _wording_record(self, number: int) -> Record:
        """A wording as a record the matcher can index (its id is the wording's number)."""
        wording = self._wordings[number]
        return Record(
            id=str(number),
            code=f"wording-{number}",
            error_message=wording.template,
            message_pattern=_pattern(wording.template),
            error_class=wording.error_class,
            severity="error",
            documentation="",
            solutions=(),
            tags=GENERATED_TAGS,
        )

    def _segments(self, number: int) -> _Segments | None:
        """A wording compiled for matching; None for one too vague to claim a message that
        no record of today matched (fewer than three distinct words: "unhashable type: {x}")."""
        if number not in self._compiled:
            segments = segments_from_template(self._wordings[number].template)
            if segments is not None and len(segments.all_words()) < MIN_LOOSE_WORDS:
                segments = None
            self._compiled[number] = segments
        return self._compiled[number]

    def _exact(
        self, message: str, exc_type: str | None
    ) -> list[tuple[int, float, tuple[str, ...]]]:
        """(wording, score, captures) for each wording the message has, best first: exact
        class, then most literal text, then the ones tied to a curated record."""
        words = message_words(message)
        candidates = set(self._unkeyed)
        for word in words:
            candidates.update(self._by_key.get(word, ()))
        ranked: list[tuple[tuple[float, int, bool, int], tuple[str, ...]]] = []
        for number in candidates:
            wording = self._wordings[number]
            # The release that raised a wording raised it with this class: another class is
            # another error (a message printed without its class may have any).
            if class_penalty(wording.error_class, exc_type):
                continue
            segments = self._segments(number)
            captures = segments.search(message) if segments is not None else None
            if segments is None or captures is None:
                continue
            score = HISTORY_SCORE
            ranked.append(
                ((score, segments.literal_chars, bool(wording.curated), -number), captures)
            )
        ranked.sort(key=lambda item: item[0], reverse=True)
        return [(-rank[3], rank[0], captures) for rank, captures in ranked]

    def match(
        self,
        message: str,
        exc_type: str | None,
        curated: Callable[[str], Record | None],
        with_generated: bool,
    ) -> Match | None:
        """The record of the past (or present) wording the message has, tied to today's
        curated record (``curated`` looks one up by code) or, with ``with_generated``, to the
        record generated from its site's newest release."""
        self._load()
        for number, score, captures in self._exact(message, exc_type):
            wording = self._wordings[number]
            record = curated(wording.curated) if wording.curated else None
            if record is None and with_generated:
                record = self.site_record(wording.site)
            if record is not None:
                releases = self._releases_of_wording(wording.template)
                return Match(record, round(score, 4), STAGE_HISTORY, captures, releases)
        return None

    def site_record(self, number: int) -> Record:
        """The record generated from a site's newest release (its wording, file and line)."""
        record = self._site_records.get(number)
        if record is not None:
            return record
        site = self._sites[number]
        newest = next(
            w
            for w in self._wordings
            if w.site == number and any(last == site.release for _, last in w.runs)
        )
        release = self.releases[site.release]
        ref = self._commits[site.release] or f"jax-v{release}"
        link = f"https://github.com/jax-ml/jax/blob/{ref}/{site.file}#L{site.line}"
        where = f"{site.function} ({site.file})" if site.function != "<module>" else site.file
        status = "" if site.current else f" It was last raised by JAX {release}."
        record = Record(
            id=f"{site.code}@{release}",
            code=site.code,
            error_message=newest.template,
            message_pattern=_pattern(newest.template),
            error_class=site.error_class,
            severity="error",
            documentation=(
                f"JAX raises this {site.error_class} in {where}.{status} "
                "No curated explanation yet."
            ),
            solutions=(
                f"Read the check that raises it at {link} to see which condition the call did "
                "not meet, and change the inputs or the function passed to JAX accordingly.",
            ),
            file_path=site.file,
            line_number=site.line,
            github_url=link,
            repo="jax-ml/jax",
            tags=GENERATED_TAGS,
            dataset_version=f"jax-{release}",
        )
        self._site_records[number] = record
        return record

    def annotate(self, match: Match | None, message: str) -> Match | None:
        """The match with the releases that raise its wording, when the history knows them."""
        if match is None or match.releases is not None:
            return match
        releases = self.releases_for(match, message)
        return match if releases is None else replace(match, releases=releases)


def _pattern(template: str) -> str:
    """A template's literal-segment regex (what the extractor writes for generated records)."""
    segments = segments_from_template(template)
    if segments is None:
        return re.escape(template)
    body = "(.+?)".join(re.escape(piece) for piece in segments.literals)
    return (
        ("(.+?)" if segments.leading_gap else "")
        + body
        + ("(.+?)" if segments.trailing_gap else "")
    )
