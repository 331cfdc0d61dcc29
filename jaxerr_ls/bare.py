"""Error messages pasted without their exception class: the paragraphs of a short paste
that a record's message is literally in.

A user often pastes only a message ("Attempted boolean conversion of traced array ..."), in
prose, in quotes, as a ``#`` comment in a reproducer, or in markdown bold. The traceback parser
reads no event there, as nothing marks the text as an exception. This reader takes over for
such input when it is paste-sized: each paragraph (with its quoting stripped), and each of its
lines, is given to the matcher, and only an exact answer (a record's pattern or template, or
its beginning) counts: fuzzy similarity in free text would find records everywhere.
"""

from __future__ import annotations

import ast
import re
from collections.abc import Iterable, Iterator, Sequence
from itertools import permutations

from jaxerr_ls.events import ErrorEvent
from jaxerr_ls.history import STAGE_CLASS
from jaxerr_ls.matching import (
    STAGE_FUZZY,
    Match,
    MessageMatcher,
    ParaphraseIndex,
    distinctive,
)

# Only a paste is read this way, never a log: at most this many characters and lines.
MAX_PASTE_CHARS = 64 * 1024
MAX_PASTE_LINES = 2_000
# The most paragraphs one message is read over.
MAX_MESSAGE_PARAGRAPHS = 6
# What quotes a line of prose: markdown quoting, comments, docstring quotes, bold, list bullets
# (not backticks: JAX's messages start and end with code spans).
_QUOTING_RE = re.compile(r'^\s*(?:(?:>|#+|\*\*|"""|\'\'\'|"|-\s|\*\s)\s*)*')
_TRAILING_RE = re.compile(r'(?:\*\*|"""|\'\'\'|")\s*$')

# An exception named inside a line of prose, and its message after it.
_INLINE_EXCEPTION_RE = re.compile(
    r"(?:^|[\s`'\"(])((?:[A-Za-z_]\w*\.)*(?:[A-Z]\w*)?(?:Error|Exception)): (\S.*)", re.DOTALL
)


# A span of prose in double quotes, straight or curly, long enough to be a message's beginning.
MIN_QUOTED_CHARS = 30
_QUOTED_SPAN_RE = re.compile(
    rf"\"([^\"]{{{MIN_QUOTED_CHARS},}})\"|\u201c([^\u201d]{{{MIN_QUOTED_CHARS},}})\u201d"
)


def _quoted_spans(paragraph: Sequence[str]) -> list[str]:
    """The code spans and the quotes of a paragraph long enough to be a message's beginning,
    each kind read on its own (a quote holds no code span's end, a code span no quote's)."""
    text = " ".join(paragraph)
    spans = [span for span in text.split("`")[1::2] if len(span) >= MIN_QUOTED_CHARS]
    spans += [next(g for g in found.groups() if g) for found in _QUOTED_SPAN_RE.finditer(text)]
    # A quote that begins a sentence's clause may have lowered the message's first letter
    # ('error message "abstract value passed to `bool`"'): read as JAX wrote it too, after.
    return [
        variant
        for span in spans
        for variant in (span, span[0].upper() + span[1:])[: 2 if span[0].islower() else 1]
    ]


# A JAX error class named by its module path (`jax.errors.TracerIntegerConversionError`),
# however the prose around it quotes it.
_JAX_CLASS_RE = re.compile(r"(?<![\w.])jax(?:\.\w+)*\.([A-Z]\w*(?:Error|Exception))\b")
# Or by its name alone: then only a class that writes its one message itself
# (`ConcretizationTypeError`), which nothing but JAX raises.
_CLASS_NAME_RE = re.compile(r"(?<![\w.])([A-Z]\w*(?:Error|Exception))\b")


