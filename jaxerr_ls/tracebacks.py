"""Streaming parser that turns terminal / script / pytest output into ``ErrorEvent`` records.

What it reads
-------------
* CPython 3.10-3.13 tracebacks (plain and colourised), chained ones ("The above exception was
  the direct cause ..." / "During handling ..."), headerless ``SyntaxError`` blocks,
  ``[Previous line repeated N more times]``, 3.13's multi-line source with ``...<N lines>...``,
  and ``ExceptionGroup`` output (``  | `` prefixed members: the group and each member that is
  printed become separate events, in log order).
* JAX's additions: the ``--------------------`` / "For simplicity, JAX has removed its internal
  frames ..." notice is dropped (never an event, never part of a message, never a chain
  member); ``SimplifiedTraceback`` blocks are dropped from chains; ``UnfilteredStackTrace`` and
  ``JaxStackTraceBeforeTransformation`` stay as ordinary chain members.
* pytest reports in every ``--tb`` mode, with ``-q``/``-v``/``-rA``/``--color=yes``/xdist.
* As a fallback in unknown output: a lone line that clearly is an exception line
  (``ValueError: x``, ``jax.errors.ConcretizationTypeError: ...``, optionally after a
  ``logging`` ``LEVEL:name:`` or absl ``E1129 12:00:00.000 123 f.py:1] `` prefix) and Python
  warning lines (``path:12: UserWarning: msg`` + the source line under it).

Semantics
---------
``Frame.col`` / ``Frame.end_col`` are 0-based offsets into ``Frame.source`` **as stored**: the
first printed source line of the frame with its surrounding whitespace stripped (Python strips
the indentation itself; the locator finds this text in the file's line and adds that line's own
indentation). They span the whole highlighted expression (``~`` and ``^`` together, i.e. the
instruction's position) on that first line; a range continuing on later lines is cut at the end
of the first line. ``None`` when the log shows no marker line (Python omits it when the
expression is the whole line; pytest's ``>`` lines get columns only from a marker line that
pytest prints under them).

A traceback's message starts after ``Type: `` and continues over following lines, blank lines
included, until a line that starts another construct: a traceback header, a chain separator, a
``File "..."`` frame line, the JAX notice, pytest structure (``====``/``____``/``----``
headers, summary lines, ``E`` blocks ending), a ``logging``/absl/timestamped log record, a shell
or REPL prompt, a Python warning line, a line that contained a carriage return (progress
bars), or the end of input. Blank lines are only kept when more message text follows them.
Output a program prints right after its traceback without any such marker is therefore taken as
message text: that is the price of keeping JAX's multi-paragraph messages whole.

pytest: a failure's event is emitted when its section ends, with ``test_id`` guessed from the
section name and the test file's relative path where that is safe (failures shown in long/short
style, collection errors). The "short test summary info" lines are then merged into the events
already emitted for the same test (matched by outcome and section name, or in order for
``--tb=line`` reports): the event is updated in place (``test_id`` set, an unknown
``exc_type`` filled). A summary line that matches nothing (``--tb=no``) becomes its own event
with no frames. ``rootdir`` is taken from pytest's header and set on all later events.

Limits keep memory bounded on any input: lines are cut at 8 KiB, messages at 64 KiB, frames at
200 per exception (the innermost are kept), chains at 32 exceptions, and the state kept for
summary merging at 4096 events.
"""

from __future__ import annotations

import re
from collections import deque
from collections.abc import Iterable, Iterator
from dataclasses import dataclass, field

from jaxerr_ls.events import ErrorEvent, Frame

__all__ = ["parse_output", "parse_text", "strip_ansi"]

MAX_LINE_CHARS = 8 * 1024
MAX_MESSAGE_CHARS = 64 * 1024
MAX_FRAMES = 200
MAX_CHAIN = 32
MAX_PENDING_MERGES = 4096
_RAISE_PARSER_ERRORS = False

# CSI / OSC / two-character escapes; a lone ESC left over is removed too, which makes stripping
# idempotent (removing one sequence can never splice together a new one).
_ANSI_RE = re.compile(r"\x1b(?:\[[0-?]*[ -/]*[@-~]|\][^\x07\x1b]*(?:\x07|\x1b\\)?|[@-Z\\-_]|)")

_TB_HEADER = "Traceback (most recent call last):"
_GROUP_HEADER = "Exception Group Traceback (most recent call last):"
_CAUSE_SEP = "The above exception was the direct cause of the following exception:"
_CONTEXT_SEP = "During handling of the above exception, another exception occurred:"
_JAX_NOTICE = "For simplicity, JAX has removed its internal frames"

