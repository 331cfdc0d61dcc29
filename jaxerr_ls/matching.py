"""Error message -> known-error record with a score: pattern, template, fuzzy and prefix stages.

Matching must stay fast on hostile input (a 1 MB message line) and on a store of thousands of
records. So a record's ``messagePattern`` and ``errorMessage`` template are compiled, where
they allow it, into literal segments separated by wildcards and matched with ``str.find``
(linear, no backtracking); only patterns using other regex features fall back to ``re``, on a
bounded window of the message. A word index picks the few records whose words occur in the
message before any of them is tried, so the cost grows with the candidates, not the store.
"""

from __future__ import annotations

import math
import re
import threading
from collections import OrderedDict, defaultdict
from collections.abc import Callable, Iterable, Iterator, Mapping, Sequence
from dataclasses import dataclass, field, replace
from typing import TYPE_CHECKING, Any, Protocol, TypeVar, overload, runtime_checkable

from jaxerr_ls.records import Record, path_ends_with

if TYPE_CHECKING:
    from jaxerr_ls.history import WordingHistory

# Word-character runs, as the index sees words in both the records and the messages.
_WORD_RE = re.compile(r"[A-Za-z0-9_]+")
_MIN_WORD = 3
_WHITESPACE_RUN = re.compile(r"\s+")
# How much of a message the regex fallback and the fuzzy stage look at.
REGEX_WINDOW = 8192
FUZZY_WINDOW = 4096
# Fuzzy candidates must share this fraction of a record's (IDF-weighted) words with the message.
FUZZY_MIN_OVERLAP = 0.5
FUZZY_MAX_CANDIDATES = 8
FUZZY_COMMON_WORD_RECORDS = 32
FUZZY_COMMON_WORD_SHARE = 0.05
DEFAULT_FUZZY_THRESHOLD = 80.0
# Below this many literal characters a pattern is too vague to claim a message on its own.
MIN_LITERAL_CHARS = 12
# A template (or fuzzy text) with fewer distinct words than this ("expected {x}, got {y}")
# would claim unrelated messages: such a record matches by its messagePattern only.
MIN_LOOSE_WORDS = 3
RECENT_MATCHES = 1024
_ELLIPSIS_END = re.compile(r"\s*(?:\.\.\.|\u2026)$")
GENERATED_TAG = "generated"

STAGE_PATTERN = "pattern"
STAGE_TEMPLATE = "template"
STAGE_FUZZY = "fuzzy"
STAGE_PREFIX = "prefix"
# A quoted message with words left out (an ellipsis inside it) that fits one record.
STAGE_ELIDED = "elided"
# A record's text found inside a line of prose (a title, a sentence quoting the message).
STAGE_WITHIN = "within"
# pytest's short summary (``--tb=no``, ``-rA``) cuts a message to the terminal's width and
# ends it with this; such a message says only how the real one begins.
TRUNCATION_MARK = "..."
PREFIX_SCORE = 0.85
PREFIX_KEY = 16


@dataclass(frozen=True, slots=True)
class Match:
    """A record that explains a message. ``score`` is 1.0 for an exact pattern match,
    slightly less for the template stage, and the fuzzy similarity (0-1) scaled below both
    for the fuzzy stage; a truncated message's one possible record (the prefix stage) scores
    PREFIX_SCORE; a past JAX release's wording (stage ``history``) scores between the exact
    stages and the fuzzy one. ``captures`` are the texts the pattern's wildcards matched.
    ``releases`` names the JAX releases that raise the message's wording (runs such as
    ``0.4.14`` to ``0.4.30``, written with an en dash), when the wording history knows them."""

    record: Record
    score: float
    stage: str
    captures: tuple[str, ...] = ()
    # The captures of the pattern's named groups (``(?P<primal>.+?)``), which is how the
    # culprit search and the fixes read a message: by name, never by position.
    named: Mapping[str, str] = field(default_factory=dict)
    releases: str | None = None


def captures_allowed(values: Any, captures: Sequence[str]) -> bool:
    """Whether a message's captures are values its raise site can print: ``values`` (a
    generated record's ``placeholderValues``, ``[[wildcard, [value, ...]], ...]``) lists the
    values the check around the raise leaves some wildcards; any other there (Python's own
    ``unsupported operand type(s) for *: 'float' and 'Linear'`` beside a JAX site that raises
    that wording only for a tuple or list) is another error's message."""
    if not values:
        return True
    for number, allowed in values:
        if number < len(captures) and captures[number] not in allowed:
            return False
    return True


def excluded_by_values(record: Record, message: str) -> bool:
    """Whether the whole of a record's message is in ``message`` with a value its raise site
    cannot print (``captures_allowed``): what a loose stage (a cut message, a run within
    prose) would take for it is then another error's."""
    values = record.raw.get("placeholderValues")
    if not values:
        return False
    segments = segments_from_pattern(record.message_pattern)
    found = segments.search(message) if segments is not None else None
    return found is not None and not captures_allowed(values, found)


@dataclass(frozen=True, slots=True)
class _Segments:
    """A pattern as literal pieces with a wildcard between each, and maybe at each end."""

    literals: tuple[str, ...]
    leading_gap: bool
    trailing_gap: bool
    # The group name of each wildcard, in order (None for an unnamed one); empty: none named.
    names: tuple[str | None, ...] = ()

    @property
    def literal_chars(self) -> int:
        return sum(len(piece) for piece in self.literals)

    def search(self, text: str) -> tuple[str, ...] | None:
        """Leftmost match with lazy wildcards that may span lines (re.DOTALL semantics).

        Leftmost-first ``find`` of each piece in turn gives exactly the lazy regex's match:
        a wildcard accepts anything, so an earlier occurrence of a piece never blocks a later
        piece that a later occurrence would have allowed.
        """
        start = text.find(self.literals[0])
        if start < 0:
            return None
        captures: list[str] = []
        if self.leading_gap:
            captures.append(text[:start])
        position = start + len(self.literals[0])
        for piece in self.literals[1:]:
            found = text.find(piece, position)
            if found < 0:
                return None
            captures.append(text[position:found])
            position = found + len(piece)
        if self.trailing_gap:
            end = text.find("\n", position)
            captures.append(text[position : len(text) if end < 0 else end].rstrip())
        return tuple(captures)

    def named(self, captures: tuple[str, ...]) -> dict[str, str]:
        return {name: text for name, text in zip(self.names, captures, strict=False) if name}

    def folded(self) -> _Segments:
        """These segments with each run of whitespace in a literal piece one space (a piece
        that was only whitespace stays one space), and none at the message's ends (a folded
        message has none there)."""
        literals = [_WHITESPACE_RUN.sub(" ", piece) for piece in self.literals]
        leading, trailing = self.leading_gap, self.trailing_gap
        if not leading:
            literals[0] = literals[0].lstrip()
        if not trailing:
            literals[-1] = literals[-1].rstrip()
        # A piece that was only whitespace at an end is gone: its wildcard is the end now.
        if len(literals) > 1 and not literals[0]:
            literals, leading = literals[1:], True
        if len(literals) > 1 and not literals[-1]:
            literals, trailing = literals[:-1], True
        return replace(self, literals=tuple(literals), leading_gap=leading, trailing_gap=trailing)

    def named_in_beginning(self, text: str) -> dict[str, str]:
        """The named captures that a message beginning with ``text`` fixes: those of the
        wildcards before the first literal piece the text does not hold whole."""
        captures: list[str] = []
        position = 0
        for number, piece in enumerate(self.literals):
            found = text.find(piece, position)
            cut = found < 0
            if cut:
                # The text may end part-way through this piece: the wildcard before it ends
                # where that part begins, as a lazy wildcard's would.
                overlap = _overlap(text[position:], piece)
                if not overlap:
                    break
                found = len(text) - overlap
            if number or self.leading_gap:
                captures.append(text[position:found])
            if cut:
                break
            position = found + len(piece)
        return self.named(tuple(captures))

    def prefix_evidence(self, text: str, to_line_end: bool = False) -> int | None:
        """How many literal characters ``text`` confirms when read as the beginning of a
        message this pattern matches; None when no such message begins with ``text``.

        The text may end anywhere: in a wildcard (then anything before was its value) or
        part-way through a literal piece; with ``to_line_end``, only where the message breaks
        its line (the text is its first line or lines, whole).
        """
        position = evidence = 0
        last = len(self.literals) - 1
        for number, piece in enumerate(self.literals):
            if number == 0 and not self.leading_gap:
                if text.startswith(piece):
                    position = evidence = len(piece)
                    continue
                if not piece.startswith(text):
                    return None
                return len(text) if not to_line_end or _breaks_at(piece, len(text)) else None
            if number == last and not self.trailing_gap:
                # The message ends with this piece: only an occurrence at the text's end is it.
                at_end = text.endswith(piece) and len(text) - len(piece) >= position
                found = len(text) - len(piece) if at_end else -1
            else:
                found = text.find(piece, position)
            if found < 0:
                # The text ends before this piece is complete: in the wildcard before it
                # (which then holds the rest of the text), or part-way through the piece.
                overlap = _overlap(text[position:], piece)
                if to_line_end and not _breaks_at(piece, overlap):
                    return None
                return evidence + overlap
            evidence += len(piece)
            position = found + len(piece)
        return evidence if self.trailing_gap or position == len(text) else None

    def interior_words(self) -> set[str]:
        """Words wholly inside a literal piece: any matching message contains them as words."""
        words: set[str] = set()
        for piece in self.literals:
            for found in _WORD_RE.finditer(piece):
                if found.start() == 0 or found.end() == len(piece):
                    continue
                if len(found.group()) >= _MIN_WORD:
                    words.add(found.group())
        return words

    def all_words(self) -> set[str]:
        return {
            word for piece in self.literals for word in _WORD_RE.findall(piece) if len(word) >= 3
        }


