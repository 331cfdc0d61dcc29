"""The wording history: every JAX release's error messages, tied to today's records.

``data/history/jax-wordings.json.gz`` (rebuilt by ``scripts/build-history`` from the source of
every JAX release since 0.1) lists each raise site, followed across releases, and each wording
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
from collections import OrderedDict
from collections.abc import Callable, Iterable, Mapping, Sequence
from dataclasses import replace
from pathlib import Path
from typing import TYPE_CHECKING, Any, NamedTuple, TypeVar

from jaxerr_ls import PACKAGE_DIR
from jaxerr_ls.matching import (
    FUZZY_WINDOW,
    MIN_LITERAL_CHARS,
    MIN_LOOSE_WORDS,
    RECENT_MATCHES,
    STAGE_FUZZY,
    WORD_START,
    Match,
    RecordIndex,
    captures_allowed,
    message_words,
    run_evidence,
    segments_from_template,
    sharing_most_beginning,
)
from jaxerr_ls.records import Record

if TYPE_CHECKING:
    from jaxerr_ls.matching import _Segments

FORMAT = 1
HISTORY_PATH = "data/history/jax-wordings.json.gz"
# Beside it: the wordings tied to each curated record, all that annotating their matches needs.
CURATED_NAME = "curated-wordings.json"
STAGE_HISTORY = "history"
# An exact match on a past release's wording: below today's exact stages, above fuzzy ones.
HISTORY_SCORE = 0.93
# A message that says only its class, when that class writes its one message itself: below
# every stage that read the message.
STAGE_CLASS = "class"
CLASS_SCORE = 0.5
# Likewise, when the class and the JAX function that raised it name one message.
STAGE_FUNCTION = "function"
GENERATED_TAGS = ("jax", "generated")
# How many of a wording's first characters index it for a cut message's beginning.
HEAD_KEY = 16
# Typographic ranges, as release notes write them ("0.4.14" EN DASH "0.4.30").
RANGE_DASH = "\u2013"

log = logging.getLogger(__name__)


# Where a sentence of a wording starts: its text's start, or after a sentence's end.
_SENTENCE_START_RE = re.compile(r"(?:^|(?<=[.:!?] ))(?=\S)")


def bundled_history_path() -> Path:
    return (Path(PACKAGE_DIR) / HISTORY_PATH).resolve()


class Wording(NamedTuple):
    """One wording of one raise site, and the releases (numbered runs) that raise it; the
    table's rows as they are (thousands are read at once, so nothing is converted)."""

    template: str
    error_class: str
    site: int
    runs: list[list[int]]
    curated: str
    key: str
    # The values the newest release's check leaves some wildcards (``captures_allowed``).
    values: list[list[Any]] | None = None


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
# Whitespace that is more than one space: a line break, a run of spaces.
_SPACES = re.compile(r"\s{2,}|[^\S ]")
# A word as the index reads a message's (``message_words``).
_OWN_WORD_RE = re.compile(r"[A-Za-z0-9_]{3,}")


def wording_key(template: str) -> str:
    """A template with its placeholders blanked: the same for the same wording however its
    placeholders' expressions are spelled."""
    return _PLACEHOLDER_RE.sub("{}", template) if "{" in template else template


def first_own_word(template: str) -> str | None:
    """The first word of a template's own text, its placeholders left out."""
    # Most wordings start with words of their own: before its first brace, a template is
    # what blanking its placeholders leaves (the table's wordings are all read at once).
    first = _OWN_WORD_RE.search(template)
    if first is not None and "{" not in template[: first.end()]:
        return first[0]
    first = _OWN_WORD_RE.search(_PLACEHOLDER_RE.sub(" ", template))
    return None if first is None else first[0]


