"""The CPython traceback reader: frames, markers, messages and chains of one printed traceback."""

from __future__ import annotations

import re
from collections import deque
from dataclasses import dataclass, field

from jaxerr_ls.events import ErrorEvent, Frame

MAX_LINE_CHARS = 8 * 1024
MAX_MESSAGE_CHARS = 64 * 1024
MAX_FRAMES = 200
MAX_CHAIN = 32
MAX_PENDING_MERGES = 4096

# CSI / OSC / two-character escapes; a lone ESC left over is removed too, which makes stripping
# idempotent (removing one sequence can never splice together a new one).
ANSI_RE = re.compile(r"\x1b(?:\[[0-?]*[ -/]*[@-~]|\][^\x07\x1b]*(?:\x07|\x1b\\)?|[@-Z\\-_]|)")

TB_HEADER = "Traceback (most recent call last):"
GROUP_HEADER = "Exception Group Traceback (most recent call last):"
CAUSE_SEP = "The above exception was the direct cause of the following exception:"
CONTEXT_SEP = "During handling of the above exception, another exception occurred:"
# A separator cut short by a paste's end ("The above exception wa") still ends the message
# above it: at least this much of it.
MIN_CUT_SEPARATOR = 16


def chain_separator(stripped: str) -> str | None:
    """The chain separator a stripped line is, whole or cut short at a paste's end."""
    if stripped in (CAUSE_SEP, CONTEXT_SEP):
        return stripped
    if len(stripped) >= MIN_CUT_SEPARATOR:
        return next((sep for sep in (CAUSE_SEP, CONTEXT_SEP) if sep.startswith(stripped)), None)
    return None


JAX_NOTICE = "For simplicity, JAX has removed its internal frames"
# What JAX appends to the message of its wrapper exceptions (FilteredStackTrace,
# UnfilteredStackTrace, JaxStackTraceBeforeTransformation), in the wordings of its releases.
JAX_WRAPPER_NOTES = (
    "The stack trace above excludes JAX-internal frames.",
    "The stack trace below excludes JAX-internal frames.",
    "The preceding stack trace is the source of the JAX operation",
)

FRAME_RE = re.compile(r'(\s*)File "(.*)", line (\d+)(?:, in (.*?))?\s*$')
# IPython 8+'s Plain mode keeps CPython's layout but prints its own frame lines:
# ``  File ~/proj/model.py:14 in layer`` and ``  Cell In[7], line 1`` (``... line 3 in f``).
IPYTHON_PLAIN_FRAME_RE = re.compile(
    r"\s*(?:File (\S.*?):(\d+)|(Cell In\[\d+\]), line (\d+))(?: in (\S.*?))?\s*$"
)
# Inside a traceback anything Python could print as a class name is accepted (``<locals>``
# segments, lower-case names); outside one only names that look like exception classes.
EXC_LINE_RE = re.compile(
    r"((?:[A-Za-z_]\w*|<locals>)(?:\.(?:[A-Za-z_]\w*|<locals>))*)(?:: ?(.*))?$"
)
# JAX's chain classes and exception groups (their lines always hold "Error" or "Exception", so
# the cheap path lets them through; a lone ``KeyboardInterrupt`` line outside a traceback is
# not recognised).
_KNOWN_CLASSES = (
    "JaxStackTraceBeforeTransformation|UnfilteredStackTrace|FilteredStackTrace|ExceptionGroup"
    "|BaseExceptionGroup"
)
_EXC_CLASS = (
    r"(?:[A-Za-z_]\w*\.)*(?:[A-Z]\w*(?:Error|Exception|Warning)|" + _KNOWN_CLASSES + r"|Exception)"
)
_LOG_PREFIX = (
    r"(?:(?:DEBUG|INFO|WARNING|WARN|ERROR|CRITICAL|FATAL):[^\s:]*:"
    r"|[IWEF]\d{4} \d\d:\d\d:\d\d\.\d+\s+\d+ [^\]]*\] )"
)
BARE_EXC_RE = re.compile(r"(" + _LOG_PREFIX + r")?(" + _EXC_CLASS + r")(?:: (.*)|:?)$")
STRICT_EXC_RE = re.compile(r"(" + _EXC_CLASS + r")(?:: ?(.*))?$")
WARNING_RE = re.compile(
    r"(\s*)((?:[A-Za-z]:)?[^\s:][^:]*?):(\d+): ((?:[A-Za-z_]\w*\.)*[A-Z]\w*Warning): (.*)$"
)
MARKER_RE = re.compile(r"\s*[~^][~^ ]*$")
MESSAGE_END_RE = re.compile(
    r"\s*(?:Traceback \(most recent call last\):|\+ Exception Group Traceback"
    r"|File \".*\", line \d+|Stack \(most recent call (?:last|first)\):"
    r"|Current thread 0x|Fatal Python error:)"
    r"|={3,}|_{3,} |-{3,} |!{3,}|\[gw\d+\]|(?:FAILED|ERROR|PASSED) \S+(?: - |$)"
    r"|(?:DEBUG|INFO|WARNING|WARN|ERROR|CRITICAL|FATAL):[^\s:]*:"
    r"|[IWEF]\d{4} \d\d:\d\d:\d\d\.\d+"
    r"|\[?\d{4}-\d\d-\d\d[ T]\d\d:\d\d"
    r"|\$ |>>> |[\w.-]+@[\w.-]+:\S*[$#] ?"
    r"|Exception (?:in thread|ignored in)|Error in atexit"
    r"|In \[\d+\]:|Out\[\d+\]:|[\w.]+ +Traceback \(most recent call last\)|```|~~~"
    r"|(?:[A-Za-z]:)?[^\s:][^:]*:\d+: (?:[A-Za-z_]\w*\.)*[A-Z]\w*Warning: "
)
GROUP_LINE_RE = re.compile(r"(\s*)([|+])(.*)$")