_REGEX_META = set("()[]{}|*+?^$.")
_ESCAPE_CLASSES = set("dDsSwWbBAZ0123456789")


# One token of a pattern: a wildcard, an escape, a regex metacharacter, or a run of literal text.
_PATTERN_TOKEN = re.compile(
    r"(?P<wild>\((?:\?P<(?P<name>[A-Za-z_]\w*)>)?\.[+*]\??\)|\.\+\?|\.\*\?|\.\+|\.\*)"
    r"|\\(?P<esc>.)"
    r"|(?P<meta>[()\[\]{}|*+?^$.\\])"
    r"|(?P<lit>[^()\[\]{}|*+?^$.\\]+)",
    re.DOTALL,
)


def segments_from_pattern(pattern: str) -> _Segments | None:
    """Split a regex made only of literals and ``(.+?)``-style wildcards; None if it uses more."""
    literals: list[str] = []
    current: list[str] = []
    names: list[str | None] = []
    leading_gap = trailing_gap = False
    for token in _PATTERN_TOKEN.finditer(pattern):
        kind = "wild" if token["wild"] is not None else token.lastgroup
        if kind == "wild":
            names.append(token["name"])
            if current:
                literals.append("".join(current))
                current = []
            elif not literals:
                leading_gap = True
            trailing_gap = True
            continue
        if kind == "esc":
            escaped = token["esc"]
            if escaped in _ESCAPE_CLASSES:
                return None
            current.append({"n": "\n", "t": "\t"}.get(escaped, escaped))
        elif kind == "lit":
            current.append(token["lit"])
        else:  # a metacharacter, or a backslash that ends the pattern
            return None
        trailing_gap = False
    if current:
        literals.append("".join(current))
    if not literals:
        return None
    named = tuple(names) if any(names) else ()
    return _Segments(tuple(literals), leading_gap, trailing_gap, named)


_BRACE = re.compile(r"[{}]")


def segments_from_template(template: str) -> _Segments | None:
    """Split an f-string-like template (``{expr}`` placeholders, ``{{``/``}}`` literal braces)."""
    literals: list[str] = []
    current: list[str] = []
    leading_gap = trailing_gap = False
    index = 0
    while index < len(template):
        char = template[index]
        if char == "{" and template.startswith("{{", index):
            current.append("{")
            index += 2
        elif char == "}" and template.startswith("}}", index):
            current.append("}")
            index += 2
        elif char == "{":
            depth = 0
            end = index
            while end < len(template):
                if template[end] == "{":
                    depth += 1
                elif template[end] == "}":
                    depth -= 1
                    if depth == 0:
                        break
                end += 1
            if current:
                literals.append("".join(current))
                current = []
            elif not literals:
                leading_gap = True
            trailing_gap = True
            index = end + 1
            continue
        elif char == "}":
            current.append(char)
            index += 1
        else:
            brace = _BRACE.search(template, index)
            stop = brace.start() if brace is not None else len(template)
            current.append(template[index:stop])
            index = stop
        trailing_gap = False
    if current:
        literals.append("".join(current))
    if not literals:
        return None
    return _Segments(tuple(literals), leading_gap, trailing_gap)


def _regex_required_words(pattern: str) -> set[str]:
    """Words that every match of a general regex must contain: literal runs at the top level.

    Conservative: a pattern with a top-level alternation yields none, and any character that
    a quantifier follows breaks the run it is in.
    """
    runs = _regex_runs(pattern)
    pieces = tuple(run for run in runs or () if run)
    return _Segments(pieces, False, False).interior_words() if pieces else set()


def relaxed_segments(pattern: str) -> _Segments | None:
    """A general regex loosened to its top-level literal runs with a wildcard for everything
    else (groups, classes, optional characters): every message the regex matches, and more.

    Good for asking whether a message *could* match (a truncated one), not whether it does.
    """
    runs = _regex_runs(pattern[1:] if pattern.startswith("^") else pattern)
    pieces = tuple(run for run in runs or () if run)
    if runs is None or not pieces:
        return None
    return _Segments(pieces, leading_gap=runs[0] == "", trailing_gap=runs[-1] == "")


def _regex_runs(pattern: str) -> list[str] | None:
    """The literal runs at the top level of a regex, in order, with an empty run wherever
    something else (a group, a class, an optional character) stands; None for a top-level
    alternation."""
    runs: list[str] = []
    current: list[str] = []
    depth = 0
    index = 0
    in_class = False
    while index < len(pattern):
        char = pattern[index]
        nxt = pattern[index + 1] if index + 1 < len(pattern) else ""
        if in_class:
            in_class = char != "]"
            index += 1
            continue
        if char == "\\" and nxt and nxt not in _ESCAPE_CLASSES:
            literal, width = {"n": "\n", "t": "\t"}.get(nxt, nxt), 2
        elif char == "\\":
            literal, width = None, 2
        elif char == "[":
            literal, width, in_class = None, 1, True
        elif char == "(":
            literal, width, depth = None, 1, depth + 1
        elif char == ")":
            literal, width, depth = None, 1, depth - 1
        elif char == "|" and depth == 0:
            return None
        elif char in _REGEX_META:
            literal, width = None, 1
        else:
            literal, width = char, 1
        follower = pattern[index + width : index + width + 1]
        if literal is not None and depth == 0 and follower not in ("?", "*", "{", "+"):
            current.append(literal)
        else:
            if literal is not None and depth == 0 and follower == "+":
                current.append(literal)  # once for certain, then maybe more of it
            runs.append("".join(current))
            current = []
        index += width
    runs.append("".join(current))
    return runs


@dataclass(slots=True)
class _Matcher:
    record: Record
    stage: str
    segments: _Segments | None
    regex: re.Pattern[str] | None
    required: frozenset[str]
    specificity: int
    # What a truncated message is tested against: the segments, or a general regex loosened.
    loose: _Segments | None = None
    # The segments with each whitespace run one space, made on a re-flowed message's first try.
    folded: _Segments | None = None

    def captures(self, message: str) -> tuple[tuple[str, ...], dict[str, str]] | None:
        """The texts the wildcards matched, in order and by group name; None: no match."""
        if self.segments is not None:
            found = self.segments.search(message)
            return None if found is None else (found, self.segments.named(found))
        assert self.regex is not None
        match = self.regex.search(message[:REGEX_WINDOW])
        if match is None:
            return None
        named = {name: text for name, text in match.groupdict().items() if text is not None}
        return tuple(g or "" for g in match.groups()), named

    def reflowed_captures(self, message: str) -> tuple[tuple[str, ...], dict[str, str]] | None:
        """``captures`` of a message whose whitespace runs are single spaces, by the literal
        pieces folded alike (a general regex is not tried: its whitespace is its own)."""
        if self.segments is None:
            return None
        if self.folded is None:
            self.folded = self.segments.folded()
        found = self.folded.search(message)
        return None if found is None else (found, self.folded.named(found))


# A _Segments as plain values: literals, leading gap, trailing gap, wildcard names.
ExportedSegments = tuple[tuple[str, ...], bool, bool, tuple[str | None, ...]]
# A _Matcher as plain values: record position, stage, segments, regex source, required words,
# specificity, loose segments.
ExportedMatcher = tuple[
    int, str, ExportedSegments | None, str | None, tuple[str, ...], int, ExportedSegments | None
]


# The index as plain values: its matchers, each one's record position, the exact index (key ->
# matcher numbers, the numbers under no key, their codes), the prefix index (see
# ``_PrefixIndex``), each record's fuzzy text and words, and the conditioned records' positions.
ExportedPrefixIndex = tuple[dict[int, dict[str, list[int]]], list[int], dict[str, list[int]]]
ExportedIndex = tuple[
    Sequence[ExportedMatcher],
    list[int],
    dict[str, list[int]],
    list[int],
    list[str],
    ExportedPrefixIndex,
    dict[int, tuple[str, tuple[str, ...]]],
    list[int],
]


def _export_segments(segments: _Segments) -> ExportedSegments:
    return (segments.literals, segments.leading_gap, segments.trailing_gap, segments.names)