_FRAME_RE = re.compile(r'(\s*)File "(.*)", line (\d+)(?:, in (.*?))?\s*$')
# Inside a traceback anything Python could print as a class name is accepted (``<locals>``
# segments, lower-case names); outside one only names that look like exception classes.
_EXC_LINE_RE = re.compile(
    r"((?:[A-Za-z_]\w*|<locals>)(?:\.(?:[A-Za-z_]\w*|<locals>))*)(?:: ?(.*))?$"
)
# JAX's chain classes and exception groups (their lines always hold "Error" or "Exception", so
# the cheap path lets them through; a lone ``KeyboardInterrupt`` line outside a traceback is
# not recognised).
_KNOWN_CLASSES = (
    "JaxStackTraceBeforeTransformation|UnfilteredStackTrace|ExceptionGroup|BaseExceptionGroup"
)
_EXC_CLASS = (
    r"(?:[A-Za-z_]\w*\.)*(?:[A-Z]\w*(?:Error|Exception|Warning)|" + _KNOWN_CLASSES + r"|Exception)"
)
_LOG_PREFIX = (
    r"(?:(?:DEBUG|INFO|WARNING|WARN|ERROR|CRITICAL|FATAL):[^\s:]*:"
    r"|[IWEF]\d{4} \d\d:\d\d:\d\d\.\d+\s+\d+ [^\]]*\] )"
)
_BARE_EXC_RE = re.compile(r"(" + _LOG_PREFIX + r")?(" + _EXC_CLASS + r")(?:: (.*)|:?)$")
_STRICT_EXC_RE = re.compile(r"(" + _EXC_CLASS + r")(?:: ?(.*))?$")
_WARNING_RE = re.compile(
    r"(\s*)((?:[A-Za-z]:)?[^\s:][^:]*?):(\d+): ((?:[A-Za-z_]\w*\.)*[A-Z]\w*Warning): (.*)$"
)
_MARKER_RE = re.compile(r"\s*[~^][~^ ]*$")
_MESSAGE_END_RE = re.compile(
    r"\s*(?:Traceback \(most recent call last\):|\+ Exception Group Traceback"
    r"|File \".*\", line \d+|Stack \(most recent call (?:last|first)\):"
    r"|Current thread 0x|Fatal Python error:)"
    r"|={3,}|_{3,} |-{3,} |!{3,}|\[gw\d+\]|(?:FAILED|ERROR|PASSED) \S+(?: - |$)"
    r"|(?:DEBUG|INFO|WARNING|WARN|ERROR|CRITICAL|FATAL):[^\s:]*:"
    r"|[IWEF]\d{4} \d\d:\d\d:\d\d\.\d+"
    r"|\[?\d{4}-\d\d-\d\d[ T]\d\d:\d\d"
    r"|\$ |>>> |[\w.-]+@[\w.-]+:\S*[$#] ?"
    r"|Exception (?:in thread|ignored in)|Error in atexit"
    r"|(?:[A-Za-z]:)?[^\s:][^:]*:\d+: (?:[A-Za-z_]\w*\.)*[A-Z]\w*Warning: "
)
_GROUP_LINE_RE = re.compile(r"(\s*)([|+])(.*)$")

_PYTEST_TITLE_RE = re.compile(r"=+ (.*?) =+$")
_PYTEST_SECTION_RE = re.compile(r"_+ (.+?) _+$")
_PYTEST_SUBSECTION_RE = re.compile(r"-+ (.+?) -+$")
_PYTEST_SUMMARY_RE = re.compile(r"(FAILED|ERROR) (\S.*?)(?: - (.*))?$")
_PYTEST_LOCATION_RE = re.compile(r"((?:[A-Za-z]:)?[^\s:][^:]*?):(\d+):(?: (.*))?$")
_PYTEST_CLOSING_RE = re.compile(
    r"^(?:no tests ran|Interrupted|\d+ (?:failed|passed|errors?|skipped|deselected|xfailed|"
    r"xpassed|warnings?|rerun)\b.*)"
)
_PYTEST_DEF_RE = re.compile(r"\s*(?:async\s+)?def (\w+)")
_PYTEST_FAIL_AREAS = ("FAILURES", "ERRORS")


def strip_ansi(s: str) -> str:
    """``s`` without terminal escape sequences (colours, cursor moves, OSC titles/links)."""
    if "\x1b" not in s:
        return s
    return _ANSI_RE.sub("", s)


def parse_text(text: str) -> list[ErrorEvent]:
    """All events of a whole log held in memory."""
    # Split on "\n" only: str.splitlines would also split on the "\r" of progress bars.
    lines = text.split("\n")
    if lines and not lines[-1]:
        lines.pop()
    return list(parse_output(lines))


def parse_output(lines: Iterable[str], *, strip_ansi: bool = True) -> Iterator[ErrorEvent]:
    """Events found in ``lines`` (one log line each, newline optional), in log order, as soon as
    each is complete. Never raises on any text; memory stays bounded whatever the input size."""
    return _parse_numbered(enumerate(lines, start=1), _Parser(), strip_ansi)


