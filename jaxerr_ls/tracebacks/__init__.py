"""Streaming parser that turns terminal / script / pytest output into ``ErrorEvent`` records.

``cpython`` reads one printed traceback with its chain, ``ipython`` one in IPython's layouts,
``pytest`` the report areas of a pytest run; this module cleans each line (colours, IPython's
``In [7]:`` prompts, markdown ``>`` quoting, the indentation of a traceback whose header was
indented) and hands it to whichever construct is in progress.

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
  ``JaxStackTraceBeforeTransformation`` stay as ordinary chain members, but an event whose final
  exception is one of JAX's wrappers (also old JAX's ``FilteredStackTrace``), as when a wrapper
  line is pasted alone, becomes the exception it wraps (``Wrapper: TypeError: msg``).
* IPython 7-9 and Colab tracebacks in every ``%xmode`` (see ``ipython``); frames in notebook
  cells keep their printed path (``Cell In[7]``, ``<ipython-input-7-...>``).
* pytest reports in every ``--tb`` mode, with ``-q``/``-v``/``-rA``/``--color=yes``/xdist.
* As a fallback in unknown output: a lone line that clearly is an exception line
  (``ValueError: x``, ``jax.errors.ConcretizationTypeError: ...``, optionally after a
  ``logging`` ``LEVEL:name:`` or absl ``E1129 12:00:00.000 123 f.py:1] `` prefix; without a
  prefix its message continues up to the first blank line, and past it only into JAX's wrapper
  notes and chain) and Python warning lines (``path:12: UserWarning: msg`` + the source line
  under it).
* Pieces of pytest output pasted alone: a ``FAILED path::test - Exc: msg`` / ``ERROR ...``
  summary line is an event of that test; an ``E   Exc: msg`` block is its exception, with the
  following ``E`` lines as its message. A markdown code fence (a line starting with three
  backticks or tildes) ends a message.

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
with no frames. ``rootdir`` is taken from pytest's header and set on all later events, and so is
``python`` from the verbose header's interpreter.

Limits keep memory bounded on any input: lines are cut at 8 KiB, messages at 64 KiB, frames at
200 per exception (the innermost are kept), chains at 32 exceptions, and the state kept for
summary merging at 4096 events.
"""

from __future__ import annotations

import dataclasses
import itertools
import os
import re
from collections.abc import Iterable, Iterator

from jaxerr_ls.events import ErrorEvent, Frame
from jaxerr_ls.tracebacks.cpython import (
    ANSI_RE,
    BARE_EXC_RE,
    FRAME_RE,
    GROUP_HEADER,
    GROUP_LINE_RE,
    JAX_WRAPPER_NOTES,
    MAX_CHAIN,
    MAX_FRAMES,
    MAX_LINE_CHARS,
    MAX_MESSAGE_CHARS,
    MAX_PENDING_MERGES,
    STRICT_EXC_RE,
    TB_HEADER,
    WARNING_RE,
    TracebackReader,
    split_exception_text,
    strip_ansi,
)
from jaxerr_ls.tracebacks.ipython import HEADER_RE as IPYTHON_HEADER_RE
from jaxerr_ls.tracebacks.ipython import IPythonReader
from jaxerr_ls.tracebacks.pytest import SUMMARY_RE, TITLE_RE, PytestReport, Section

__all__ = [
    "MAX_CHAIN",
    "MAX_FRAMES",
    "MAX_LINE_CHARS",
    "MAX_MESSAGE_CHARS",
    "MAX_PENDING_MERGES",
    "STRICT_ENV",
    "parse_blocks",
    "parse_output",
    "parse_text",
    "strip_ansi",
]

# Set (to anything but "" or "0") by the test suite, so that a parser bug fails whichever test
# meets it, in-process or in a server or CLI it starts, rather than being swallowed.
STRICT_ENV = "JAXERR_LS_STRICT_PARSING"


def strict_by_default() -> bool:
    """Whether ``parse_output`` raises its own internal errors when not told either way."""
    return os.environ.get(STRICT_ENV, "") not in ("", "0")