# A raise statement as source shows it (a traceback's context lines, a quoted snippet): the
# class, then the string literals of its message, which Python joins when they are adjacent.
_RAISE_RE = re.compile(r"\braise\s+((?:[A-Za-z_]\w*\.)*[A-Za-z_]\w*)\s*\(")
_STRING_LITERAL_RE = re.compile(
    r"\s*([rRbBuUfF]{0,2})((?:\"(?:[^\"\\\n]|\\.)*\")|(?:'(?:[^'\\\n]|\\.)*'))"
)
# What stands before a line of source in a traceback or a quote: markdown quoting, IPython's
# arrow and line number (``-> 1120``, ``   1121``).
_SOURCE_PREFIX_RE = re.compile(r"^\s*(?:>\s?)*(?:-*>\s*)?(?:\d+\s)?")


def raised_message(lines: Sequence[str]) -> tuple[str, str] | None:
    """The class and message of the last raise statement in source lines whose message is
    written as string literals (f-string pieces keep their ``{placeholders}``, as JAX's
    templates do), joined as Python joins adjacent literals; None when there is none."""
    text = "\n".join(_SOURCE_PREFIX_RE.sub("", line.rstrip("\r\n")) for line in lines)
    for found in reversed(list(_RAISE_RE.finditer(text))):
        pieces: list[str] = []
        position = found.end()
        while (literal := _STRING_LITERAL_RE.match(text, position)) is not None:
            prefix, quoted = literal[1].lower(), literal[2]
            if "b" in prefix:
                break
            try:
                # An f-string's piece is read as a plain one: its placeholders stay text.
                value = ast.literal_eval(prefix.replace("f", "") + quoted)
            except (ValueError, SyntaxError):
                break
            pieces.append(value)
            position = literal.end()
        message = "".join(pieces).strip()
        if message:
            return found[1], message
    return None


def _unquoted(line: str) -> str:
    line = line.rstrip("\r\n")
    quoting = _QUOTING_RE.match(line)
    text = line[quoting.end() :] if quoting is not None else line
    if quoting is not None and _opens_inner_quote(quoting[0], text):
        # An opening quote whose closing one is inside the line ('"Encountered an unexpected
        # tracer" when scanning'): the prose's quote of a message, which the quoted spans read.
        text = '"' + text
    trailing = _TRAILING_RE.search(text)
    # A closing quote whose opening one is inside the line ('Fails with "Detected ..."') is
    # the prose's quote of a message, which the quoted spans read: kept.
    if trailing is not None and not (trailing[0].strip() == '"' and text.count('"') % 2 == 0):
        text = text[: trailing.start()]
    return text.strip()


def _opens_inner_quote(quoting: str, rest: str) -> bool:
    """Whether the quoting stripped from a line ends in a lone double quote that a quote in
    the rest of the line closes, with more prose after it."""
    mark = quoting.rstrip()
    if not mark.endswith('"') or mark.endswith('""'):
        return False
    closing = rest.find('"')
    return closing > 0 and bool(rest[closing + 1 :].strip())


def _paragraphs(lines: Sequence[str]) -> Iterator[tuple[int, list[str]]]:
    """Runs of non-blank lines, unquoted, each with the 1-based number of its first line."""
    start, current = 0, list[str]()
    for number, raw in enumerate(lines, start=1):
        text = _unquoted(raw)
        if text:
            if not current:
                start = number
            current.append(text)
        elif current:
            yield start, current
            current = []
    if current:
        yield start, current