def strip_ansi(s: str) -> str:
    """``s`` without terminal escape sequences (colours, cursor moves, OSC titles/links)."""
    if "\x1b" not in s:
        return s
    return ANSI_RE.sub("", s)


@dataclass
class Block:
    """One exception of a traceback being assembled (before it becomes an ``ErrorEvent``)."""

    start: int
    frames: deque[Frame] = field(default_factory=lambda: deque(maxlen=MAX_FRAMES))
    exc_type: str | None = None
    message: list[str] = field(default_factory=list)
    message_chars: int = 0
    end: int = 0
    relation: str | None = None
    # The class a header named (IPython's), for when the paste stops before the exception line.
    header_class: str | None = None

    def add_message_line(self, text: str) -> None:
        if self.message_chars >= MAX_MESSAGE_CHARS:
            return
        room = MAX_MESSAGE_CHARS - self.message_chars
        text = text[:room]
        self.message.append(text)
        self.message_chars += len(text) + 1

    def to_event(self) -> ErrorEvent:
        return ErrorEvent(
            exc_type=self.exc_type or "",
            message="\n".join(self.message).rstrip(),
            frames=list(self.frames),
            chain_relation=self.relation,
            log_line=self.start,
            log_end_line=max(self.end, self.start),
        )


def _is_dropped_block(block: Block) -> bool:
    return block.exc_type is not None and block.exc_type.endswith("SimplifiedTraceback")


def assemble(blocks: list[Block]) -> ErrorEvent | None:
    """The event of one chain of blocks (oldest first): the last real exception, with the rest."""
    kept = [b for b in blocks if b.exc_type is not None and not _is_dropped_block(b)]
    if not kept:
        return None
    events = [b.to_event() for b in kept]
    final = events[-1]
    final.chain = events[:-1]
    # A relation left on the last exception shown says that the output goes on to one it
    # does not show (cut after the separator).
    final.chain_relation = kept[-1].relation
    final.log_line = min(b.start for b in blocks)
    final.log_end_line = max(max(b.end, b.start) for b in blocks)
    return final