def _parse_numbered(
    numbered: Iterable[tuple[int, str]], parser: _Parser, strip_ansi: bool
) -> Iterator[ErrorEvent]:
    feed = parser.feed
    out = parser.out
    lineno = 0
    idle = True
    ansi = strip_ansi
    in_summary = False
    for lineno, raw in numbered:
        if in_summary and raw.startswith(_SUMMARY_PASSING):
            # -rA lists every passing test in the summary; only failures merge into events.
            continue
        # The cheap path: with nothing in progress, a line matters only if it can start a
        # construct. Each check is one C-level call, and single-character searches (memchr)
        # guard the longer ones, since most log lines hold no "E" or "W" at all.
        if (
            idle
            and ("E" not in raw or ("Error" not in raw and "Exception" not in raw))
            and ("W" not in raw or "Warning" not in raw)
        ):
            first = raw[:1]
            if first not in _STARTS_CONSTRUCT and (
                # Traceback headers and frame lines are indented or start with "T".
                first not in _MAY_START_TRACEBACK or ("Traceback" not in raw and "File " not in raw)
            ):
                continue
        line = raw[:MAX_LINE_CHARS]
        if line.endswith("\n"):
            line = line[:-1]
        if line.endswith("\r"):
            line = line[:-1]
        had_cr = False
        if "\r" in line:
            # A terminal shows what was written after the last carriage return.
            had_cr = True
            line = line[line.rfind("\r") + 1 :]
        if ansi and "\x1b" in line:
            line = _ANSI_RE.sub("", line)
        if "\x00" in line:
            line = line.replace("\x00", "")
        try:
            feed(lineno, line, had_cr)
        except Exception:
            # A parser bug must not take the caller down; the tests turn this off to see bugs.
            if _RAISE_PARSER_ERRORS:
                raise
            parser.reset_after_error()
        if out:
            yield from out
            out.clear()
        idle = parser.idle
        in_summary = parser.area == "summary"
    try:
        parser.finish(lineno)
    except Exception:
        if _RAISE_PARSER_ERRORS:
            raise
        parser.reset_after_error()
    yield from out
    out.clear()


# First characters of lines that start a construct whatever else they contain: pytest titles,
# ``rootdir:``, and colourised output (whose words are split by escape codes).
_SUMMARY_PASSING = ("PASSED ", "SKIPPED ", "XFAIL ", "XPASS ")
_STARTS_CONSTRUCT = frozenset("=r\x1b")
_MAY_START_TRACEBACK = frozenset(" \tT+|")


@dataclass
class _Block:
    """One exception of a traceback being assembled (before it becomes an ``ErrorEvent``)."""

    start: int
    frames: deque[Frame] = field(default_factory=lambda: deque(maxlen=MAX_FRAMES))
    exc_type: str | None = None
    message: list[str] = field(default_factory=list)
    message_chars: int = 0
    end: int = 0
    relation: str | None = None

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


def _is_dropped_block(block: _Block) -> bool:
    return block.exc_type is not None and block.exc_type.endswith("SimplifiedTraceback")


def _assemble(blocks: list[_Block]) -> ErrorEvent | None:
    """The event of one chain of blocks (oldest first): the last real exception, with the rest."""
    kept = [b for b in blocks if b.exc_type is not None and not _is_dropped_block(b)]
    if not kept:
        return None
    events = [b.to_event() for b in kept]
    final = events[-1]
    final.chain = events[:-1]
    final.chain_relation = None
    final.log_line = min(b.start for b in blocks)
    final.log_end_line = max(max(b.end, b.start) for b in blocks)
    return final


class _FrameBuilder:
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
        if state == 1 and _MARKER_RE.match(text):
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


# Reader states.
_FRAMES = 0
_MESSAGE = 1
_GAP = 2  # after a chain separator
_CLOSED = 3  # message closed by the JAX notice; only blanks or a separator may follow