def single_spaced(text: str) -> str:
    """``text`` with each run of whitespace (or a lone whitespace character other than a
    space) made one space."""
    # Most texts have nothing to change, and telling so is cheaper than the substitution (the
    # table's wordings are all read at once): a printable text holds no whitespace but spaces.
    if "  " not in text and text.isprintable():
        return text
    return _SPACES.sub(" ", text)


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
        self._compiled: dict[int, tuple[_Segments, frozenset[str]] | None] = {}
        self._spaced_segments: dict[int, _Segments] = {}
        self._by_wording: dict[str, list[int]] | None = None
        self._curated: dict[str, list[list[Any]]] | None = None
        self._curated_indexes: dict[str, RecordIndex] = {}
        self._site_records: dict[int, Record] = {}
        # Recent answers, as the indexes remember theirs: a log often repeats one error.
        self._recent: OrderedDict[tuple[str, str, str], str | None] = OrderedDict()
        self._recent_past: OrderedDict[tuple[str, str, bool], Match | None] = OrderedDict()
        self._by_class: dict[tuple[str, bool], Match | None] = {}
        self._head_index: dict[str, list[tuple[int, str]]] | None = None
        self._first_words: dict[str, list[int]] | None = None
        self._sentences: dict[str, list[tuple[int, int, int]]] | None = None

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
            self._sites, self._wordings, self._by_key, self._unkeyed = [], [], {}, []

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
            if wording.key:
                self._by_key.setdefault(wording.key, []).append(number)
            else:
                self._unkeyed.append(number)

    # -- what releases raise a wording -----------------------------------------------------

    def releases_text(self, numbers: Sequence[int]) -> str | None:
        """Release numbers as runs of consecutive releases: ``0.4.14`` en dash ``0.4.30``,
        then ``, 0.5.1`` for a lone one."""
        runs: list[list[int]] = []
        known = range(len(self.releases))
        for number in sorted(set(numbers) & set(known)):
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

    def releases_for(self, match: Match, message: str) -> str | None:
        """Which releases raise the wording a match found in a message, when known."""
        if match.stage in (STAGE_FUZZY, STAGE_CLASS, STAGE_FUNCTION):
            return None
        if "generated" in match.record.tags:
            self._load()
            return self._releases_of_wording(match.record.error_message) if self._wordings else None
        # A curated record: the wordings tied to it that the message has (from the small
        # table of those, so that a run whose errors all have curated records reads no more).
        index = self._curated_index(match.record.code)
        if index is None:
            return None
        rows = self._curated_rows().get(match.record.code, [])
        found = [int(m.record.id) for m in index.match_all(message) if m.stage != STAGE_FUZZY]
        runs = [run for number in found for run in rows[number][2]]
        return self.releases_text(_release_numbers(runs)) if runs else None

    def curated_releases(self, code: str) -> list[str]:
        """The releases that raise a wording of the curated record ``code``, oldest first (none
        where the table does not know the record)."""
        rows = self._curated_rows().get(code, [])
        numbers = _release_numbers([run for row in rows for run in row[2]])
        return [self.releases[n] for n in sorted(set(numbers)) if 0 <= n < len(self.releases)]

    def _releases_of_wording(self, template: str) -> str | None:
        if self._by_wording is None:
            self._by_wording = {}
            for number, wording in enumerate(self._wordings):
                self._by_wording.setdefault(wording_key(wording.template), []).append(number)
        wordings = self._by_wording.get(wording_key(template), [])
        runs = [run for number in wordings for run in self._wordings[number].runs]
        return self.releases_text(_release_numbers(runs)) if runs else None

    def _curated_rows(self) -> dict[str, list[list[Any]]]:
        """Each curated record's wordings: ``[template, errorClass, runs]`` rows."""
        if self._curated is None:
            self._curated = {}
            path = self.path.with_name(CURATED_NAME)
            try:
                document = json.loads(path.read_text(encoding="utf-8"))
                if document.get("format") != FORMAT:
                    raise ValueError(f"format {document.get('format')!r}, expected {FORMAT}")
                self._curated = dict(document["wordings"])
                if not self.releases:
                    self.releases = [str(v) for v in document["releases"]]
            except (OSError, ValueError, TypeError, KeyError) as exc:
                log.warning("wording history %s unreadable: %s", path, exc)
        return self._curated

    def _curated_index(self, code: str) -> RecordIndex | None:
        rows = self._curated_rows().get(code)
        if not rows:
            return None
        index = self._curated_indexes.get(code)
        if index is None:
            records = [
                _wording_record(str(number), template, error_class)
                for number, (template, error_class, _runs) in enumerate(rows)
            ]
            index = RecordIndex(records, fuzzy_threshold=float("inf"))
            self._curated_indexes[code] = index
        return index

    # -- matching a past wording -----------------------------------------------------------

    def _compile(self, number: int) -> tuple[_Segments, frozenset[str]] | None:
        """A wording's literal segments and the words any message with it contains; None for
        a wording too vague to claim a message that no record of today matched (fewer than
        three distinct words: "unhashable type: {x}")."""
        if number not in self._compiled:
            segments = segments_from_template(self._wordings[number].template)
            if segments is None or len(segments.all_words()) < MIN_LOOSE_WORDS:
                self._compiled[number] = None
            else:
                self._compiled[number] = (segments, frozenset(segments.interior_words()))
        return self._compiled[number]

    def _spaced(self, number: int, segments: _Segments) -> _Segments:
        """A wording's segments with each run of whitespace one space, for a message whose
        lines were wrapped where JAX's were not (a terminal's or a paste author's)."""
        spaced = self._spaced_segments.get(number)
        if spaced is None:
            literals = tuple(single_spaced(piece) for piece in segments.literals)
            spaced = self._spaced_segments[number] = replace(segments, literals=literals)
        return spaced

    def _exact(self, message: str, exc_type: str | None) -> list[tuple[int, tuple[str, ...]]]:
        """(wording, captures) for each wording the message has, best first: most literal
        text, then the ones tied to a curated record."""
        words = message_words(message)
        # The release that raised a wording raised it with its class: another class is
        # another error (a message printed without its class may have any).
        short_class = exc_type.rsplit(".", 1)[-1] if exc_type else None
        candidates = set(self._unkeyed)
        for word in words:
            candidates.update(self._by_key.get(word, ()))
        ranked: list[tuple[tuple[int, bool, int], tuple[str, ...]]] = []
        spaced_message: str | None = None
        for number in candidates:
            wording = self._wordings[number]
            if short_class is not None and wording.error_class != short_class:
                continue
            compiled = self._compile(number)
            if compiled is None or not compiled[1] <= words:
                continue
            captures = compiled[0].search(message)
            if captures is None and _SPACES.search(message):
                if spaced_message is None:
                    spaced_message = _SPACES.sub(" ", message)
                captures = self._spaced(number, compiled[0]).search(spaced_message)
            if captures is not None and captures_allowed(wording.values, captures):
                rank = (compiled[0].literal_chars, bool(wording.curated), -number)
                ranked.append((rank, captures))
        ranked.sort(key=lambda item: item[0], reverse=True)
        return [(-rank[2], captures) for rank, captures in ranked]

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

        def lookup() -> Match | None:
            self._load()
            for number, captures in self._exact(message, exc_type):
                wording = self._wordings[number]
                record = self._record_of(number, curated, with_generated)
                if record is not None:
                    releases = self._releases_of_wording(wording.template)
                    return Match(record, HISTORY_SCORE, STAGE_HISTORY, captures, releases=releases)
            return None

        return _remembered(self._recent_past, (message, exc_type or "", with_generated), lookup)

    def shared_beginning(
        self,
        line: str,
        exc_type: str | None,
        least: int,
        curated: Callable[[str], Record | None],
        with_generated: bool,
    ) -> Match | None:
        """The record of the past wording whose text begins with the most of ``line`` (at
        least ``least`` characters, up to its first placeholder), when the wordings that share
        that most are all tied to one record: a message cut short, or with details that no
        release printed (whitespace runs count as one space)."""
        self._load()
        line = single_spaced(line)
        if len(line) < least:
            return None
        short_class = exc_type.rsplit(".", 1)[-1] if exc_type else None
        heads = self._heads()
        found: Iterable[tuple[int, str]]
        if least >= HEAD_KEY:
            # A head that begins with the line's first ``least`` characters is under their key.
            found = heads.get(line[:HEAD_KEY], [])
        else:
            found = (item for group in heads.values() for item in group)
        best = sharing_most_beginning(
            (
                (number, head)
                for number, head in found
                if short_class is None or self._wordings[number].error_class == short_class
            ),
            line,
            least,
        )
        return self._tied_to_one_record(best, curated, with_generated)

    def first_line_record(
        self,
        line: str,
        exc_type: str | None,
        least: int,
        curated: Callable[[str], Record | None],
        with_generated: bool,
    ) -> Match | None:
        """The record of the past wording whose first line ``line`` is, whole, with at least
        ``least`` characters of its own text (placeholders may hold the rest): an exception
        line whose continuation a paste left out, or a summary line, in an older release's
        wording ("while_loop body function carry input and carry output must have equal
        types (e.g. ...), but they differ:"). None when the wordings that confirm the most of
        it are tied to several records."""
        self._load()
        short_class = exc_type.rsplit(".", 1)[-1] if exc_type else None
        firsts = self._first_word_index()
        candidates = {n for word in message_words(line) for n in firsts.get(word, ())}
        scored: list[tuple[int, int]] = []
        for number in candidates:
            if short_class is not None and self._wordings[number].error_class != short_class:
                continue
            compiled = self._compile(number)
            evidence = None if compiled is None else compiled[0].prefix_evidence(line, True)
            if evidence is not None and evidence >= least:
                scored.append((evidence, number))
        if not scored:
            return None
        most = max(evidence for evidence, _ in scored)
        best = sorted(n for evidence, n in scored if most - evidence < MIN_LITERAL_CHARS)
        return self._tied_to_one_record(best, curated, with_generated)

    def _tied_to_one_record(
        self,
        wordings: Sequence[int],
        curated: Callable[[str], Record | None],
        with_generated: bool,
    ) -> Match | None:
        """The history match of the one record these wordings are tied to (the first one's
        releases), or None where they are tied to several."""
        records = [self._record_of(number, curated, with_generated) for number in wordings]
        # One message raised from several places (a helper's error) is one answer.
        if None in records or len({_message_of(r) for r in records if r is not None}) != 1:
            return None
        record = records[0]
        assert record is not None
        releases = self._releases_of_wording(self._wordings[wordings[0]].template)
        return Match(record, HISTORY_SCORE, STAGE_HISTORY, releases=releases)

    def run_within(
        self,
        text: str,
        least: int,
        curated: Callable[[str], Record | None],
        with_generated: bool,
    ) -> Match | None:
        """The record of the past wording a run of ``text`` is, word for word (whitespace runs
        one space), from one of its sentences' starts on, for at least ``least`` characters of
        its own text: the part of an old message that a paste holds, its beginning left out
        (an excerpt that starts inside it, a paste of its second paragraph). None when the
        wordings whose run goes furthest are tied to several records."""
        self._load()
        index = self._sentence_index()
        text = single_spaced(text[:FUZZY_WINDOW])
        runs: dict[int, tuple[int, int]] = {}
        for start in WORD_START.finditer(text):
            position = start.start()
            for number, piece, offset in index.get(text[position : position + HEAD_KEY], ()):
                compiled = self._compile(number)
                if compiled is None:
                    continue
                segments = self._spaced(number, compiled[0])
                evidence, read = run_evidence(segments, piece, offset, text[position:])
                if evidence >= least and (position + read, -position) > runs.get(number, (0, 0)):
                    runs[number] = (position + read, -position)
        if not runs:
            return None
        furthest = max(runs.values())
        return self._tied_to_one_record(
            sorted(n for n, run in runs.items() if run == furthest), curated, with_generated
        )

    def _sentence_index(self) -> dict[str, list[tuple[int, int, int]]]:
        """(wording, piece, offset) of each sentence start in the wordings' own text (the
        first HEAD_KEY characters from there, whitespace runs one space, as the key)."""
        if self._sentences is None:
            self._sentences = {}
            for number, wording in enumerate(self._wordings):
                segments = segments_from_template(wording.template)
                if segments is None:
                    continue
                for piece, literal in enumerate(segments.literals):
                    spaced = single_spaced(literal)
                    first = piece == 0 and not segments.leading_gap
                    for found in _SENTENCE_START_RE.finditer(spaced):
                        if found.start() == 0 and not first:
                            continue  # after a placeholder: inside a sentence
                        key = spaced[found.start() : found.start() + HEAD_KEY]
                        if len(key) == HEAD_KEY:
                            self._sentences.setdefault(key, []).append(
                                (number, piece, found.start())
                            )
        return self._sentences

    def _first_word_index(self) -> dict[str, list[int]]:
        """The wordings by the first word of their own text (a message's first line holds
        it, whatever its placeholders hold)."""
        if self._first_words is None:
            self._first_words = {}
            for number, wording in enumerate(self._wordings):
                word = first_own_word(wording.template)
                if word is not None:
                    self._first_words.setdefault(word, []).append(number)
        return self._first_words

    def function_record(
        self,
        function: str,
        exc_type: str,
        curated: Callable[[str], Record | None],
        with_generated: bool,
    ) -> Match | None:
        """The record of the one message a JAX function raises with this class, in any
        release, for an error known only by its class and the JAX function it was raised in
        (a header cut before its message); None when the function has several such raise
        sites, or none."""
        self._load()
        short, name = exc_type.rsplit(".", 1)[-1], function.rsplit(".", 1)[-1]
        sites = {
            number
            for number, site in enumerate(self._sites)
            if site.error_class == short and site.function.rsplit(".", 1)[-1] == name
        }
        if not sites:
            return None
        wordings = [n for n, wording in enumerate(self._wordings) if wording.site in sites]
        return self._one_record(wordings, curated, with_generated, STAGE_FUNCTION)

    def _heads(self) -> dict[str, list[tuple[int, str]]]:
        """Each wording's text up to its first placeholder (whitespace runs one space), by its
        first HEAD_KEY characters."""
        if self._head_index is None:
            self._head_index = {}
            for number, wording in enumerate(self._wordings):
                head = single_spaced(wording.template.split("{", 1)[0])
                self._head_index.setdefault(head[:HEAD_KEY], []).append((number, head))
        return self._head_index

    def class_record(
        self,
        exc_type: str,
        curated: Callable[[str], Record | None],
        with_generated: bool,
    ) -> Match | None:
        """The record of the message a JAX error class writes itself (its ``__init__`` is the
        raise site: ``TracerBoolConversionError(tracer)``), for an error of which only the
        class is known (a header cut before its message). None for a class whose raisers
        write the message (``UnexpectedTracerError(msg)``): its class alone says too little."""
        short = exc_type.rsplit(".", 1)[-1]
        key = (short, with_generated)
        if key not in self._by_class:
            self._by_class[key] = self._class_record(short, curated, with_generated)
        return self._by_class[key]

    def _class_record(
        self, short: str, curated: Callable[[str], Record | None], with_generated: bool
    ) -> Match | None:
        self._load()
        own = f"{short}.__init__"
        sites = [
            number
            for number, site in enumerate(self._sites)
            if site.function == own and site.error_class == short
        ]
        if not sites:
            return None
        # The site as the newest release raises it (a class's message moved within it).
        site = max(sites, key=lambda n: (self._sites[n].current, self._sites[n].release))
        newest = [
            number
            for number, wording in enumerate(self._wordings)
            if wording.site == site
            and any(last == self._sites[site].release for _, last in wording.runs)
        ]
        return self._one_record(newest, curated, with_generated, STAGE_CLASS)

    def _one_record(
        self,
        wordings: Iterable[int],
        curated: Callable[[str], Record | None],
        with_generated: bool,
        stage: str,
    ) -> Match | None:
        """The match of the one record these wordings have between them (scored as a class
        alone says), or None where they have several, or one has none."""
        records = {self._record_of(number, curated, with_generated) for number in wordings}
        if len(records) != 1 or None in records:
            return None
        record = records.pop()
        assert record is not None
        return Match(record, CLASS_SCORE, stage)

    def _record_of(
        self, number: int, curated: Callable[[str], Record | None], with_generated: bool
    ) -> Record | None:
        """The record a wording is tied to: its curated one, else its site's generated one."""
        wording = self._wordings[number]
        record = curated(wording.curated) if wording.curated else None
        if record is None and with_generated:
            record = self.site_record(wording.site)
        return record

    def record_for_code(self, code: str) -> Record | None:
        """The record of the raise site with this code (as ``check`` prints a past site's
        record, which no generated set of today holds), else None."""
        self._load()
        number = next((n for n, site in enumerate(self._sites) if site.code == code), None)
        return None if number is None else self.site_record(number)

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
        releases = _remembered(
            self._recent, (match.record.id, match.stage, message), self.releases_for, match, message
        )
        return match if releases is None else replace(match, releases=releases)


K = TypeVar("K")
V = TypeVar("V")


def _remembered(recent: OrderedDict[K, V], key: K, compute: Callable[..., V], *args: Any) -> V:
    """``compute(*args)``, or its value remembered under ``key`` (the last few are kept)."""
    if key in recent:
        recent.move_to_end(key)
        return recent[key]
    value = recent[key] = compute(*args)
    if len(recent) > RECENT_MATCHES:
        recent.popitem(last=False)
    return value


def _message_of(record: Record) -> str:
    """What the records of one message share: a generated record's code without the hash of
    its site, a curated record's code."""
    return record.code.rsplit("-", 1)[0] if "generated" in record.tags else record.code


def _release_numbers(runs: Sequence[Sequence[int]]) -> list[int]:
    return [number for first, last in runs for number in range(first, last + 1)]


def _wording_record(record_id: str, template: str, error_class: str) -> Record:
    """A wording as a record the matcher can index."""
    return Record(
        id=record_id,
        code=f"wording-{record_id}",
        error_message=template,
        message_pattern=_pattern(template),
        error_class=error_class,
        severity="error",
        documentation="",
        solutions=(),
        tags=GENERATED_TAGS,
    )


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