def parse_text(text: str, *, strict: bool | None = None) -> list[ErrorEvent]:
    """All events of a whole log held in memory."""
    # Split on "\n" only: str.splitlines would also split on the "\r" of progress bars.
    lines = text.split("\n")
    if lines and not lines[-1]:
        lines.pop()
    return list(parse_output(lines, strict=strict))


def parse_output(
    lines: Iterable[str], *, strip_ansi: bool = True, strict: bool | None = None
) -> Iterator[ErrorEvent]:
    """Events found in ``lines`` (one log line each, newline optional), in log order, as soon as
    each is complete. Never raises on any text; memory stays bounded whatever the input size.

    ``strict`` makes an internal error of the parser propagate instead of being recovered from
    (``None``: as ``STRICT_ENV`` says)."""
    return _parse_batches(_batched(lines), strip_ansi, strict)


def parse_blocks(
    blocks: Iterable[str], *, strip_ansi: bool = True, strict: bool | None = None
) -> Iterator[ErrorEvent]:
    """The events of ``parse_output`` for the lines of ``blocks``: texts of whole lines, each
    line ended by ``\\n`` (``reading.read_blocks``). Faster on a long log: while nothing is in
    progress, the lines that cannot start anything are skipped in bulk (``_BlockScan``), and
    the others are taken out of their block one by one; inside a failure section of a pytest
    report, an indented line that needs no cleaning goes straight to the section
    (``_Parser.plain_section``)."""
    parser = _Parser(strip_ansi, strict)
    section_line = parser.pytest.section_line
    for block in blocks:
        scan = _BlockScan(block)
        pos = 0
        size = len(block)
        while pos < size:
            if parser.idle:
                start = scan.next_line_that_may_matter(pos)
            elif parser.in_summary:
                start = _next_line_not_passing(block, pos)
            else:
                start = pos
            if start > pos:
                parser.lineno += block.count("\n", pos, start)
                if start >= size:
                    break
            end = block.find("\n", start)
            if end < 0:
                # Not a whole line (``read_blocks`` never gives one): as before, not read.
                break
            pos = end + 1
            raw = block[start:end]
            parser.lineno += 1
            section = parser.plain_section
            if (
                section is not None
                and raw[:1] in _INDENTS
                and "\r" not in raw
                and "\x1b" not in raw
                and "\x00" not in raw
                and len(raw) <= MAX_LINE_CHARS
            ):
                # What ``take`` would do with it, without the steps that cannot apply.
                try:
                    section_line(section, parser.lineno, raw, False)
                    continue
                except Exception:
                    if parser.strict:
                        raise
                    parser.reset_after_error()
                    parser.after_line()
            elif not parser.skips(raw):
                parser.take(raw)
            if parser.out:
                yield from parser.out
                parser.out.clear()
    yield from parser.close()


def _batched(lines: Iterable[str], size: int = 4096) -> Iterator[list[str]]:
    iterator = iter(lines)
    while batch := list(itertools.islice(iterator, size)):
        yield batch


def _parse_batches(
    batches: Iterable[list[str]], ansi: bool, strict: bool | None
) -> Iterator[ErrorEvent]:
    parser = _Parser(ansi, strict)
    skips = parser.skips
    take = parser.take
    out = parser.out
    for batch in batches:
        for raw in batch:
            parser.lineno += 1
            if skips(raw):
                continue
            take(raw)
            if out:
                yield from out
                out.clear()
    yield from parser.close()


def _may_start_construct(raw: str) -> bool:
    """Whether a line read while nothing is in progress can start anything: False only for
    lines that cannot (most of a long log). Each check is one C-level call, and
    single-character searches (memchr) guard the longer ones, since most log lines hold no
    "E" or "W" at all. ``_BlockScan`` finds every line for which this may be True."""
    if (
        ("E" not in raw or ("Error" not in raw and "Exception" not in raw))
        and ("W" not in raw or "Warning" not in raw)
        and ("T" not in raw or "Traceback" not in raw)
    ):
        first = raw[:1]
        return (
            first in _STARTS_CONSTRUCT
            # Traceback headers and frame lines are indented or start with "T".
            or (first in _MAY_START_TRACEBACK and ("Traceback" in raw or "File " in raw))
            # pytest's header line that names the interpreter (-v).
            or (first == "p" and raw.startswith("platform "))
        )
    return True