class _TracebackReader:
    """Reads one CPython-format traceback (with its chain) line by line."""

    def __init__(self, lineno: int, *, headerless: bool = False) -> None:
        self.blocks: list[_Block] = [_Block(start=lineno, end=lineno)]
        self.state = _FRAMES
        self.headerless = headerless
        self.frame: _FrameBuilder | None = None
        self.source_state = 0  # 0: expecting source, 1: source seen, 2: markers seen
        self.pending_blanks = 0
        self.pending_dashes: str | None = None
        self.stray = 0

    @property
    def block(self) -> _Block:
        return self.blocks[-1]

    def _flush_frame(self) -> None:
        if self.frame is not None:
            self.block.frames.append(self.frame.build())
            self.frame = None

    def _new_block(self, lineno: int) -> None:
        if len(self.blocks) >= MAX_CHAIN:
            del self.blocks[0]
        self.blocks.append(_Block(start=lineno, end=lineno))

    def start_frame(self, lineno: int, m: re.Match[str]) -> None:
        self._flush_frame()
        self.frame = _FrameBuilder(m[2], int(m[3]), m[4], lineno)
        self.source_state = 0
        self.block.end = lineno

    def feed(self, lineno: int, line: str, had_cr: bool) -> bool:
        """Consume ``line`` if it belongs to this traceback; False means the traceback ended
        before it (the caller then handles the line itself)."""
        state = self.state
        if state == _FRAMES:
            return self._feed_frames(lineno, line)
        if state == _MESSAGE:
            return self._feed_message(lineno, line, had_cr)
        stripped = line.strip()
        if not stripped:
            return True
        if stripped in (_CAUSE_SEP, _CONTEXT_SEP):
            self._separator(lineno, stripped)
            return True
        if state == _GAP:
            if stripped.startswith(_TB_HEADER) or stripped.endswith(_GROUP_HEADER):
                self._new_block(lineno)
                self.state = _FRAMES
                return True
            m = _EXC_LINE_RE.match(line)
            if m is not None and not had_cr:
                self._new_block(lineno)
                self._exception_line(lineno, m)
                return True
        return False

    def _separator(self, lineno: int, stripped: str) -> None:
        self.block.relation = "cause" if stripped == _CAUSE_SEP else "context"
        self.pending_blanks = 0
        self.pending_dashes = None
        self.state = _GAP

    def _feed_frames(self, lineno: int, line: str) -> bool:
        if "File" in line:
            m = _FRAME_RE.match(line)
            if m is not None:
                self.start_frame(lineno, m)
                self.stray = 0
                return True
        if not line or line.isspace():
            self.stray += 1
            return self.stray <= 2
        if line[0] in " \t":
            frame = self.frame
            stripped = line.strip()
            if frame is None or stripped.startswith("[Previous line repeated"):
                return True
            self.source_state = frame.take_source_line(line, self.source_state)
            self.block.end = lineno
            return True
        stripped = line.strip()
        if stripped.startswith(_TB_HEADER):
            return False
        m = (_STRICT_EXC_RE if self.headerless else _EXC_LINE_RE).match(line)
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
        self.state = _MESSAGE
        self.pending_blanks = 0
        self.pending_dashes = None

    def _feed_message(self, lineno: int, line: str, had_cr: bool) -> bool:
        if not line or line.isspace():
            self.pending_blanks += 1
            return True
        block = self.block
        stripped = line.strip()
        if stripped in (_CAUSE_SEP, _CONTEXT_SEP):
            # A rule still pending here is JAX's decoration before the separator: dropped.
            self._separator(lineno, stripped)
            return True
        if line.startswith(_JAX_NOTICE):
            self.pending_dashes = None
            self.pending_blanks = 0
            self.state = _CLOSED
            return True
        if had_cr or _MESSAGE_END_RE.match(line):
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
        return _assemble(self.blocks)


@dataclass
class _PytestSection:
    """One ``____ name ____`` section of pytest's FAILURES / ERRORS area (or the nameless area
    that ``--tb=line`` writes)."""

    lineno: int
    name: str | None
    outcome: str  # "failed" | "error"
    test_id: str | None = None
    blocks: list[_Block] = field(default_factory=list)
    e_width: int = 0
    in_e: bool = False
    e_dashes: str | None = None
    e_closed: bool = False
    gt_markers: tuple[int | None, int | None] | None = None
    e_frame: _FrameBuilder | None = None
    e_frame_state: int = 0
    gt_source: str | None = None
    gt_start: int = 0
    long_block_seen: bool = False
    def_name: str | None = None
    short_frame: _FrameBuilder | None = None
    short_source_expected: bool = False
    marker_target: _FrameBuilder | None = None
    native: _TracebackReader | None = None
    native_event: ErrorEvent | None = None
    end: int = 0
    relative_test_path: str | None = None

    def block(self, lineno: int) -> _Block:
        if not self.blocks:
            self.blocks.append(_Block(start=lineno, end=lineno))
        return self.blocks[-1]