T_co = TypeVar("T_co", covariant=True)


class _MadeOnUse(Sequence[T_co]):
    """Items made from stored values on first use, each once: an index of thousands of
    records, most of which a run never matches, costs only what it matches."""

    def __init__(self, stored: Sequence[object], make: Callable[[object], T_co]) -> None:
        self._stored = stored
        self._make = make
        self._made: list[T_co | None] = [None] * len(stored)
        self._lock = threading.RLock()

    def __len__(self) -> int:
        return len(self._made)

    @overload
    def __getitem__(self, number: int) -> T_co: ...

    @overload
    def __getitem__(self, number: slice) -> list[T_co]: ...

    def __getitem__(self, number: int | slice) -> T_co | list[T_co]:
        if isinstance(number, slice):
            return [self[n] for n in range(*number.indices(len(self._made)))]
        made = self._made[number]
        if made is None:
            # Once per item even with threads (the server's): records are told apart by
            # identity, and a matcher holds the very record the index gives.
            with self._lock:
                made = self._made[number]
                if made is None:
                    made = self._made[number] = self._make(self._stored[number])
                    self._made_now(number % len(self._made), made)
        return made

    def __iter__(self) -> Iterator[T_co]:
        for number in range(len(self._made)):
            yield self[number]

    def made_count(self) -> int:
        """How many items have been made so far."""
        return sum(made is not None for made in self._made)

    def _made_now(self, number: int, item: T_co) -> None:  # type: ignore[misc]
        """Called once for each item made (a covariant parameter: the item is only read)."""


class LazyRecords(_MadeOnUse[Record]):
    """Records made from stored values (``make``) on first use, each knowing its position."""

    def __init__(self, stored: Sequence[object], make: Callable[[object], Record]) -> None:
        super().__init__(stored, make)
        self._positions: dict[int, int] = {}

    def _made_now(self, number: int, item: Record) -> None:
        self._positions[id(item)] = number

    def position(self, record: Record) -> int | None:
        """Where ``record`` (one made here) is, or None."""
        return self._positions.get(id(record))


def _matcher_from_export(records: Sequence[Record], values: ExportedMatcher) -> _Matcher:
    number, stage, segments, regex, required, specificity, loose = values
    return _Matcher(
        records[number],
        stage,
        None if segments is None else _Segments(*segments),
        None if regex is None else re.compile(regex, re.DOTALL),
        frozenset(required),
        specificity,
        None if loose is None else _Segments(*loose),
    )


class _PrefixIndex:
    """The patterns a truncated message is tested against, by how they start: literal text
    (keyed on its first PREFIX_KEY characters, or all of it when shorter), or a placeholder
    (keyed on each of its words that few records use)."""

    # Each holds matcher numbers (positions in the index's matchers).
    def __init__(self, matchers: Iterable[_Matcher], store_size: int) -> None:
        self.by_start: dict[int, dict[str, list[int]]] = defaultdict(lambda: defaultdict(list))
        self.short_start: list[int] = []
        by_word: dict[str, list[int]] = defaultdict(list)
        for number, matcher in enumerate(matchers):
            segments = matcher.segments or matcher.loose
            if segments is None:
                continue
            if not segments.leading_gap:
                first = segments.literals[0]
                if len(first) < _MIN_WORD:
                    self.short_start.append(number)
                else:
                    key = first[:PREFIX_KEY]
                    self.by_start[len(key)][key].append(number)
                continue
            for word in segments.all_words():
                by_word[word].append(number)
        limit = max(FUZZY_COMMON_WORD_RECORDS, int(FUZZY_COMMON_WORD_SHARE * store_size))
        self.gap_first = {word: found for word, found in by_word.items() if len(found) <= limit}

    def export(self) -> ExportedPrefixIndex:
        by_start = {length: dict(keys) for length, keys in self.by_start.items()}
        return by_start, self.short_start, self.gap_first

    @classmethod
    def from_export(cls, exported: ExportedPrefixIndex) -> _PrefixIndex:
        index = cls((), 0)
        index.by_start, index.short_start, index.gap_first = exported
        return index


# A word's first character: where a quoted run of a record's text may start, in the record's
# literal text and in the text quoting it alike.
WORD_START = re.compile(r"(?<!\w)\w")


class _WordStartIndex:
    """The patterns' literal pieces keyed on the PREFIX_KEY characters from each word start
    in them: where a run of a record's text that a line of prose quotes (cut at either end)
    may start."""

    def __init__(self, matchers: Iterable[_Matcher]) -> None:
        self.at: dict[str, list[tuple[_Matcher, _Segments, int, int]]] = defaultdict(list)
        for matcher in matchers:
            segments = matcher.segments or matcher.loose
            if segments is None:
                continue
            for number, piece in enumerate(segments.literals):
                for start in WORD_START.finditer(piece):
                    key = piece[start.start() : start.start() + PREFIX_KEY]
                    if len(key) == PREFIX_KEY:
                        self.at[key].append((matcher, segments, number, start.start()))


def run_evidence(segments: _Segments, number: int, offset: int, text: str) -> tuple[int, int]:
    """How many literal characters ``text`` confirms read from piece ``number``'s character
    ``offset`` on, and how far into ``text`` the reading goes: the run they share, ending at
    a word boundary of ``text`` (or its end), and past that piece's end as much of the rest
    of the message as the text goes on with."""
    piece = segments.literals[number][offset:]
    shared = _shared_prefix(piece, text)
    if shared == len(piece) and number + 1 < len(segments.literals):
        rest = _Segments(segments.literals[number + 1 :], True, segments.trailing_gap)
        more = rest.prefix_evidence(text[shared:])
        return (shared, shared) if more is None else (shared + more, len(text))
    if shared < len(text) and text[shared].isalnum() and text[shared - 1].isalnum():
        # The two part mid-word: only the whole words before it are shared.
        shared = max(0, text.rfind(" ", 0, shared) + 1)
    return shared, shared


def _conditioned(records: Iterable[Record]) -> list[tuple[Record, re.Pattern[str]]]:
    """The records that own a message only where the traceback shows a frame (``raisedIn``),
    each with its compiled pattern: never matched by the message alone (``match_raised``)."""
    return [(r, re.compile(r.message_pattern, re.DOTALL)) for r in records if r.raised_in]


# A record's text and words as the fuzzy stage compares them.
FuzzyEntry = tuple[str, frozenset[str]]


def _fuzzy_entry(record: Record) -> FuzzyEntry:
    """A record's text and words as the fuzzy stage compares them ("" and none: never)."""
    if GENERATED_TAG in record.tags or record.raised_in:
        # A set generated for the exact JAX version matches its messages exactly; thousands
        # of short templates would only add fuzzy false positives. A record with conditions
        # on the traceback never matches by the message alone.
        return "", frozenset()
    template = segments_from_template(record.error_message)
    text = " ".join(template.literals) if template else record.error_message
    words = frozenset(w for w in _WORD_RE.findall(text) if len(w) >= _MIN_WORD)
    if len(words) < MIN_LOOSE_WORDS:
        words = frozenset()  # too few words to be told apart from other messages
    return " ".join(text.split()), words