_INDENTS = (" ", "\t")

# The words whose presence anywhere in a line makes ``_may_start_construct`` True (or, for
# "File ", may), and the line starts that do: a line with neither is skipped unread.
_WORDS_THAT_MAY_MATTER = ("Error", "Exception", "Warning", "Traceback", "File ")
_LINE_START_THAT_MAY_MATTER = r"(?:[=rF\[\x1b]|platform )"
_NEXT_LINE_START_RE = re.compile(r"\n" + _LINE_START_THAT_MAY_MATTER)
_FIRST_LINE_START_RE = re.compile(_LINE_START_THAT_MAY_MATTER)
# A line of -rA's summary that is not a passing test's (or the block's end).
_NOT_PASSING_RE = re.compile(r"\n(?!PASSED |SKIPPED |XFAIL |XPASS )")


def _next_line_not_passing(block: str, pos: int) -> int:
    """Where the first line at or after ``pos`` (a line start) that lists no passing test
    starts; ``len(block)`` when there is none."""
    if not block.startswith(_SUMMARY_PASSING, pos):
        return pos
    m = _NOT_PASSING_RE.search(block, pos)
    return len(block) if m is None else m.end()


class _BlockScan:
    """The lines of one block that an idle parser must look at.

    Each word is searched for with ``str.find`` (a fast C search, far cheaper per line than a
    Python loop) and each line start with one regular expression anchored on newlines; the
    position found for each is kept until the parser passes it, so the block is searched
    once for each, however often the parser stops and starts skipping again."""

    __slots__ = ("block", "found")

    def __init__(self, block: str) -> None:
        self.block = block
        # The next position of each word and of a line start (-1 when none is left),
        # valid while it is at or after where the parser stands.
        self.found = [-2] * (len(_WORDS_THAT_MAY_MATTER) + 1)

    def next_line_that_may_matter(self, pos: int) -> int:
        """Where the first line at or after ``pos`` (a line start) for which
        ``_may_start_construct`` may be True starts; ``len(self.block)`` when there is none."""
        block = self.block
        found = self.found
        best = len(block)
        for index, word in enumerate(_WORDS_THAT_MAY_MATTER):
            at = found[index]
            if -1 < at < pos or at == -2:
                at = found[index] = block.find(word, pos)
            if at >= 0 and at < best:
                best = at
        if best < len(block):
            # The start of the line the nearest word is in (at or after ``pos``).
            best = block.rfind("\n", pos, best) + 1 or pos
        last = len(_WORDS_THAT_MAY_MATTER)
        at = found[last]
        if -1 < at < pos or at == -2:
            if pos == 0 and _FIRST_LINE_START_RE.match(block):
                at = 0
            else:
                m = _NEXT_LINE_START_RE.search(block, pos - 1 if pos else 0)
                at = -1 if m is None else m.start() + 1
            found[last] = at
        if 0 <= at < best:
            best = at
        return best


# First characters of lines that start a construct whatever else they contain: pytest titles,
# ``rootdir:``, a pasted ``FAILED`` summary line or IPython frame (``File ~/x.py:3, in f``,
# Colab's ``[path](https://...) in f``), and colourised output (whose words are split by
# escape codes).
_SUMMARY_PASSING = ("PASSED ", "SKIPPED ", "XFAIL ", "XPASS ")
_STARTS_CONSTRUCT = frozenset("=rF[\x1b")
# How an IPython frame line starts, when a paste begins with one (Colab's links aside).
_IPYTHON_FRAME_STARTS = ("File ", "Cell In[")
# IPython's prompts, which its terminal prints on the line where a traceback starts
# ("In [7]: ---------", "In [11]:     ...:     ...: Traceback ...").
_PROMPT_RE = re.compile(r"In \[\d+\]: ?(?:\s*\.\.\.: ?)*")
# Markdown quoting of a paste ("> ValueError: x", "> > nested").
_QUOTE_RE = re.compile(r"(?:> ?)+")
# JAX's exceptions that only wrap the real one, printed as "Wrapper: InnerType: message"
# (FilteredStackTrace before JAX 0.2.13, then UnfilteredStackTrace and
# JaxStackTraceBeforeTransformation).
_JAX_WRAPPERS = ("FilteredStackTrace", "UnfilteredStackTrace", "JaxStackTraceBeforeTransformation")