class PasteHead:
    """The beginning of an output as it streams by, kept while it may still be a paste (at
    most ``MAX_PASTE_CHARS`` characters and ``MAX_PASTE_LINES`` lines), for reading it again
    once the parser has found no error in it."""

    def __init__(self) -> None:
        self._kept: list[str] = []
        self._chars = 0
        self._lines = 0

    @property
    def _short(self) -> bool:
        """Whether what went by so far may still be a paste (once not, never again)."""
        return self._chars <= MAX_PASTE_CHARS and self._lines <= MAX_PASTE_LINES

    def _keep(self, text: str, lines: int) -> None:
        if self._short:
            self._kept.append(text)
        self._chars += len(text)
        self._lines += lines

    def lines(self, lines: Iterable[str]) -> Iterator[str]:
        """Pass output given line by line through, keeping its head."""
        for line in lines:
            self._keep(line, 1)
            yield line

    def blocks(self, blocks: Iterable[str]) -> Iterator[str]:
        """Pass output given in blocks of whole lines through, keeping its head."""
        for block in blocks:
            if self._short:
                # Past a paste's size nothing more is kept: counting the lines of the rest of
                # a long log would be one more pass over it, for nothing.
                self._keep(block, block.count("\n"))
            yield block

    def paste(self) -> list[str] | None:
        """The output's lines, or None when it was longer than a paste."""
        if not self._short:
            return None
        # Lines given one by one may lack their newline: joined, each stays a line.
        return [line for text in self._kept for line in text.splitlines()]


# A message cut shorter than this is too little to say which earlier one it repeats.
MIN_CUT_REPEAT_CHARS = 16
# How many of an output's distinct explained messages are kept to complete later cut ones.
MAX_EARLIER_MESSAGES = 32


class EarlierMessages:
    """The last few distinct messages of an output, for completing a later one of the same
    class cut short (a paste's last line cut by an excerpt or a notebook page, in a list of
    pytest summary lines or a notebook's repeated error): the cut copy is the message it
    begins, when exactly one earlier message begins with it."""

    def __init__(self) -> None:
        self._kept: dict[tuple[str, str], str] = {}
        # The class of each kept message as it was printed (module path and all).
        self._printed: dict[tuple[str, str], str] = {}

    def add(self, exc_type: str, message: str) -> None:
        key = (exc_type.rsplit(".", 1)[-1], " ".join(message.split()))
        if not key[1]:
            return
        self._kept.pop(key, None)
        self._kept[key] = message
        self._printed[key] = exc_type
        if len(self._kept) > MAX_EARLIER_MESSAGES:
            del self._printed[next(iter(self._kept))]
            del self._kept[next(iter(self._kept))]

    def cut_class_of(self, exc_type: str) -> list[tuple[str, str]] | None:
        """The distinct earlier errors (class as printed, message) whose class ``exc_type``
        is a cut beginning of (an empty one begins every class); None when it begins none."""
        found = [
            (printed, self._kept[key])
            for key, printed in self._printed.items()
            if printed != exc_type and printed.startswith(exc_type)
        ]
        return found or None

    def completing(self, exc_type: str, message: str) -> str | None:
        """The one earlier message of ``exc_type`` that ``message`` is a cut beginning of."""
        cut = " ".join(message.split())
        if len(cut) < MIN_CUT_REPEAT_CHARS:
            return None
        name = exc_type.rsplit(".", 1)[-1]
        whole = {
            kept
            for (kept_type, folded), kept in self._kept.items()
            if kept_type == name and folded != cut and folded.startswith(cut)
        }
        return whole.pop() if len(whole) == 1 else None