class RecordIndex:
    """Records indexed for matching messages; built once, queried many times."""

    def __init__(
        self, records: Iterable[Record], *, fuzzy_threshold: float = DEFAULT_FUZZY_THRESHOLD
    ) -> None:
        self.records: Sequence[Record] = list(records)
        self.fuzzy_threshold = fuzzy_threshold
        self._recent: OrderedDict[tuple[str, str | None], Match | None] = OrderedDict()
        self.unindexed: list[str] = []
        self._matchers: Sequence[_Matcher] = []
        # Built on the first truncated message.
        self._prefix_index: _PrefixIndex | None = None
        # Built on the first line of prose searched for a record's text.
        self._word_starts: _WordStartIndex | None = None
        # In an index made on use (``from_export``): each matcher's record position, and each
        # record position's matcher numbers (worked out on first need).
        self._matcher_positions: Sequence[int] | None = None
        self._record_matchers: dict[int, list[int]] | None = None
        # Records that own a message only where the traceback shows a frame: never matched by
        # the message alone (``match_raised``).
        self.conditioned = _conditioned(self.records)
        matchers: list[_Matcher] = []
        for record in self.records:
            if not record.raised_in:
                matchers.extend(self._compile(record))
        self._matchers = matchers
        self._build_exact_index()
        self._build_fuzzy_index()

    def export(self) -> ExportedIndex:
        """The index as plain values (``marshal``-able), each matcher naming its record by
        position: what ``from_export`` rebuilds it from without compiling or indexing
        anything."""
        position = {id(record): number for number, record in enumerate(self.records)}
        exported: list[ExportedMatcher] = []
        for matcher in self._matchers:
            segments = matcher.segments
            exported.append(
                (
                    position[id(matcher.record)],
                    matcher.stage,
                    None if segments is None else _export_segments(segments),
                    None if matcher.regex is None else matcher.regex.pattern,
                    tuple(sorted(matcher.required)),
                    matcher.specificity,
                    None if matcher.loose is None else _export_segments(matcher.loose),
                )
            )
        if self._prefix_index is None:
            self._prefix_index = _PrefixIndex(self._matchers, len(self.records))
        fuzzy = {
            number: (text, tuple(sorted(self._fuzzy_words[number])))
            for number, text in enumerate(self._fuzzy_texts)
            if text
        }
        return (
            exported,
            [values[0] for values in exported],
            dict(self._by_key),
            self._always,
            self.unindexed,
            self._prefix_index.export(),
            fuzzy,
            [position[id(record)] for record, _ in self.conditioned],
        )

    @classmethod
    def from_export(
        cls,
        records: Sequence[Record],
        exported: ExportedIndex,
        *,
        fuzzy_threshold: float = DEFAULT_FUZZY_THRESHOLD,
    ) -> RecordIndex:
        """The index ``export`` described, over the same records in the same order. Its
        matchers are made on first use (``matchers``, the exported ones, may be a sequence
        that reads each on use too): a message is tried against the few its words select."""
        matchers, positions, by_key, always, unindexed, prefix, fuzzy, conditioned = exported
        index = cls((), fuzzy_threshold=fuzzy_threshold)
        index.records = records
        index.conditioned = [
            (records[n], re.compile(records[n].message_pattern, re.DOTALL)) for n in conditioned
        ]
        index._matchers = _MadeOnUse(
            matchers,
            lambda values: _matcher_from_export(records, values),  # type: ignore[arg-type]
        )
        index._matcher_positions = positions
        index._by_key, index._always, index.unindexed = by_key, always, unindexed
        index._prefix_index = _PrefixIndex.from_export(prefix)
        index._build_fuzzy_index(
            {number: (text, frozenset(words)) for number, (text, words) in fuzzy.items()}
        )
        return index

    def _compile(self, record: Record) -> list[_Matcher]:
        matchers: list[_Matcher] = []
        pattern_segments = segments_from_pattern(record.message_pattern)
        if pattern_segments is not None:
            if pattern_segments.literal_chars >= MIN_LITERAL_CHARS:
                matchers.append(
                    _Matcher(
                        record,
                        STAGE_PATTERN,
                        pattern_segments,
                        None,
                        frozenset(pattern_segments.interior_words()),
                        pattern_segments.literal_chars,
                    )
                )
        else:
            try:
                regex = re.compile(record.message_pattern, re.DOTALL)
            except re.error:
                regex = None  # only in a set loaded unchecked; its template still matches
            if regex is not None:
                required = _regex_required_words(record.message_pattern)
                specificity = sum(len(w) for w in required)
                matchers.append(
                    _Matcher(
                        record,
                        STAGE_PATTERN,
                        None,
                        regex,
                        frozenset(required),
                        specificity,
                        relaxed_segments(record.message_pattern),
                    )
                )
        template_segments = segments_from_template(record.error_message)
        if (
            template_segments is not None
            and template_segments.literal_chars >= MIN_LITERAL_CHARS
            and len(template_segments.all_words()) >= MIN_LOOSE_WORDS
            and template_segments != pattern_segments
        ):
            matchers.append(
                _Matcher(
                    record,
                    STAGE_TEMPLATE,
                    template_segments,
                    None,
                    frozenset(template_segments.interior_words()),
                    template_segments.literal_chars,
                )
            )
        return matchers

    def _build_exact_index(self) -> None:
        # Matcher numbers (positions in ``_matchers``) by the word each is looked up by.
        self._by_key: dict[str, list[int]] = defaultdict(list)
        self._always: list[int] = []
        keys = index_keys([matcher.required for matcher in self._matchers])
        for number, (matcher, key) in enumerate(zip(self._matchers, keys, strict=True)):
            if key is None:
                self._always.append(number)
                self.unindexed.append(matcher.record.code)
            else:
                self._by_key[key].append(number)

    def _build_fuzzy_index(self, entries: Mapping[int, FuzzyEntry] | None = None) -> None:
        """The fuzzy stage's index, from the text and words of each record that has any, by
        position in ascending order (``entries``: as an exported index gives them; else
        worked out from the records)."""
        if entries is None:
            entries = {
                number: entry
                for number, record in enumerate(self.records)
                if (entry := _fuzzy_entry(record))[0]
            }
        count = len(self.records)
        self._fuzzy_texts: list[str] = [""] * count
        self._fuzzy_words: list[frozenset[str]] = [frozenset()] * count
        postings: dict[str, list[int]] = defaultdict(list)
        for number, (text, words) in entries.items():
            self._fuzzy_texts[number] = text
            self._fuzzy_words[number] = words
            for word in words:
                postings[word].append(number)
        total = max(count, 1)
        self._idf = {word: math.log(1 + total / len(ids)) for word, ids in postings.items()}
        self._weights = [1.0] * count
        for number, (_, words) in entries.items():
            self._weights[number] = sum(self._idf[w] for w in words) or 1.0
        # Candidates are found through their distinctive words only: a word that a large share
        # of the store uses ("type", "function") would make every lookup touch most records.
        limit = max(FUZZY_COMMON_WORD_RECORDS, int(FUZZY_COMMON_WORD_SHARE * total))
        self._distinctive = {word: ids for word, ids in postings.items() if len(ids) <= limit}
        self._without_distinctive = [
            number
            for number, (_, words) in entries.items()
            if words and not any(word in self._distinctive for word in words)
        ]

    def match(self, message: str, exc_type: str | None = None) -> Match | None:
        """The best record for a message, or None when no stage finds one.

        Results are remembered for recent messages: a log often repeats one error many times.
        """
        key = (message, exc_type)
        if key in self._recent:
            self._recent.move_to_end(key)
            return self._recent[key]
        found = self.match_all(message, exc_type)
        best = found[0] if found else None
        self._recent[key] = best
        if len(self._recent) > RECENT_MATCHES:
            self._recent.popitem(last=False)
        return best

    def match_raised(
        self, message: str, exc_type: str | None, frames: Iterable[tuple[str, str | None]]
    ) -> Match | None:
        """The record that owns a message raised where these frames (path, function) show: one
        whose ``raisedIn`` condition a frame meets and whose pattern matches the message."""
        if not self.conditioned:
            return None
        shown = list(frames)
        for record, regex in self.conditioned:
            if not any(
                c.holds(path, function) for c in record.raised_in for path, function in shown
            ):
                continue
            found = regex.search(message[:REGEX_WINDOW])
            if found is not None:
                score = 1.0 - _class_penalty(record, exc_type)
                return Match(record, score, STAGE_PATTERN, found.groups(), found.groupdict())
        return None

    def match_all(self, message: str, exc_type: str | None = None) -> list[Match]:
        """All exact matches, most specific first; else the best fuzzy candidates.

        A one-line message that ends in ``...`` was cut short: it matches only the record it
        is the beginning of (see ``unique_prefix_match``), never fuzzily.
        """
        beginning = truncated_beginning(message)
        if beginning is not None:
            only = unique_prefix_match(self.prefix_records(beginning), exc_type)
            return [] if only is None else [self.with_beginning_captures(only, beginning)]
        words = message_words(message)
        candidates = self._candidates(words)
        exact = self._exact(message, candidates, exc_type)
        if exact:
            return exact
        reflowed = " ".join(message[:REGEX_WINDOW].split())
        if reflowed != message:
            # The same message with its whitespace changed: a paste's line ends lost their
            # trailing spaces, or an issue renderer or terminal re-flowed its lines.
            exact = self._exact(reflowed, candidates, exc_type, reflow=True)
            if exact:
                return exact
        return self._fuzzy(message, words, exc_type)

    def _candidates(self, words: set[str]) -> list[_Matcher]:
        matcher = self._matchers.__getitem__
        candidates: list[_Matcher] = list(map(matcher, self._always))
        for word in words:
            bucket = self._by_key.get(word)
            if bucket:
                candidates.extend(map(matcher, bucket))
        return [found for found in candidates if found.required <= words]

    def candidate_count(self, message: str) -> int:
        """How many compiled patterns the index lets through to be tried on a message."""
        return len(self._candidates(message_words(message)))

    def _exact(
        self, message: str, candidates: list[_Matcher], exc_type: str | None, reflow: bool = False
    ) -> list[Match]:
        """The exact matches of a message among the patterns its words let through; with
        ``reflow``, of a message whose whitespace runs are single spaces, against the patterns'
        literal text whitespace-folded alike."""
        results: dict[str, tuple[tuple[float, int], Match]] = {}
        for matcher in candidates:
            found = matcher.reflowed_captures(message) if reflow else matcher.captures(message)
            if found is None:
                continue
            captures, named = found
            if not captures_allowed(matcher.record.raw.get("placeholderValues"), captures):
                continue
            score = 1.0 if matcher.stage == STAGE_PATTERN else 0.95
            score -= _class_penalty(matcher.record, exc_type)
            rank = (score, matcher.specificity)
            previous = results.get(matcher.record.id)
            if previous is None or rank > previous[0]:
                results[matcher.record.id] = (
                    rank,
                    Match(matcher.record, round(score, 4), matcher.stage, captures, named),
                )
        ordered = [
            match for _, match in sorted(results.values(), key=lambda item: item[0], reverse=True)
        ]
        return _declared_specific_first(ordered)

    def with_beginning_captures(self, found: Match, beginning: str) -> Match:
        """A truncated message's match with the named captures its beginning fixes."""
        segments = next(
            (
                m.segments
                for m in self._matchers_of(found.record)
                if m.record is found.record and m.stage == STAGE_PATTERN and m.segments
            ),
            None,
        )
        named = segments.named_in_beginning(beginning) if segments is not None else {}
        return replace(found, named=named)

    def _matchers_of(self, record: Record) -> Iterable[_Matcher]:
        """The matchers (in order) that may be ``record``'s: in an index made on use, only
        those made from its position."""
        records = self.records
        if not isinstance(records, LazyRecords) or self._matcher_positions is None:
            return self._matchers
        if self._record_matchers is None:
            self._record_matchers = defaultdict(list)
            for number, at in enumerate(self._matcher_positions):
                self._record_matchers[at].append(number)
        position = records.position(record)
        numbers = self._record_matchers.get(position, []) if position is not None else []
        return [self._matchers[number] for number in numbers]

    def prefix_records(self, text: str, to_line_end: bool = False) -> list[tuple[int, Record]]:
        """The records that some message beginning with ``text`` would match, each with how
        many of its literal characters ``text`` confirms (at least MIN_LITERAL_CHARS); with
        ``to_line_end``, those whose message breaks its line where ``text`` ends."""
        text = text[:FUZZY_WINDOW]
        if len(text) < MIN_LITERAL_CHARS:
            # A text confirms at most its own length: no record would be kept, and an empty
            # one ("...") would try every pattern (making each, in an index made on use).
            return []
        words = message_words(text)
        if _WORD_RE.search(text[-1:]) is not None:
            # The last word may have been cut ("Output had sh"): only whole words count.
            words.discard(_WORD_RE.findall(text)[-1])
        found: dict[str, tuple[int, Record]] = {}
        for matcher in self._prefix_candidates(text, words):
            segments = matcher.segments or matcher.loose
            evidence = None if segments is None else segments.prefix_evidence(text, to_line_end)
            if evidence is None or evidence < MIN_LITERAL_CHARS:
                continue
            best = found.get(matcher.record.id)
            if best is None or evidence > best[0]:
                found[matcher.record.id] = (evidence, matcher.record)
        return list(found.values())

    def runs_within(
        self, text: str, least: int, least_inside: int
    ) -> list[tuple[int, int, int, Record]]:
        """The records a run of ``text`` is the literal text of, from a word start of both:
        each with where in the text its longest run starts and ends, and how many of its
        literal characters the run confirms, at least ``least`` for a run from the message's
        start, ``least_inside`` for one from inside it (the text's own beginning was cut, or
        prose stands before it)."""
        if self._word_starts is None:
            self._word_starts = _WordStartIndex(self._matchers)
        at = self._word_starts.at
        text = text[:FUZZY_WINDOW]
        found: dict[str, tuple[int, int, int, Record]] = {}
        for start in WORD_START.finditer(text):
            position = start.start()
            key = text[position : position + PREFIX_KEY]
            for matcher, segments, number, offset in at.get(key, ()):
                evidence, read = run_evidence(segments, number, offset, text[position:])
                from_start = number == offset == 0 and not segments.leading_gap
                if evidence < (least if from_start else least_inside):
                    continue
                best = found.get(matcher.record.id)
                if best is None or (position + read, -position) > (best[1], -best[0]):
                    found[matcher.record.id] = (position, position + read, evidence, matcher.record)
        return list(found.values())

    def likest(self, text: str) -> list[tuple[float, Record]]:
        """The records most of whose distinctive words a short text (a phrase quoted in prose)
        uses, each with how alike the text is to the likest stretch of its message (rapidfuzz's
        partial ratio, 0-100), likest first."""
        from rapidfuzz import fuzz

        words = message_words(text)
        window = " ".join(text[:FUZZY_WINDOW].split())
        known = sum(self._idf.get(word, 0.0) for word in words)
        if not known:
            return []
        ranked = [
            (fuzz.partial_ratio(window, self._fuzzy_texts[number]), self.records[number])
            for _, number in self._overlapping(words, lambda _number: known)
        ]
        ranked.sort(key=lambda item: item[0], reverse=True)
        return ranked

    def _overlapping(
        self, words: set[str], weight: Callable[[int], float]
    ) -> list[tuple[float, int]]:
        """The records (by number) that share with ``words`` at least FUZZY_MIN_OVERLAP of
        ``weight(number)`` in their words' idf, each with that share: the candidates of the
        fuzzy stages, found through the words few records use."""
        candidates: set[int] = set(self._without_distinctive)
        for word in words:
            candidates.update(self._distinctive.get(word, ()))
        found: list[tuple[float, int]] = []
        for number in candidates:
            shared = sum(self._idf[w] for w in self._fuzzy_words[number] if w in words)
            overlap = shared / weight(number)
            if overlap >= FUZZY_MIN_OVERLAP:
                found.append((overlap, number))
        return found

    def _prefix_candidates(self, text: str, words: set[str]) -> list[_Matcher]:
        """The patterns worth testing against a truncated message.

        One that starts with literal text is found by how the message starts (the text and
        that literal agree on their common length); one that starts with a placeholder, by a
        word of the message that few patterns use, as the fuzzy stage finds its candidates.
        """
        if self._prefix_index is None:
            self._prefix_index = _PrefixIndex(self._matchers, len(self.records))
        index = self._prefix_index
        seen: dict[int, None] = {}
        for length, by_start in index.by_start.items():
            if len(text) >= length:
                starting = by_start.get(text[:length], [])
            else:  # a text cut before the literal's end: rare, and short
                starting = [
                    m for key, found in by_start.items() if key.startswith(text) for m in found
                ]
            seen.update(dict.fromkeys(starting))
        seen.update(dict.fromkeys(index.short_start))
        for word in words:
            seen.update(dict.fromkeys(index.gap_first.get(word, ())))
        matchers = self._matchers
        return [matchers[number] for number in seen]

    def _fuzzy(self, message: str, words: set[str], exc_type: str | None) -> list[Match]:
        if self.fuzzy_threshold > 100:
            return []
        # Imported here: a run whose errors all match exactly never pays for it.
        from rapidfuzz import fuzz

        window = " ".join(message[:FUZZY_WINDOW].split())
        # A message that ends in an ellipsis is the start of one whose rest was left out (as
        # users shorten what they paste): it is compared with the start of each record, and
        # needs only its own words to be the record's.
        elided = _ELLIPSIS_END.search(window)
        if elided is not None:
            window = window[: elided.start()]
        known = sum(self._idf.get(w, 0.0) for w in words)
        elided_enough = elided is not None and len(words) >= MIN_LOOSE_WORDS and known > 0
        weights = self._weights
        ranked = self._overlapping(
            words,
            (lambda number: min(weights[number], known)) if elided_enough else weights.__getitem__,
        )
        ranked.sort(reverse=True)
        results: list[Match] = []
        for _, number in ranked[:FUZZY_MAX_CANDIDATES]:
            text = self._fuzzy_texts[number]
            # Align the record's words with the best stretch of the message; a message much
            # shorter than the record is compared whole, so a fragment cannot score high
            # (unless it says it is one: then with the record's start).
            if elided_enough and len(window) < len(text):
                similarity = fuzz.ratio(text[: len(window)], window)
            elif len(window) >= 0.6 * len(text):
                similarity = fuzz.partial_ratio(text, window[: 2 * len(text) + 64])
            else:
                similarity = fuzz.ratio(text, window)
            if similarity < self.fuzzy_threshold:
                continue
            record = self.records[number]
            score = 0.9 * similarity / 100 - _class_penalty(record, exc_type)
            results.append(Match(record, round(score, 4), STAGE_FUZZY))
        results.sort(key=lambda m: m.score, reverse=True)
        return results