def unwrapped_jax_wrapper(event: ErrorEvent) -> ErrorEvent | None:
    """The exception one of JAX's wrappers wraps (``Wrapper: TypeError: msg``), with the
    wrapper's frames and place; None when ``event`` is no wrapper or names no inner class."""
    if event.exc_type.rsplit(".", 1)[-1] not in _JAX_WRAPPERS:
        return None
    first, _, rest = event.message.partition("\n")
    exc_type, message = split_exception_text(first)
    if not exc_type or exc_type.rsplit(".", 1)[-1] in _JAX_WRAPPERS:
        return None
    kept = []
    for line in f"{message}\n{rest}".split("\n"):
        if line.startswith(JAX_WRAPPER_NOTES):
            break
        kept.append(line)
    message = "\n".join(kept).rstrip().rstrip("-").rstrip()
    return dataclasses.replace(event, exc_type=exc_type, message=message)


def unwrap_jax_wrapper(event: ErrorEvent) -> None:
    """An event whose final exception is one of JAX's wrappers (a wrapper line pasted alone,
    or old IPython output where it was all that was shown) becomes the inner exception."""
    inner = unwrapped_jax_wrapper(event)
    if inner is not None:
        event.exc_type, event.message = inner.exc_type, inner.message


_MAY_START_TRACEBACK = frozenset(" \tT+|")