def bare_message_events(lines: Sequence[str], index: MessageMatcher) -> list[ErrorEvent]:
    """Events for the messages in a short paste that has no exception line: from each
    paragraph on, the longest run of paragraphs (JAX's messages have several), else one of
    the paragraph's lines (prose around it), that a record explains exactly."""
    if len(lines) > MAX_PASTE_LINES or sum(len(line) for line in lines) > MAX_PASTE_CHARS:
        return []
    paragraphs = list(_paragraphs(lines))
    events: list[ErrorEvent] = []
    taken = 0
    for number, (start, paragraph) in enumerate(paragraphs):
        if number < taken:
            continue
        pieces: list[tuple[int, str, int, int]] = []
        for last in reversed(range(number, min(number + MAX_MESSAGE_PARAGRAPHS, len(paragraphs)))):
            run = paragraphs[number : last + 1]
            end = run[-1][0] + len(run[-1][1]) - 1
            pieces.append((start, "\n\n".join("\n".join(p) for _, p in run), end, last + 1))
        if len(paragraph) > 1:
            pieces += [(start + n, line, start + n, number + 1) for n, line in enumerate(paragraph)]
        # A message quoted inside a sentence ('I get "Attempted boolean conversion of ..." when')
        # is read on its own: prose around it is no message's beginning. Its exact match
        # comes first: the sentence around a quote cut short may hold a longer run of
        # another record's text than the quote's own words do.
        end_line = start + len(paragraph) - 1
        spans = [(start, span, end_line, number + 1) for span in _quoted_spans(paragraph)]
        paraphrased_from = len(spans) + len(pieces)
        pieces = spans + pieces + spans
        for position, (first, text, end, after) in enumerate(pieces):
            # What a user quotes as the error may be their own paraphrase of it ("cannot use
            # forward-mode autodiff with a custom_vjp function"): alike enough is enough.
            quoted = position >= paraphrased_from
            exc_type, messages = "", [text]
            inline = _INLINE_EXCEPTION_RE.search(text)
            if inline is not None:
                # "It crashes with `jax.errors.UnexpectedTracerError: Encountered ...`".
                exc_type = inline[1]
                messages = [_TRAILING_RE.sub("", inline[2].rstrip("`"))]
                if inline[0].startswith("`") and "`" in inline[2]:
                    # Or only up to the code span's end, with the prose after it left out:
                    # its first backtick, or its last (the message has code spans of its own).
                    messages += [inline[2].split("`", 1)[0], inline[2].rsplit("`", 1)[0]]
            message = next(
                (
                    m
                    for m in messages
                    if _exact(found := index.match(m, exc_type or None))
                    or (quoted and _paraphrased(index, m, exc_type or None, found))
                ),
                None,
            )
            if message is not None:
                events.append(ErrorEvent(exc_type, message, log_line=first, log_end_line=end))
                taken = after
                break
    if not events:
        raised = raised_message(lines)
        if raised is not None and _exact(index.match(raised[1], raised[0])):
            # A raise statement quoted as source (the paste's only message).
            events.append(ErrorEvent(raised[0], raised[1], log_line=1, log_end_line=len(lines)))
    return events or named_class_events(lines, index) or _failed_assertion_events(lines)


# IPython's arrow at the line a frame was executing (``--> 520   assert ...``), maybe quoted.
_ARROW_ASSERT_RE = re.compile(r"^\s*(?:>\s?)*-+>\s*\d+\s+assert\b")


def _failed_assertion_events(lines: Sequence[str]) -> list[ErrorEvent]:
    """A class-only event for the ``assert`` statement that the last IPython arrow of a
    paste shows executing, when nothing else in it says the error (an arrow line pasted
    alone): an ``assert`` raises ``AssertionError``, unless a call in its condition raised,
    whose frame would have been printed below it."""
    arrows = [n for n, line in enumerate(lines, start=1) if _ARROW_RE.match(line)]
    if not arrows or not _ARROW_ASSERT_RE.match(lines[arrows[-1] - 1]):
        return []
    return [ErrorEvent("AssertionError", "", log_line=arrows[-1], log_end_line=arrows[-1])]


_ARROW_RE = re.compile(r"^\s*(?:>\s?)*-+>\s*\d+\s")


def _by_class_alone(found: Match | None) -> bool:
    return found is not None and found.stage == STAGE_CLASS


def _exact(found: Match | None) -> bool:
    """Whether a match is exact, and of a record that prose cannot say by chance: a short
    generated template (``{x} is not supported``, ``must override``) is also how any
    sentence may go (a curated one's pattern says more than its template)."""
    return found is not None and found.stage != STAGE_FUZZY and distinctive(found.record)


def _paraphrased(
    index: MessageMatcher, phrase: str, exc_type: str | None, found: Match | None
) -> bool:
    """Whether a quoted phrase is, in other words, the message of the record it matches
    fuzzily (``found``): the one record it is clearly likest to."""
    if found is None or found.stage != STAGE_FUZZY or not isinstance(index, ParaphraseIndex):
        return False
    said = index.paraphrase(phrase, exc_type)
    return said is not None and said.record.id == found.record.id