class _Parser:
    """The line-by-line state machine behind ``parse_output``."""

    def __init__(self) -> None:
        self.out: list[ErrorEvent] = []
        self.rootdir: str | None = None
        self.reader: _TracebackReader | None = None
        self.in_group = False
        self.warning: ErrorEvent | None = None
        self.warning_indent = 0
        # pytest state
        self.area: str | None = None
        self.section: _PytestSection | None = None
        self.captured = False
        self.awaiting: dict[tuple[str, str], deque[ErrorEvent]] = {}
        self.awaiting_nameless: deque[ErrorEvent] = deque()
        self.awaiting_count = 0
        # pytest failures are held back until the summary has named their tests (or the run's
        # closing line shows there is no summary), so a consumer sees each event complete.
        # Everything emitted meanwhile waits behind them to keep log order.
        self.held: list[ErrorEvent] = []

    @property
    def idle(self) -> bool:
        # In a report area other than failures and the summary (warnings, -rA's PASSES) only
        # titles and tracebacks matter, as outside pytest, so the cheap path may skip lines.
        return (
            self.reader is None
            and (self.area is None or self.area == "other")
            and self.warning is None
            and not self.in_group
        )

    def reset_after_error(self) -> None:
        self.release_held()
        self.reader = None
        self.in_group = False
        self.warning = None
        self.area = None
        self.section = None
        self.captured = False

    # -- emission -------------------------------------------------------------------------

    def emit(self, event: ErrorEvent, *, hold: bool = False) -> None:
        if event.rootdir is None:
            event.rootdir = self.rootdir
        if hold or self.held:
            self.held.append(event)
            if len(self.held) > MAX_PENDING_MERGES:
                self.out.append(self.held.pop(0))
        else:
            self.out.append(event)

    def release_held(self) -> None:
        if self.held:
            self.out.extend(self.held)
            self.held.clear()

    def _close_reader(self) -> None:
        reader = self.reader
        if reader is not None:
            self.reader = None
            event = reader.finish()
            if event is not None:
                self.emit(event)

    def _close_warning(self) -> None:
        if self.warning is not None:
            self.emit(self.warning)
            self.warning = None

    def finish(self, lineno: int) -> None:
        self._close_warning()
        self._close_reader()
        self._close_section()
        self.in_group = False
        self.release_held()

    # -- dispatch ---------------------------------------------------------------------------

    def feed(self, lineno: int, line: str, had_cr: bool) -> None:
        if self.warning is not None:
            indent = len(line) - len(line.lstrip())
            if line.strip() and indent > self.warning_indent and self.warning.frames:
                first = self.warning.frames[0]
                self.warning.frames[0] = Frame(
                    first.path, first.line, None, line.strip(), None, None, first.log_line
                )
                self.warning.log_end_line = lineno
                self._close_warning()
                return
            self._close_warning()
        if self.in_group:
            m = _GROUP_LINE_RE.match(line)
            if m is None or (m[2] == "+" and not m[3].startswith(("-", " Exception Group"))):
                self.in_group = False
                self._close_reader()
            elif m[2] == "+":
                self._close_reader()
                if _GROUP_HEADER in line:
                    self.reader = _TracebackReader(lineno)
                return
            else:
                inner = m[3]
                line = inner[1:] if inner.startswith(" ") else inner
        if self.area is not None and self._feed_pytest(lineno, line, had_cr):
            return
        self._feed_generic(lineno, line, had_cr)

    def _feed_generic(self, lineno: int, line: str, had_cr: bool) -> None:
        reader = self.reader
        if reader is not None:
            if reader.feed(lineno, line, had_cr):
                return
            self._close_reader()
        if not line:
            return
        first = line[0]
        if first in " \t+":
            stripped = line.lstrip()
            if stripped.startswith(_TB_HEADER):
                self.reader = _TracebackReader(lineno)
                return
            if stripped.startswith("+ " + _GROUP_HEADER):
                self.in_group = True
                self.reader = _TracebackReader(lineno)
                return
            if stripped.startswith('File "'):
                m = _FRAME_RE.match(line)
                if m is not None:
                    reader = _TracebackReader(lineno, headerless=True)
                    reader.start_frame(lineno, m)
                    self.reader = reader
                    return
        elif first == "T":
            if line.startswith(_TB_HEADER):
                self.reader = _TracebackReader(lineno)
                return
        elif first == "=":
            m = _PYTEST_TITLE_RE.match(line)
            if m is not None:
                self._pytest_title(lineno, m[1])
                return
        elif first == "r" and line.startswith("rootdir: "):
            self._set_rootdir(line)
            return
        if "Warning" in line:
            m = _WARNING_RE.match(line)
            if m is not None:
                self.warning = ErrorEvent(
                    exc_type=m[4],
                    message=m[5],
                    frames=[Frame(m[2], int(m[3]), log_line=lineno)],
                    log_line=lineno,
                    log_end_line=lineno,
                )
                self.warning_indent = len(m[1])
                return
        if first not in " \t" and not had_cr:
            m = _BARE_EXC_RE.match(line)
            if m is not None:
                self.emit(
                    ErrorEvent(
                        exc_type=m[2],
                        message=m[3] or "",
                        log_line=lineno,
                        log_end_line=lineno,
                    )
                )

    def _set_rootdir(self, line: str) -> None:
        value = line[len("rootdir: ") :].strip()
        for sep in (", configfile: ", ", inifile: ", ", testpaths: "):
            value = value.split(sep, 1)[0]
        self.rootdir = value or None

    # -- pytest -----------------------------------------------------------------------------

    def _pytest_title(self, lineno: int, title: str) -> None:
        self._close_reader()
        self._close_section()
        self.captured = False
        if title in _PYTEST_FAIL_AREAS:
            self.area = "failures"
            return
        if title == "short test summary info":
            self.area = "summary"
            return
        # The closing "N failed in 2.0s" line or a new session ends the run's report; other
        # areas (warnings, passes, durations, coverage) may still come before the summary.
        if title == "test session starts" or _PYTEST_CLOSING_RE.search(title):
            self.release_held()
        if title == "test session starts":
            self.area = None
            self.awaiting.clear()
            self.awaiting_nameless.clear()
            self.awaiting_count = 0
        else:
            self.area = "other" if title in ("warnings summary", "PASSES") else None

    def _feed_pytest(self, lineno: int, line: str, had_cr: bool) -> bool:
        """Handle a line inside a pytest report area; False hands it to the generic reader."""
        first = line[:1]
        if first == "=":
            m = _PYTEST_TITLE_RE.match(line)
            if m is not None:
                self._pytest_title(lineno, m[1])
                return True
            if line.strip("=") == "":
                return True
        area = self.area
        if area == "summary":
            m = _PYTEST_SUMMARY_RE.match(line)
            if m is not None:
                self._summary_line(lineno, m[1], m[2], m[3])
                return True
            if line.startswith(("PASSED ", "SKIPPED ", "XFAIL ", "XPASS ", "!")):
                return True
            # Anything else (the -q closing "N failed ..." line) ends the summary.
            self.area = None
            self.release_held()
            return False
        if area != "failures":
            return False
        if first == "_" and not line.startswith("_ _"):
            m = _PYTEST_SECTION_RE.match(line)
            if m is not None:
                self._close_reader()
                self._close_section()
                self.captured = False
                self._open_section(lineno, m[1])
                return True
        if first == "-":
            m = _PYTEST_SUBSECTION_RE.match(line)
            if m is not None:
                self._close_reader()
                if self.section is not None and self.section.name is not None:
                    self._close_section()
                self.captured = True
                return True
        if self.captured:
            if self.reader is None:
                m = _PYTEST_LOCATION_RE.match(line)
                if m is not None and m[3] and not m[3].startswith("in "):
                    self._line_mode_report(lineno, m)
                    return True
            return False
        section = self.section
        if section is None:
            section = self.section = _PytestSection(lineno=lineno, name=None, outcome="failed")
        self._section_line(section, lineno, line, had_cr)
        return True

    def _open_section(self, lineno: int, name: str) -> None:
        outcome = "failed"
        test_id = None
        for prefix in ("ERROR at setup of ", "ERROR at teardown of "):
            if name.startswith(prefix):
                outcome, name = "error", name[len(prefix) :]
        if name.startswith("ERROR collecting "):
            outcome = "error"
            name = name[len("ERROR collecting ") :]
            test_id = name
        self.section = _PytestSection(lineno=lineno, name=name, outcome=outcome, test_id=test_id)

    def _section_line(self, section: _PytestSection, lineno: int, line: str, had_cr: bool) -> None:
        if section.native is not None:
            if section.native.feed(lineno, line, had_cr):
                section.end = lineno
                return
            section.native_event = section.native.finish()
            section.native = None
        if not line:
            section.in_e = False
            return
        first = line[0]
        if first == "E" and (len(line) == 1 or line[1] == " "):
            self._e_line(section, lineno, line)
            return
        if section.in_e and section.name is None and line.startswith("    "):
            # --tb=line continues a multi-line message without the E prefix.
            self._e_text(section, section.block(lineno), lineno, line[4:])
            return
        section.in_e = False
        if first == "[" and line.startswith("[gw"):
            return
        if first == ">":
            text = line[1:]
            start = len(line) - len(text.lstrip())
            section.gt_source = text.strip()
            section.gt_start = start
            section.gt_markers = None
            section.long_block_seen = True
            section.marker_target = None
            section.end = lineno
            return
        stripped = line.strip()
        if stripped in (_CAUSE_SEP, _CONTEXT_SEP):
            block = section.block(lineno)
            block.relation = "cause" if stripped == _CAUSE_SEP else "context"
            if len(section.blocks) >= MAX_CHAIN:
                del section.blocks[0]
            section.blocks.append(_Block(start=lineno, end=lineno))
            section.e_dashes = None
            section.e_closed = False
            return
        if stripped.startswith(_TB_HEADER):
            section.native = _TracebackReader(lineno)
            section.end = lineno
            return
        if first in " \t":
            if _MARKER_RE.match(line):
                self._section_markers(section, line)
                return
            if section.short_source_expected and section.short_frame is not None:
                section.short_frame.set_source(line, len(line) - len(line.lstrip()))
                section.short_source_expected = False
                section.marker_target = section.short_frame
                self._replace_last_frame(section, section.short_frame)
                section.end = lineno
                return
            m = _PYTEST_DEF_RE.match(line)
            if m is not None:
                section.def_name = m[1]
            section.long_block_seen = True
            section.marker_target = None
            return
        m = _PYTEST_LOCATION_RE.match(line)
        if m is not None:
            self._section_location(section, lineno, m)

    def _e_line(self, section: _PytestSection, lineno: int, line: str) -> None:
        block = section.block(lineno)
        if not section.in_e:
            section.in_e = True
            if not block.message:
                body = line[1:]
                section.e_width = len(line) - len(body.lstrip())
        width = section.e_width
        text = line[width:] if line[1:width].strip() == "" else line[1:].strip()
        self._e_text(section, block, lineno, text)

    def _e_text(self, section: _PytestSection, block: _Block, lineno: int, text: str) -> None:
        """One line of an exception's text in a pytest report (``E`` prefix already removed)."""
        dashes = section.e_dashes
        if dashes is not None:
            section.e_dashes = None
            if text.startswith(_JAX_NOTICE):
                section.e_closed = True
                return
            block.add_message_line(dashes)
        if section.e_closed:
            return
        if text.startswith(_JAX_NOTICE):
            section.e_closed = True
            return
        if text.startswith("----------") and not text.strip("-"):
            section.e_dashes = text
            return
        if block.exc_type is None and not block.message and self._e_location(section, text):
            return
        if block.exc_type is None and not block.message:
            m = _EXC_LINE_RE.match(text)
            if m is not None and _plausible_class(m[1]):
                block.exc_type = m[1]
                block.add_message_line(m[2] or "")
                block.end = lineno
                section.end = lineno
                return
        block.add_message_line(text)
        block.end = lineno
        section.end = lineno

    def _e_location(self, section: _PytestSection, text: str) -> bool:
        """The ``File "x", line N`` block pytest prints in E lines before a SyntaxError: the
        error's real location, kept as the innermost frame."""
        m = _FRAME_RE.match(text)
        if m is not None:
            section.e_frame = _FrameBuilder(m[2], int(m[3]), m[4], 0)
            section.e_frame_state = 0
            return True
        builder = section.e_frame
        if builder is None or text[:1] not in " \t":
            return False
        section.e_frame_state = builder.take_source_line(text, section.e_frame_state)
        return True

    def _section_markers(self, section: _PytestSection, line: str) -> None:
        target = section.marker_target
        if target is not None:
            target.set_markers(line)
            section.marker_target = None
            if section.short_frame is target:
                self._replace_last_frame(section, target)
            return
        if section.gt_source is not None:
            builder = _FrameBuilder("", None, None, 0)
            builder.source = section.gt_source
            builder.source_start = section.gt_start
            builder.set_markers(line)
            section.gt_markers = (builder.col, builder.end_col)

    def _replace_last_frame(self, section: _PytestSection, builder: _FrameBuilder) -> None:
        block = section.block(builder.log_line)
        if block.frames:
            block.frames[-1] = builder.build()

    def _section_location(self, section: _PytestSection, lineno: int, m: re.Match[str]) -> None:
        path, line_no, rest = m[1], int(m[2]), (m[3] or "").strip()
        block = section.block(lineno)
        if rest.startswith("in "):
            builder = _FrameBuilder(path, line_no, rest[3:].strip() or None, lineno)
            block.frames.append(builder.build())
            section.short_frame = builder
            section.short_source_expected = True
            section.marker_target = None
            self._note_test_path(section, path)
            block.end = section.end = lineno
            return
        section.short_frame = None
        section.short_source_expected = False
        if section.long_block_seen or section.gt_source is not None:
            builder = _FrameBuilder(path, line_no, section.def_name, lineno)
            if section.gt_source is not None:
                builder.source = section.gt_source
                if section.gt_markers is not None:
                    builder.col, builder.end_col = section.gt_markers
            block.frames.append(builder.build())
            self._note_test_path(section, path)
            section.gt_source = None
            section.long_block_seen = False
            section.def_name = None
            section.gt_markers = None
            if rest and block.exc_type is None and _plausible_class(rest.split(":", 1)[0]):
                # pytest's long style names the class after the last entry.
                block.exc_type = rest
            block.end = section.end = lineno
            return
        if rest and section.name is None:
            self._line_mode_report(lineno, m)

    def _note_test_path(self, section: _PytestSection, path: str) -> None:
        if section.relative_test_path is None:
            section.relative_test_path = path

    def _line_mode_report(self, lineno: int, m: re.Match[str]) -> None:
        """A ``--tb=line`` report: ``/abs/path.py:12: ValueError: message``."""
        rest = (m[3] or "").strip()
        exc_type, message = _split_exception_text(rest)
        section = self.section
        if section is not None and section.name is None:
            # The E lines above carry the full multi-line message.
            block = section.blocks[-1] if section.blocks else None
            if block is not None and block.message and (block.exc_type or "") == exc_type:
                message = "\n".join(block.message).rstrip()
            self.section = None
        event = ErrorEvent(
            exc_type=exc_type,
            message=message,
            frames=[Frame(m[1], int(m[2]), log_line=lineno)],
            log_line=lineno,
            log_end_line=lineno,
        )
        self.emit(event, hold=True)
        self._await_summary(("failed", ""), event)

    def _close_section(self) -> None:
        section = self.section
        if section is None:
            return
        self.section = None
        if section.native is not None:
            section.native_event = section.native.finish()
            section.native = None
        if section.name is None:
            return  # --tb=line: its events come from the location lines
        event = section.native_event
        if event is None:
            if section.short_frame is not None and section.marker_target is section.short_frame:
                self._replace_last_frame(section, section.short_frame)
            if section.e_frame is not None and section.blocks:
                section.blocks[-1].frames.append(section.e_frame.build())
            blocks = [b for b in section.blocks if b.exc_type is not None or b.message or b.frames]
            for b in blocks:
                if b.exc_type is None:
                    b.exc_type = _guess_type_from_message(b.message)
            event = _assemble(blocks)
        if event is None:
            return
        event.log_line = section.lineno
        event.log_end_line = max(event.log_end_line, section.end, section.lineno)
        event.test_id = section.test_id
        if event.test_id is None and section.outcome == "failed" and section.native_event is None:
            path = section.relative_test_path
            if path and not path.startswith(("/", "<", "\\")) and ":" not in path:
                event.test_id = path + "::" + _name_to_node_suffix(section.name)
        self.emit(event, hold=True)
        self._await_summary((section.outcome, section.name), event)

    def _await_summary(self, key: tuple[str, str], event: ErrorEvent) -> None:
        if self.awaiting_count >= MAX_PENDING_MERGES:
            return
        self.awaiting_count += 1
        if key[1] == "":
            self.awaiting_nameless.append(event)
        else:
            self.awaiting.setdefault(key, deque()).append(event)

    def _summary_line(self, lineno: int, word: str, node_id: str, text: str | None) -> None:
        outcome = "failed" if word == "FAILED" else "error"
        node_id = node_id.strip()
        key = (outcome, _node_id_to_name(node_id))
        exc_type, message = _split_exception_text(text or "")
        queue = self.awaiting.get(key)
        event: ErrorEvent | None = None
        if queue:
            event = queue.popleft()
        elif outcome == "failed" and self.awaiting_nameless:
            candidate = self.awaiting_nameless[0]
            if not exc_type or candidate.exc_type == exc_type:
                event = self.awaiting_nameless.popleft()
        if event is not None:
            self.awaiting_count -= 1
            event.test_id = node_id
            if not event.exc_type and exc_type:
                event.exc_type = exc_type
            return
        self.emit(
            ErrorEvent(
                exc_type=exc_type,
                message=message,
                log_line=lineno,
                log_end_line=lineno,
                test_id=node_id,
            )
        )