class FrameBuilder:
    """Fields of the frame currently being read; frames are immutable once built."""

    __slots__ = ("col", "end_col", "func", "line", "log_line", "path", "source", "source_start")

    def __init__(self, path: str, line: int | None, func: str | None, log_line: int) -> None:
        self.path = path
        self.line = line
        self.func = func
        self.log_line = log_line
        self.source: str | None = None
        self.source_start = 0
        self.col: int | None = None
        self.end_col: int | None = None

    def set_source(self, printed: str, start: int) -> None:
        self.source = printed.strip()
        self.source_start = start

    def set_markers(self, marker_line: str) -> None:
        if self.source is None or self.col is not None:
            return
        stripped = marker_line.rstrip()
        first = len(stripped) - len(stripped.lstrip())
        col = max(0, first - self.source_start)
        end = min(len(self.source), max(col, len(stripped) - self.source_start))
        if col >= len(self.source):
            return
        self.col = col
        self.end_col = end

    def take_source_line(self, text: str, state: int) -> int:
        """Take an indented line printed under the frame's header; ``state`` counts what was
        taken (0: nothing, 1: the source line, 2: its markers, or a later line of a multi-line
        statement that 3.13 prints) and the new count is returned."""
        if state == 0:
            self.set_source(text, len(text) - len(text.lstrip()))
            return 1
        # A marker line holds "^" or "~" (a search in C before the regex).
        if state == 1 and ("^" in text or "~" in text) and MARKER_RE.match(text):
            self.set_markers(text)
        return 2

    def build(self) -> Frame:
        return Frame(
            path=self.path,
            line=self.line,
            function=self.func,
            source=self.source,
            col=self.col,
            end_col=self.end_col,
            log_line=self.log_line,
        )


def _continues_lone_message(stripped: str) -> bool:
    """After a blank line, a lone exception line's message goes on only into JAX's wrapper
    notes and its chain (the rest is other output)."""
    return (
        chain_separator(stripped) is not None
        or stripped.startswith(JAX_WRAPPER_NOTES)
        or stripped.startswith(JAX_NOTICE)
        or (stripped.startswith("-----") and not stripped.strip("-"))
    )


# Reader states.
FRAMES = 0
MESSAGE = 1
GAP = 2  # after a chain separator
CLOSED = 3  # message closed by the JAX notice; only blanks or a separator may follow