class _Parser:
    """The line-by-line state machine behind ``parse_output``."""

    def __init__(self, ansi: bool = True, strict: bool | None = None) -> None:
        self.ansi = ansi
        self.strict = strict_by_default() if strict is None else strict
        self.out: list[ErrorEvent] = []
        # The number of the last line read.
        self.lineno = 0
        # Nothing in progress: the next line matters only if it can start a construct.
        self.idle = True
        # The failure section of a pytest report that an indented line goes to when it needs
        # no cleaning (no carriage return, colour or NUL; not overlong): such a line changes
        # nothing but that section (``PytestReport.section_line``), so ``parse_blocks`` gives
        # it to the section directly. None when a line may go elsewhere.
        self.plain_section: Section | None = None
        # In pytest's short test summary, whose passing tests (-rA) merge into nothing.
        self.in_summary = False
        self.rootdir: str | None = None
        # The interpreter pytest's verbose header names.
        self.python: str | None = None
        self.reader: TracebackReader | None = None
        self.in_group = False
        self.warning: ErrorEvent | None = None
        self.warning_indent = 0
        # Inside a pytest "E   " block printed without its report around it: the width of the
        # prefix to remove from each of its lines.
        self.e_width = 0
        # The indentation of a traceback whose header was indented (a markdown code block, an
        # indented log record): removed from its lines.
        self.indent = ""
        self.pytest = PytestReport(self)
        # pytest failures are held back until the summary has named their tests (or the run's
        # closing line shows there is no summary), so a consumer sees each event complete.
        # Everything emitted meanwhile waits behind them to keep log order.
        self.held: list[ErrorEvent] = []

    def reset_after_error(self) -> None:
        self.release_held()
        self.reader = None
        self.in_group = False
        self.warning = None
        self.e_width = 0
        self.pytest.reset()

    # -- driving ----------------------------------------------------------------------------

    def skips(self, raw: str) -> bool:
        """Whether line ``raw`` (the next one) cannot change anything: a passing test of
        -rA's summary, or, with nothing in progress, a line that can start no construct."""
        if self.in_summary:
            return raw.startswith(_SUMMARY_PASSING)
        return self.idle and not _may_start_construct(raw)

    def take(self, raw: str) -> None:
        """Clean line ``raw`` (the next one; ``lineno`` already counts it) and feed it."""
        line = raw[:MAX_LINE_CHARS]
        if line.endswith("\n"):
            line = line[:-1]
        had_cr = False
        if "\r" in line:
            if line.endswith("\r"):
                line = line[:-1]
            if "\r" in line:
                # A terminal shows what was written after the last carriage return.
                had_cr = True
                line = line[line.rfind("\r") + 1 :]
        if self.ansi and "\x1b" in line:
            line = ANSI_RE.sub("", line)
        if "\x00" in line:
            line = line.replace("\x00", "")
        try:
            self.feed(self.lineno, line, had_cr)
        except Exception:
            # A parser bug must not take the caller down; strict mode shows it instead.
            if self.strict:
                raise
            self.reset_after_error()
        self.after_line()

    def after_line(self) -> None:
        """What the state left by the line just taken says of the next line."""
        # Whether the next line may be skipped unread: nothing in progress. In a report area
        # other than failures and the summary (warnings, -rA's PASSES) only titles and
        # tracebacks matter, as outside pytest.
        pytest = self.pytest
        area = pytest.area
        self.idle = (
            self.reader is None
            and (area is None or area == "other")
            and self.warning is None
            and not self.in_group
        )
        self.in_summary = area == "summary"
        # ``feed`` hands an indented line (no prompt, no quote) to ``PytestReport.feed``,
        # which gives it to the open section of the failures area unless it is captured
        # output.
        self.plain_section = (
            pytest.section
            if area == "failures"
            and not pytest.captured
            and self.warning is None
            and not self.in_group
            else None
        )

    def close(self) -> Iterator[ErrorEvent]:
        """The events left at the end of the input."""
        try:
            self.finish(self.lineno)
        except Exception:
            if self.strict:
                raise
            self.reset_after_error()
        yield from self.out
        self.out.clear()

    # -- emission -------------------------------------------------------------------------

    def emit(self, event: ErrorEvent, *, hold: bool = False) -> None:
        unwrap_jax_wrapper(event)
        if event.rootdir is None:
            event.rootdir = self.rootdir
        if event.python is None:
            event.python = self.python
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

    def close_reader(self) -> None:
        self.indent = ""
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
        self.close_reader()
        self.pytest.close_section()
        self.in_group = False
        self.release_held()

    # -- dispatch ---------------------------------------------------------------------------

    def feed(self, lineno: int, line: str, had_cr: bool) -> None:
        head = line[:1]
        if head == "I" and line.startswith("In ["):
            m = _PROMPT_RE.match(line)
            if m is not None:
                # A new input: whatever was being read ended before it.
                line = line[m.end() :]
                self.close_reader()
                self.e_width = 0
        elif head == ">" and not line.startswith(">>>") and self.pytest.area != "failures":
            quote = _QUOTE_RE.match(line)
            if quote is not None:
                line = line[quote.end() :]
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
            m = GROUP_LINE_RE.match(line)
            if m is None or (m[2] == "+" and not m[3].startswith(("-", " Exception Group"))):
                self.in_group = False
                self.close_reader()
            elif m[2] == "+":
                self.close_reader()
                if GROUP_HEADER in line:
                    self.reader = TracebackReader(lineno)
                return
            else:
                inner = m[3]
                line = inner[1:] if inner.startswith(" ") else inner
        if self.pytest.area is not None and self.pytest.feed(lineno, line, had_cr):
            return
        self._feed_generic(lineno, line, had_cr)

    def _feed_generic(self, lineno: int, line: str, had_cr: bool) -> None:
        reader = self.reader
        if self.e_width:
            if reader is not None and line[:1] == "E" and line[1:2] in ("", " "):
                line = line[self.e_width :] if not line[1 : self.e_width].strip() else line[1:]
            else:
                self.e_width = 0
                self.close_reader()
                reader = None
        if reader is not None:
            indent = self.indent
            if indent and line.startswith(indent):
                line = line[len(indent) :]
            if reader.feed(lineno, line, had_cr):
                return
            self.close_reader()
        if not line:
            return
        first = line[0]
        if "Traceback (most" in line and IPYTHON_HEADER_RE.match(line):
            self.reader = IPythonReader(lineno)
            self.reader.note_header(line)
            self.indent = line[: len(line) - len(line.lstrip())]
            return
        if first in " \t+":
            stripped = line.lstrip()
            if stripped.startswith(TB_HEADER):
                self.reader = TracebackReader(lineno)
                self.indent = line[: len(line) - len(stripped)]
                return
            if stripped.startswith("+ " + GROUP_HEADER):
                self.in_group = True
                self.reader = TracebackReader(lineno)
                return
            if stripped.startswith('File "'):
                m = FRAME_RE.match(line)
                if m is not None:
                    reader = TracebackReader(lineno, headerless=True)
                    reader.start_frame(lineno, m[2], int(m[3]), m[4])
                    self.reader = reader
                    return
        elif first == "T":
            if line.startswith(TB_HEADER):
                rest = line[len(TB_HEADER) :].strip()
                self.reader = (
                    IPythonReader.docs_mode(lineno, rest) if rest else TracebackReader(lineno)
                )
                return
        elif (
            first in "EF"
            and line.startswith(("E ", "ERROR ", "FAILED "))
            and self._lone_pytest_line(lineno, line)
        ):
            return
        elif line.startswith(_IPYTHON_FRAME_STARTS) or (first == "[" and "](" in line):
            self.reader = IPythonReader.starting_at_frame(lineno, line)
            if self.reader is not None:
                return
        elif first == "=":
            m = TITLE_RE.match(line)
            if m is not None:
                self.pytest.title(lineno, m[1])
                return
        elif first == "r" and line.startswith("rootdir: "):
            self._set_rootdir(line)
            return
        elif first == "p" and line.startswith("platform ") and " -- " in line:
            # pytest -v: "platform linux -- Python 3.13.0, pytest-9.2.0, ... -- /venv/bin/python"
            parts = line.rstrip().split(" -- ")
            if len(parts) >= 3 and parts[1].startswith("Python "):
                self.python = parts[-1].strip() or None
            return
        if "Warning" in line:
            m = WARNING_RE.match(line)
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
            m = BARE_EXC_RE.match(line)
            if m is None:
                return
            if m[1]:
                # A log record: the lines after it are other records, not its message.
                event = ErrorEvent(m[2], m[3] or "", log_line=lineno, log_end_line=lineno)
                self.emit(event)
            else:
                self.reader = TracebackReader.from_exception_line(lineno, m[2], m[3] or "")

    def _lone_pytest_line(self, lineno: int, line: str) -> bool:
        """A line of a pytest report pasted without the report around it: a summary line
        (``FAILED tests/x.py::t[a] - TypeError: msg``), an error on that test; or the first line
        of an ``E   TypeError: msg`` block, whose next ``E`` lines continue the message."""
        if line[0] == "E" and line[1] == " ":
            text = line[1:].lstrip()
            m = STRICT_EXC_RE.match(text)
            if m is None:
                return False
            self.e_width = len(line) - len(text)
            self.reader = TracebackReader.from_exception_line(lineno, m[1], m[2] or "")
            self.reader.lone = False
            return True
        m = SUMMARY_RE.match(line)
        if m is None or ("::" not in m[2] and not m[2].endswith(".py")):
            return False
        exc_type, message = split_exception_text(m[3] or "")
        self.emit(
            ErrorEvent(
                exc_type=exc_type,
                message=message,
                log_line=lineno,
                log_end_line=lineno,
                test_id=m[2].strip(),
            )
        )
        return True

    def _set_rootdir(self, line: str) -> None:
        value = line[len("rootdir: ") :].strip()
        for sep in (", configfile: ", ", inifile: ", ", testpaths: "):
            value = value.split(sep, 1)[0]
        self.rootdir = value or None