class MessageMatcher(Protocol):
    """What the analyzer asks of an index."""

    def match(self, message: str, exc_type: str | None = None) -> Match | None: ...

    def match_raised(
        self, message: str, exc_type: str | None, frames: Iterable[tuple[str, str | None]]
    ) -> Match | None: ...


@runtime_checkable
class ParaphraseIndex(Protocol):
    """An index that also tells which record a phrase says in other words."""

    def paraphrase(self, text: str, exc_type: str | None = None) -> Match | None: ...


@runtime_checkable
class RaisingFunctionIndex(Protocol):
    """An index that also knows which message a JAX function raises with a class."""

    def raised_by_function(self, function: str, exc_type: str) -> Match | None: ...


class LayeredIndex:
    """The curated records first, then (for a message they match only fuzzily, or not at all)
    a second index: the set generated from the project's JAX, built on first need; then the
    wording history, for a message worded as in another JAX release.

    So curated records always take precedence, and a run whose errors all have a curated
    record never loads the thousands of generated ones. With a history, every match also says
    which releases raise its wording.
    """

    def __init__(
        self,
        first: RecordIndex,
        second: RecordIndex | Callable[[], RecordIndex | None] | None = None,
        history: WordingHistory | None = None,
    ) -> None:
        self.first = first
        self.history = history
        self._second: RecordIndex | None = None
        self._load: Callable[[], RecordIndex | None] | None = None
        self._with_second = second is not None
        if isinstance(second, RecordIndex):
            self._second = second
        else:
            self._load = second
        self._curated_codes: dict[str, Record] | None = None
        # Each record's template as tokens, for messages quoted with words left out (built on
        # the first such message, again once the second index is there).
        self._tokens: list[tuple[Record, list[str], frozenset[str]]] | None = None

    def second(self) -> RecordIndex | None:
        """The second index, built now if this is its first use (None when there is none)."""
        if self._load is not None:
            load, self._load = self._load, None
            self._second = load()
        return self._second

    def match(self, message: str, exc_type: str | None = None) -> Match | None:
        found = self._match(message, exc_type)
        return found if self.history is None else self.history.annotate(found, message)

    def match_raised(
        self, message: str, exc_type: str | None, frames: Iterable[tuple[str, str | None]]
    ) -> Match | None:
        # Only curated records place conditions on the traceback.
        return self.first.match_raised(message, exc_type, frames)

    def _prefix_match(
        self,
        beginning: str,
        exc_type: str | None,
        min_share: float = 0.0,
        min_evidence: int = 0,
        to_line_end: bool = False,
    ) -> Match | None:
        # One record among both sets, or none: a cut message that fits a curated record
        # and a generated one says nothing about which it is. ``min_share``: how much of the
        # beginning the record's literal text must confirm; ``min_evidence``: how many
        # characters at least; ``to_line_end``: the beginning ends where the message's line does.
        second = self.second()
        records = [
            (evidence, record)
            for evidence, record in self._prefix_records(
                beginning, max(min_share * len(beginning), min_evidence), to_line_end
            )
            if not excluded_by_values(record, beginning)
        ]
        # The message's first words, when the record that confirms the most has them as its
        # own text, are not another's placeholder value ("jacfwd with holomorphic=True ..."
        # and "{name} with ...").
        own_start = [(n, r) for n, r in records if not r.error_message.startswith("{")]
        if own_start and max(n for n, _ in own_start) == max(n for n, _ in records):
            records = own_start
        only = unique_prefix_match(records, exc_type)
        if only is None:
            return None
        holder = self.first if only.record in self.first.records else second
        return holder.with_beginning_captures(only, beginning) if holder else only

    def _shared_beginning(self, line: str, exc_type: str | None, least: int) -> Match | None:
        """The record whose message begins with the most of ``line`` word for word (at least
        ``least`` characters, up to its first placeholder), when one raise site has it."""
        least = max(least, MIN_SHARED_BEGINNING)
        if len(line) < least:
            return None
        second = self.second()
        best = sharing_most_beginning(
            (
                (record, record.error_message.split("{", 1)[0])
                for record in (*self.first.records, *(second.records if second else ()))
                if not (exc_type and _class_penalty(record, exc_type) > 0.0)
            ),
            line,
            least,
        )
        curated = [r for r in best if GENERATED_TAG not in r.tags] or best
        if len({raise_site(r) for r in curated}) != 1:
            return None
        record = min(curated, key=lambda r: len(r.error_message))
        return Match(
            record, round(PREFIX_SCORE - _class_penalty(record, exc_type), 4), STAGE_PREFIX
        )

    def _match(self, message: str, exc_type: str | None) -> Match | None:
        elided = elided_tokens(message)
        beginning = truncated_beginning(message)
        if beginning is not None and elided is None:
            return self._prefix_match(beginning, exc_type)
        found = self.first.match(message, exc_type)
        if found is not None and found.stage != STAGE_FUZZY:
            return found
        second = self.second()
        other = second.match(message, exc_type) if second is not None else None
        if other is not None and other.stage != STAGE_FUZZY:
            return other
        if self.history is not None:
            past = self.history.match(message, exc_type, self._curated, self._with_second)
            if past is not None:
                # A past wording is found anywhere in the message: a short one ("Encountered
                # an unexpected tracer.") must not claim a message whose beginning is, word
                # for word and for much longer, today's record's (its details reworded since).
                # Its first paragraph as one line: a paste author or a terminal may have
                # wrapped it where JAX did not.
                first_line = " ".join(message.strip().split("\n\n", 1)[0].split())
                least = 2 * literal_chars(past.record.error_message)
                longer = self._shared_beginning(first_line, exc_type, least)
                if longer is None:
                    # Or a longer past wording, which the message has cut short.
                    longer = self.history.shared_beginning(
                        first_line,
                        exc_type,
                        max(least, MIN_SHARED_BEGINNING),
                        self._curated,
                        self._with_second,
                    )
                return longer if longer is not None else past
        if elided is not None:
            # Words left out of a quoted message ("Transpose rule ... for 'p' not implemented").
            shortened = self._elided_match(elided, exc_type)
            if shortened is not None:
                return shortened
        # A message cut short without saying so (a paste that ends mid-word, an issue title
        # that stops before ", got ..."): literally the beginning of one record's message.
        beginning = unmarked_beginning(message)
        if beginning is not None:
            cut = self._prefix_match(beginning, exc_type, UNMARKED_CUT_SHARE)
            values = value_chars(beginning)
            if cut is None and values:
                # Placeholders may hold much of a cut message ("Custom VJP fwd rule
                # _safe_log_fwd for function safe_log must ..."): names, paths and reprs, which
                # no prose is made of, count for neither side.
                share = UNMARKED_CUT_SHARE * (1 - values / len(beginning))
                cut = self._prefix_match(beginning, exc_type, share, MIN_UNMARKED_CUT_CHARS)
            line = message.strip()
            if cut is None and "\n" not in line:
                # Or the whole first line of a message that goes on over more lines, where
                # placeholders hold much of that line (a pytest summary's one line, an
                # exception line whose continuation a paste left out): "Leaked trace
                # DynamicJaxprTrace. Leaked tracer(s):".
                cut = self._prefix_match(
                    line, exc_type, min_evidence=MIN_FIRST_LINE_CHARS, to_line_end=True
                )
            if cut is None and self.history is not None and "\n" not in line:
                # Or the whole first line of a past wording (placeholders may hold much of it).
                cut = self.history.first_line_record(
                    line, exc_type, MIN_FIRST_LINE_CHARS, self._curated, self._with_second
                )
            if cut is None and self.history is not None:
                # Or, word for word, the beginning of one past wording (an old issue's title).
                cut = self.history.shared_beginning(
                    beginning, exc_type, len(beginning), self._curated, self._with_second
                )
            if cut is None and not exc_type:
                # Or, in text that names no class (prose, a title, a quote), a run of one
                # record's text inside it: prose before the message (a title's prefix), or
                # after it, or the message's own beginning cut. (An exception's message in a
                # log is JAX's from its start: a log's many other errors never pay for this.)
                cut = self.match_within(beginning, exc_type)
            if cut is not None and not excluded_by_values(cut.record, message):
                return cut
        elif "\n" in message.strip():
            cut = self._cut_paragraphs(message.strip(), exc_type)
            if cut is not None and not excluded_by_values(cut.record, message):
                return cut
        if exc_type and self.history is not None and found is None:
            # Only the class is known (a header cut before its message, a message too cut to
            # read): a class that writes its one message itself still names it (a message
            # read fuzzily says more, whatever its class).
            own = self.history.class_record(exc_type, self._curated, self._with_second)
            if own is not None:
                return own
        if found is not None and beginning is not None and self._cut_of_several(beginning):
            # Word for word the beginning of several raise sites' messages: a message cut
            # where they still agree, which the likest of them (often the shortest) is no
            # more than the others.
            return None
        return found

    def _cut_paragraphs(self, message: str, exc_type: str | None) -> Match | None:
        """A message of several paragraphs cut short without an ellipsis (a paste's excerpt
        ends inside it, pytest's ``E`` lines and all): the one record whose message breaks its
        first line where this one's does (MIN_FIRST_LINE_CHARS of its own text), when the
        whole message, as far as it goes, is that record's beginning too."""
        first = message.split("\n", 1)[0].strip()
        head = self._prefix_match(
            first, exc_type, min_evidence=MIN_FIRST_LINE_CHARS, to_line_end=True
        )
        if head is None:
            return None
        whole = self._prefix_match(message, exc_type, min_evidence=MIN_FIRST_LINE_CHARS)
        if whole is None or raise_site(whole.record) != raise_site(head.record):
            return None
        return whole

    def _prefix_records(
        self, beginning: str, least: float, to_line_end: bool = False
    ) -> list[tuple[int, Record]]:
        """The records of both sets whose message can begin with ``beginning``, each with how
        much of it their literal text confirms: at least ``least`` characters."""
        second = self.second()
        records = self.first.prefix_records(beginning, to_line_end)
        records += [] if second is None else second.prefix_records(beginning, to_line_end)
        return [(n, record) for n, record in records if n >= least]

    def _cut_of_several(self, beginning: str) -> bool:
        """Whether the records that a message beginning with ``beginning`` could be (most of
        it their literal text) are of more than one raise site."""
        records = self._prefix_records(beginning, UNMARKED_CUT_SHARE * len(beginning))
        return len({raise_site(record) for _, record in records}) > 1

    def _elided_match(self, elided: list[str], exc_type: str | None) -> Match | None:
        """The one record (one raise site) whose message an elided message can be, confirming
        enough of it; among several, as for a truncated message (``unique_prefix_match``)."""
        second = self.second()
        words = {token for token in elided if len(token) >= _MIN_WORD}
        literal = sum(len(token) for token in elided if token != _ELIDED)
        least = max(MIN_ELIDED_EVIDENCE, ELIDED_SHARE * literal)
        candidates: list[tuple[int, Record]] = []
        if self._tokens is None or len(self._tokens) != len(self.first.records) + len(
            second.records if second else ()
        ):
            self._tokens = [
                (record, tokens, frozenset(tokens))
                for record in (*self.first.records, *(second.records if second else ()))
                for tokens in (template_tokens(record.error_message),)
            ]
        for record, template, template_words in self._tokens:
            if len(words & template_words) * 2 < len(words):
                continue
            # The most it could confirm: the message's tokens that the template has at all.
            if sum(len(token) for token in elided if token in template_words) < least:
                continue
            evidence = elided_evidence(elided, template)
            if evidence >= least:
                candidates.append((evidence, record))
        only = unique_prefix_match(candidates, exc_type)
        return None if only is None else replace(only, stage=STAGE_ELIDED)

    def match_within(self, text: str, exc_type: str | None = None) -> Match | None:
        """The one record (one raise site) whose literal text a run of ``text`` is, word for
        word, from a word start of both: a message quoted inside a line of prose (an issue
        title with a prefix, a sentence going on after it), cut at either end, maybe mid-word.
        The run must be long (MIN_WITHIN_RUN characters of the record's text, more when it
        does not start where the message does) and fit one raise site."""
        second = self.second()
        runs = self.first.runs_within(text, MIN_WITHIN_RUN, MIN_WITHIN_INSIDE_RUN)
        if second is not None:
            runs += second.runs_within(text, MIN_WITHIN_RUN, MIN_WITHIN_INSIDE_RUN)
        # Where one record's text goes on further with the line's words (or began earlier), a
        # record whose text parted from them before (or joined them later) is not what the
        # line quotes.
        furthest = max((end for _, end, _, _ in runs), default=0)
        runs = [run for run in runs if run[1] == furthest]
        earliest = min((start for start, _, _, _ in runs), default=0)
        candidates = [
            (evidence, record) for start, _, evidence, record in runs if start == earliest
        ]
        only = unique_prefix_match(candidates, exc_type)
        if only is None and not runs and self.history is not None:
            # No record of today has such a run: a past wording's part (its second paragraph).
            only = self.history.run_within(
                text, MIN_WITHIN_INSIDE_RUN, self._curated, self._with_second
            )
        if only is None:
            return None
        found = replace(only, score=round(WITHIN_SCORE - _class_penalty(only.record, exc_type), 4))
        found = replace(found, stage=STAGE_WITHIN)
        return found if self.history is None else self.history.annotate(found, text)

    def paraphrase(self, text: str, exc_type: str | None = None) -> Match | None:
        """The one curated record whose message a phrase says in other words ("cannot use
        forward-mode autodiff with a custom_vjp function"): alike enough to a stretch of it
        (PARAPHRASE_SIMILARITY), and clearly more than to any other raise site's message
        (PARAPHRASE_MARGIN); else None."""
        ranked = self.first.likest(text)
        if not ranked or ranked[0][0] < PARAPHRASE_SIMILARITY:
            return None
        similarity, record = ranked[0]
        if any(
            other > similarity - PARAPHRASE_MARGIN and raise_site(r) != raise_site(record)
            for other, r in ranked[1:]
        ):
            return None
        score = round(0.9 * similarity / 100 - _class_penalty(record, exc_type), 4)
        return Match(record, score, STAGE_FUZZY)

    def raised_by_function(self, function: str, exc_type: str) -> Match | None:
        """The record of the one message the JAX function ``function`` raises with this class
        (in any release), when the wording history knows it; else None."""
        if self.history is None:
            return None
        return self.history.function_record(function, exc_type, self._curated, self._with_second)

    def _curated(self, code: str) -> Record | None:
        if self._curated_codes is None:
            self._curated_codes = {record.code: record for record in self.first.records}
        return self._curated_codes.get(code)