def named_class_events(lines: Sequence[str], index: MessageMatcher) -> list[ErrorEvent]:
    """An event without a message for the one JAX error class a paste names when it quotes no
    message ("I get a `jax.errors.TracerIntegerConversionError`", a traceback cut before its
    exception line, a title "ConcretizationTypeError in lax.cond"): the class may still say
    which error it is."""
    named = [
        (number, found[1])
        for number, line in enumerate(lines, start=1)
        for found in _JAX_CLASS_RE.finditer(line)
    ]
    named += [
        (number, found[1])
        for number, line in enumerate(lines, start=1)
        for found in _CLASS_NAME_RE.finditer(line)
        if _by_class_alone(index.match("", found[1]))
    ]
    if not named:
        # Any other class only in prose: "I get a ``NotImplementedError``", a title quoting
        # "UnexpectedTracerError" (never in code, where a class is caught, raised or built).
        named = [
            (number, found[1])
            for number, line in _prose_lines(lines)
            for found in _CLASS_NAME_RE.finditer(line)
            if _CODE_CONTEXT_RE.search(line[: found.start()]) is None
            and _USED_IN_CODE_RE.match(line, found.end()) is None
        ]
    if not named:
        # Or a JAX class said in words: "bool tracer conversion errors", "a concretization
        # type error".
        named = [
            (number, name)
            for number, line in _prose_lines(lines)
            for name in _worded_classes(line, index)
        ]
    named.sort()
    if len({name for _, name in named}) != 1:
        return []
    number, name = named[0]
    return [ErrorEvent(name, "", log_line=number, log_end_line=number)]


# Words that end a class said in words, and the words before them that may be its name's
# (``NonConcreteBooleanIndexError`` has four).
_WORDED_CLASS_RE = re.compile(r"((?:[A-Za-z]+[\s-]+){1,4})(errors?|exceptions?)\b", re.I)
_NAME_WORD_RE = re.compile(r"[A-Za-z]+")


def _worded_classes(line: str, index: MessageMatcher) -> Iterator[str]:
    """The JAX error classes a line of prose names in words, in any order ("tracer bool
    conversion error" for ``TracerBoolConversionError``): only a class that writes its one
    message itself, which nothing but JAX raises, so that ordinary words ("type error", "an
    unexpected error") name none."""
    for found in _WORDED_CLASS_RE.finditer(line):
        words = [word.lower() for word in _NAME_WORD_RE.findall(found[1])]
        ending = "Error" if found[2].lower().startswith("error") else "Exception"
        # The name is the last one to four words before the ending, in some order.
        for size in range(1, len(words) + 1):
            tail = words[len(words) - size :]
            for order in sorted(set(permutations(tail))):
                name = "".join(word.capitalize() for word in order) + ending
                if _by_class_alone(index.match("", name)):
                    yield name


# What follows a class used in code: a call, an attribute.
_USED_IN_CODE_RE = re.compile(r"\(|\.\w")
# What stands before a class named in code rather than in prose.
_CODE_CONTEXT_RE = re.compile(r"(?:\b(?:except|raise|import|class|isinstance|raises)\b|=)[^`\"']*$")
_FENCE_RE = re.compile(r"^\s*(?:>\s*)*(?:```|~~~)")
# A line of code however it is quoted: indented by four, or a Python prompt.
_CODE_LINE_RE = re.compile(r"^(?: {4}|\t|>>> |\.\.\. )")


def _prose_lines(lines: Sequence[str]) -> Iterator[tuple[int, str]]:
    """The lines of a paste (1-based numbers) outside its code blocks (markdown fences,
    indented code, interpreter sessions)."""
    in_code = False
    for number, line in enumerate(lines, start=1):
        if _FENCE_RE.match(line):
            in_code = not in_code
        elif not in_code and not _CODE_LINE_RE.match(line):
            yield number, line