class TracebackReader:
    """Reads one CPython-format traceback (with its chain) line by line."""

    def __init__(self, lineno: int, *, headerless: bool = False) -> None:
        self.blocks: list[Block] = [Block(start=lineno, end=lineno)]
        self.state = FRAMES
        self.headerless = headerless
        self.frame: FrameBuilder | None = None
        self.source_state = 0  # 0: expecting source, 1: source seen, 2: markers seen
        self.pending_blanks = 0
        self.pending_dashes: str | None = None
        self.stray = 0
        self.lone = False
        self.lone_gap = False

    @property
    def block(self) -> Block:
        return self.blocks[-1]

    def _flush_frame(self) -> None:
        if self.frame is not None:
            self.blocks[-1].frames.append(self.frame.build())
            self.frame = None

    def _new_block(self, lineno: int) -> None:
        if len(self.blocks) >= MAX_CHAIN:
            del self.blocks[0]
        self.blocks.append(Block(start=lineno, end=lineno))

    @classmethod
    def from_exception_line(cls, lineno: int, exc_type: str, message: str) -> TracebackReader:
        """A reader for an exception line met on its own (no traceback printed above it): its
        message continues over the following lines up to the first blank one."""
        reader = cls(lineno, headerless=True)
        reader.lone = True
        reader.block.exc_type = exc_type
        if message:
            reader.block.add_message_line(message)
        reader.state = MESSAGE
        return reader

    def start_frame(self, lineno: int, path: str, line: int | None, func: str | None) -> None:
        self._flush_frame()
        self.frame = FrameBuilder(path, line, func, lineno)
        self.source_state = 0
        self.blocks[-1].end = lineno

    def feed(self, lineno: int, line: str, had_cr: bool) -> bool:
        """Consume ``line`` if it belongs to this traceback; False means the traceback ended
        before it (the caller then handles the line itself)."""
        state = self.state
        if state == FRAMES:
            return self._feed_frames(lineno, line)
        if state == MESSAGE:
            return self._feed_message(lineno, line, had_cr)
        stripped = line.strip()
        if not stripped:
            return True
        separator = chain_separator(stripped)
        if separator is not None:
            self._separator(lineno, separator)
            return True
        if state == GAP:
            if stripped.startswith(TB_HEADER) or stripped.endswith(GROUP_HEADER):
                self._new_block(lineno)
                self.state = FRAMES
                return True
            m = EXC_LINE_RE.match(line)
            if m is not None and not had_cr:
                self._new_block(lineno)
                self._exception_line(lineno, m)
                return True
        return False

    def _separator(self, lineno: int, stripped: str) -> None:
        self.block.relation = "cause" if stripped == CAUSE_SEP else "context"
        self.pending_blanks = 0
        self.pending_dashes = None
        self.state = GAP

    def _feed_frames(self, lineno: int, line: str) -> bool:
        has_file = "File" in line
        if has_file:
            m = FRAME_RE.match(line)
            if m is not None:
                self.start_frame(lineno, m[2], int(m[3]), m[4])
                self.stray = 0
                return True
        if has_file or "Cell" in line:
            m = IPYTHON_PLAIN_FRAME_RE.match(line)
            if m is not None:
                self.start_frame(lineno, m[1] or m[3], int(m[2] or m[4]), m[5])
                self.stray = 0
                return True
        if not line or line.isspace():
            self.stray += 1
            return self.stray <= 2
        if line[0] in " \t":
            frame = self.frame
            if frame is None or (
                "[Previous" in line and line.strip().startswith("[Previous line repeated")
            ):
                return True
            self.source_state = frame.take_source_line(line, self.source_state)
            self.blocks[-1].end = lineno
            return True
        stripped = line.strip()
        if stripped.startswith(TB_HEADER):
            return False
        m = (STRICT_EXC_RE if self.headerless else EXC_LINE_RE).match(line)
        if m is None:
            return False
        self._flush_frame()
        self._exception_line(lineno, m)
        return True

    def _exception_line(self, lineno: int, m: re.Match[str]) -> None:
        block = self.block
        block.exc_type = m[1]
        if m[2]:
            block.add_message_line(m[2])
        block.end = lineno
        self.state = MESSAGE
        self.pending_blanks = 0
        self.pending_dashes = None
        self.lone_gap = False

    def _feed_message(self, lineno: int, line: str, had_cr: bool) -> bool:
        if not line or line.isspace():
            self.lone_gap = self.lone
            self.pending_blanks += 1
            return True
        block = self.block
        stripped = line.strip()
        if self.lone_gap and not _continues_lone_message(stripped):
            return False
        separator = chain_separator(stripped)
        if separator is not None:
            # A rule still pending here is JAX's decoration before the separator: dropped.
            self._separator(lineno, separator)
            return True
        if line.startswith(JAX_NOTICE):
            self.pending_dashes = None
            self.pending_blanks = 0
            self.state = CLOSED
            return True
        if had_cr or MESSAGE_END_RE.match(line):
            return False
        self._keep_pending()
        if line.startswith("----------") and not line.strip("-"):
            # Maybe the start of JAX's notice: decided by the next non-blank line.
            self.pending_dashes = line
            return True
        block.add_message_line(line)
        block.end = lineno
        return True

    def _keep_pending(self) -> None:
        """Blank lines and a rule held back turned out to be inside the message."""
        if self.pending_dashes is not None:
            self._keep_pending_blanks()
            self.block.add_message_line(self.pending_dashes)
            self.pending_dashes = None
        self._keep_pending_blanks()

    def _keep_pending_blanks(self) -> None:
        block = self.block
        for _ in range(min(self.pending_blanks, 50)):
            block.add_message_line("")
        self.pending_blanks = 0

    def finish(self) -> ErrorEvent | None:
        self._flush_frame()
        return assemble(self.blocks)


def plausible_class(name: str) -> bool:
    last = name.rsplit(".", 1)[-1]
    return bool(last) and last[0].isupper() and " " not in name


def split_exception_text(text: str) -> tuple[str, str]:
    """``("ValueError", "msg")`` from ``"ValueError: msg"``; pytest's ``assert ...`` texts are
    AssertionErrors; anything else has an unknown (empty) type."""
    text = text.strip()
    if not text:
        return "", ""
    m = EXC_LINE_RE.match(text)
    if m is not None and plausible_class(m[1]):
        return m[1], m[2] or ""
    if text.startswith("assert ") or text == "assert":
        return "AssertionError", text
    return "", text


def guess_type_from_message(message: list[str]) -> str:
    """The class of a pytest exception text whose first line does not name it: ``assert ...``
    is an AssertionError; a SyntaxError block names its class on its last unindented line."""
    for line in message:
        if line.strip():
            if line.lstrip().startswith("assert"):
                return "AssertionError"
            break
    for line in message:
        m = STRICT_EXC_RE.match(line)
        if m is not None:
            return m[1]
    return ""