# A generated record whose template has less text of its own than this (``{x} has no
# attribute {y}``, ``expected {a}, got {b}``) words its message as Python, or any library,
# or any sentence of prose may: it stands only where the traceback shows a frame in its raise
# site's file, and is never found in prose.
MIN_DISTINCTIVE_LITERAL_CHARS = 24


def distinctive(record: Record) -> bool:
    """Whether a record's message can be told from other code's messages and from prose: a
    curated record's always (its pattern says more than its template), a generated one's
    when its template has enough text of its own."""
    return (
        GENERATED_TAG not in record.tags
        or literal_chars(record.error_message) >= MIN_DISTINCTIVE_LITERAL_CHARS
    )


def confirmed_by_frames(found: Match, paths: Iterable[str]) -> bool:
    """Whether a match stands, given the paths of the traceback's frames: always, but for a
    generated record too short to be told from other code's messages, which needs a frame in
    the file that raises it."""
    record = found.record
    if distinctive(record) or not record.file_path:
        return True
    return any(path_ends_with(path, record.file_path) for path in paths)


def _declared_specific_first(matches: list[Match]) -> list[Match]:
    """A record that declares itself more specific than another (``moreSpecificThan``) comes
    before it, whatever the literal lengths say."""
    ordered = list(matches)
    for match in matches:
        for general_id in match.record.more_specific_than:
            general = next((m for m in ordered if m.record.id == general_id), None)
            if general is not None and ordered.index(general) < ordered.index(match):
                ordered.remove(match)
                ordered.insert(ordered.index(general), match)
    return ordered