def _plausible_class(name: str) -> bool:
    last = name.rsplit(".", 1)[-1]
    return bool(last) and last[0].isupper() and " " not in name


def _split_exception_text(text: str) -> tuple[str, str]:
    """``("ValueError", "msg")`` from ``"ValueError: msg"``; pytest's ``assert ...`` texts are
    AssertionErrors; anything else has an unknown (empty) type."""
    text = text.strip()
    if not text:
        return "", ""
    m = _EXC_LINE_RE.match(text)
    if m is not None and _plausible_class(m[1]):
        return m[1], m[2] or ""
    if text.startswith("assert ") or text == "assert":
        return "AssertionError", text
    return "", text


def _guess_type_from_message(message: list[str]) -> str:
    """The class of a pytest exception text whose first line does not name it: ``assert ...``
    is an AssertionError; a SyntaxError block names its class on its last unindented line."""
    for line in message:
        if line.strip():
            if line.lstrip().startswith("assert"):
                return "AssertionError"
            break
    for line in message:
        m = _STRICT_EXC_RE.match(line)
        if m is not None:
            return m[1]
    return ""


def _node_id_to_name(node_id: str) -> str:
    """The section name pytest prints for a node id (``a.py::A::test_b[x]`` -> ``A.test_b[x]``)."""
    head, bracket, params = node_id.partition("[")
    if "::" not in head:
        return node_id
    parts = head.split("::")[1:]
    return ".".join(parts) + bracket + params


def _name_to_node_suffix(name: str | None) -> str:
    head, bracket, params = (name or "").partition("[")
    return head.replace(".", "::") + bracket + params