# A quoted message's cut marked in brackets after a space, as in prose ("of integer type
# (...)"); a call's "f(...)" is code, not a cut.
_BRACKETED_CUT_RE = re.compile(r"\s[(\[](?:\.\.\.|\u2026)[)\]]$")


def truncated_beginning(message: str) -> str | None:
    """What is left of a one-line message that ends in ``...`` or `` (...)`` (cut short),
    else None."""
    stripped = message.strip()
    if "\n" in stripped:
        return None
    bracketed = _BRACKETED_CUT_RE.search(stripped)
    if bracketed is not None:
        return stripped[: bracketed.start()]
    if stripped.endswith(TRUNCATION_MARK):
        return stripped[: -len(TRUNCATION_MARK)]
    return None


def raise_site(record: Record) -> object:
    """What one raise site's records share (the variants of a message built several ways): its
    file and line, else the record itself."""
    return (record.file_path, record.line_number) if record.line_number else record.id


T = TypeVar("T")


def sharing_most_beginning(heads: Iterable[tuple[T, str]], line: str, least: int) -> list[T]:
    """The items whose head (a message's text up to its first placeholder) begins with the
    most of ``line``, at least its first ``least`` characters."""
    best: list[T] = []
    most = least
    start = line[:least]
    for item, head in heads:
        if not head.startswith(start):
            continue
        shared = _shared_prefix(head, line)
        if shared > most:
            best, most = [item], shared
        elif shared == most:
            best.append(item)
    return best


def _shared_prefix(a: str, b: str) -> int:
    """The length of the longest beginning two texts share."""
    n = 0
    for x, y in zip(a, b, strict=False):
        if x != y:
            break
        n += 1
    return n


def literal_chars(template: str) -> int:
    """How many characters of a message template are its own words (not placeholders)."""
    return len(_PLACEHOLDER_RE.sub("", template))


_PLACEHOLDER_RE = re.compile(r"\{[^{}]*\}")


# A past wording found inside a message yields to a record sharing at least this much of its
# beginning (and twice the wording's own text).
MIN_SHARED_BEGINNING = 40
# A phrase quoted in prose is a record's paraphrase when this alike to a stretch of its message
# (0-100), and by this much more than to any other raise site's.
PARAPHRASE_SIMILARITY = 80.0
PARAPHRASE_MARGIN = 8.0
# A record's text inside a line of prose is only believed of a run this long from the
# message's start, or from inside it (a paste that also cut its beginning), scored so.
MIN_WITHIN_RUN = 40
MIN_WITHIN_INSIDE_RUN = 60
WITHIN_SCORE = 0.8
# An unmarked cut is only believed of a one-line message this long, whose text is mostly the
# record's own words (not a wildcard's value).
MIN_UNMARKED_CUT_CHARS = 30
UNMARKED_CUT_SHARE = 0.75
# How much literal text a message's whole first line, read alone, must confirm.
MIN_FIRST_LINE_CHARS = 24
MAX_WRAPPED_CUT_LINES = 6


# A value a placeholder printed: a name with an underscore, a path, a repr, an index, a number.
_VALUE_TOKEN_RE = re.compile(r"[^\s_/<>\[\]\d]*[_/<>\[\]\d]\S*")


def value_chars(text: str) -> int:
    """How many characters of ``text`` are values a message's placeholders print (tokens
    with an underscore, a slash, an angle or square bracket, or a digit), not words."""
    return sum(len(token) for token in _VALUE_TOKEN_RE.findall(text))


def unmarked_beginning(message: str) -> str | None:
    """A one-line message that may have been cut short without an ellipsis, without the
    sentence's closing full stop or question mark (a title ends a sentence where the message
    went on, or asks about it). A paragraph of a few lines is read as one line: a paste
    author's (or a terminal's) wrapping of such a message."""
    stripped = message.strip()
    if "\n" in stripped:
        lines = stripped.split("\n")
        if len(lines) > MAX_WRAPPED_CUT_LINES or any(not line.strip() for line in lines):
            return None
        stripped = " ".join(stripped.split())
    if len(stripped) < MIN_UNMARKED_CUT_CHARS:
        return None
    return stripped.removesuffix(".").removesuffix("?")


# Where a user left words out of a message they quote: "..." or "\u2026" between words (not
# an array's elided elements, "[1., ..., 5.]", nor a call's "f(...)").
# Brackets around it after a space ("type (...) got") are the user's too.
_ELISION_RE = re.compile(r"(?<=\s)[(\[](?:\.\.\.|\u2026)[)\]]|\.\.\.|\u2026")
_INNER_ELISION_RE = re.compile(
    r"[\w`'\"]\s*(?:\.\.\.|\u2026|(?<=\s)[(\[](?:\.\.\.|\u2026)[)\]])\s*[\w`'\"]"
)
# A token of an elided comparison: a word, or one other character.
_TOKEN_RE = re.compile(r"\w+|[^\w\s]")
_PLACEHOLDER_TOKEN = "\x00"
_ELIDED = "\x01"
# How much an elided message must confirm of a record: its own text, at least this many
# characters of the record's words, and at least this share of the message's.
MIN_ELIDED_EVIDENCE = 24
ELIDED_SHARE = 0.6
MAX_ELIDED_TOKENS = 240


def elided_tokens(message: str) -> list[str] | None:
    """A message quoted with words left out (``Transpose rule ... for 'p' not implemented``)
    as tokens with a marker at each elision; None when nothing is left out inside it."""
    if _INNER_ELISION_RE.search(message) is None:
        return None
    tokens: list[str] = []
    for number, piece in enumerate(_ELISION_RE.split(message)):
        if number:
            tokens.append(_ELIDED)
        tokens.extend(_TOKEN_RE.findall(piece))
    # Only the prose's closing quote after the last one ("... with (...)`."): the message was
    # cut there, not elided.
    while tokens and not tokens[-1][0].isalnum() and tokens[-1] != _ELIDED:
        tokens.pop()
    if tokens.count(_ELIDED) == 1 and tokens[-1] == _ELIDED:
        return None
    return tokens[:MAX_ELIDED_TOKENS]


def template_tokens(template: str) -> list[str]:
    """A message template as tokens, each placeholder one marker token."""
    segments = segments_from_template(template)
    if segments is None:
        return _TOKEN_RE.findall(template)
    tokens = [_PLACEHOLDER_TOKEN] if segments.leading_gap else []
    for number, literal in enumerate(segments.literals):
        if number:
            tokens.append(_PLACEHOLDER_TOKEN)
        tokens.extend(_TOKEN_RE.findall(literal))
    if segments.trailing_gap:
        tokens.append(_PLACEHOLDER_TOKEN)
    return tokens[:MAX_ELIDED_TOKENS]


def elided_evidence(message: Sequence[str], template: Sequence[str]) -> int:
    """How many characters of the template's own words an elided message (``elided_tokens``)
    confirms when read as that template's message from its start: each elision stands for
    any run of the template, each placeholder for any run of the message, and the rest must
    agree token for token; the message may end before the template does (it was cut there).
    0 when it cannot be that template's message."""
    n, k = len(message), len(template)
    unreachable = -1
    # best[i][j]: the most evidence with i message tokens and j template tokens read.
    best = [[unreachable] * (k + 1) for _ in range(n + 1)]
    best[0][0] = 0
    for i in range(n + 1):
        row = best[i]
        for j in range(k + 1):
            here = row[j]
            if here < 0:
                continue
            token = message[i] if i < n else None
            expected = template[j] if j < k else None
            if token == _ELIDED:
                best[i + 1][j] = max(best[i + 1][j], here)  # the elision ends here
                if expected is not None:
                    row[j + 1] = max(row[j + 1], here)  # it stands for this token too
            elif expected == _PLACEHOLDER_TOKEN:
                row[j + 1] = max(row[j + 1], here)  # the placeholder ends here
                if token is not None:
                    best[i + 1][j] = max(best[i + 1][j], here)  # it holds this token
            elif token is not None and token == expected:
                best[i + 1][j + 1] = max(best[i + 1][j + 1], here + len(token))
    return max(0, *best[n])


def unique_prefix_match(
    candidates: Sequence[tuple[int, Record]], exc_type: str | None
) -> Match | None:
    """The match for a truncated message among the records it can be the beginning of.

    The record whose literal text confirms the most of the message wins when no other comes
    within MIN_LITERAL_CHARS of it (the others fit only by letting a placeholder swallow that
    text). Among close ones, those of the message's exception class, then the curated ones,
    come first, as they do for whole messages; more than one left is no match, since any
    choice would be a guess.
    """
    if not candidates:
        return None
    most = max(evidence for evidence, _ in candidates)
    close = [record for evidence, record in candidates if most - evidence < MIN_LITERAL_CHARS]
    if exc_type:
        close = [r for r in close if _class_penalty(r, exc_type) == 0.0] or close
    close = [r for r in close if GENERATED_TAG not in r.tags] or close
    # The variants of one raise site (a message built several ways) are one answer: its
    # plainest wording stands for them.
    sites: dict[object, Record] = {}
    for record in sorted(close, key=lambda r: len(r.error_message)):
        sites.setdefault(raise_site(record), record)
    close = list(sites.values())
    if len(close) != 1:
        return None
    record = close[0]
    return Match(record, round(PREFIX_SCORE - _class_penalty(record, exc_type), 4), STAGE_PREFIX)


def _breaks_at(piece: str, at: int) -> bool:
    """Whether a literal piece breaks its line at ``at``."""
    return piece[at : at + 1] == "\n"


def _overlap(text: str, piece: str) -> int:
    """The length of the longest end of ``text`` that ``piece`` begins with."""
    if not piece:
        return 0
    start = text.find(piece[0], max(0, len(text) - len(piece)))
    while start >= 0:
        if piece.startswith(text[start:]):
            return len(text) - start
        start = text.find(piece[0], start + 1)
    return 0


def index_keys(required: Sequence[Iterable[str]]) -> list[str | None]:
    """For each pattern's required words, the one to index it by: the rarest among all the
    patterns (so a lookup touches few), or None for a pattern that requires no word."""
    document_frequency: dict[str, int] = defaultdict(int)
    for words in required:
        for word in set(words):
            document_frequency[word] += 1
    return [
        min(words, key=lambda w: (document_frequency[w], -len(w), w)) if words else None
        for words in (set(w) for w in required)
    ]


def message_words(text: str) -> set[str]:
    """The words the index looks a message up by."""
    return {word for word in _WORD_RE.findall(text) if len(word) >= _MIN_WORD}


def _class_penalty(record: Record, exc_type: str | None) -> float:
    """A small penalty when the exception class differs: JAX moves errors between classes."""
    if not exc_type:
        return 0.0
    return 0.0 if exc_type.rsplit(".", 1)[-1] == record.error_class.rsplit(".", 1)[-1] else 0.05


def best_match(index: RecordIndex, messages: Sequence[tuple[str, str | None]]) -> Match | None:
    """The best match over several (message, exc_type) pairs, e.g. an exception chain."""
    best: Match | None = None
    for message, exc_type in messages:
        found = index.match(message, exc_type)
        if found is not None and (best is None or found.score > best.score):
            best = found
    return best
