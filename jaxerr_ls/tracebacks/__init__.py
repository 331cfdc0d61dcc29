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
from jaxerr_ls.tracebacks.pytest import SUMMARY_RE, TITLE_RE, PytestReport

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
    line ended by ``\\n`` (``reading.read_blocks``). Faster on a long log: each block is split
    at once, in C, rather than handed over line by line."""
    return _parse_batches((block.split("\n")[:-1] for block in blocks), strip_ansi, strict)


def _batched(lines: Iterable[str], size: int = 4096) -> Iterator[list[str]]:
    iterator = iter(lines)
    while batch := list(itertools.islice(iterator, size)):
        yield batch


def _parse_batches(
    batches: Iterable[list[str]], ansi: bool, strict: bool | None
) -> Iterator[ErrorEvent]:
    if strict is None:
        strict = strict_by_default()
    parser = _Parser()
    feed = parser.feed
    out = parser.out
    report = parser.pytest
    lineno = 0
    idle = True
    in_summary = False
    for batch in batches:
        for raw in batch:
            lineno += 1
            if in_summary and raw.startswith(_SUMMARY_PASSING):
                # -rA lists every passing test in the summary; only failures merge into events.
                continue
            # The cheap path: with nothing in progress, a line matters only if it can start a
            # construct. Each check is one C-level call, and single-character searches
            # (memchr) guard the longer ones, since most log lines hold no "E" or "W" at all.
            if (
                idle
                and ("E" not in raw or ("Error" not in raw and "Exception" not in raw))
                and ("W" not in raw or "Warning" not in raw)
                and ("T" not in raw or "Traceback" not in raw)
            ):
                first = raw[:1]
                if (
                    first not in _STARTS_CONSTRUCT
                    and (
                        # Traceback headers and frame lines are indented or start with "T".
                        first not in _MAY_START_TRACEBACK
                        or ("Traceback" not in raw and "File " not in raw)
                    )
                    # pytest's header line that names the interpreter (-v).
                    and (first != "p" or not raw.startswith("platform "))
                ):
                    continue
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
            if ansi and "\x1b" in line:
                line = ANSI_RE.sub("", line)
            if "\x00" in line:
                line = line.replace("\x00", "")
            try:
                feed(lineno, line, had_cr)
            except Exception:
                # A parser bug must not take the caller down; strict mode shows it instead.
                if strict:
                    raise
                parser.reset_after_error()
            if out:
                yield from out
                out.clear()
            # Whether the next line may take the cheap path: nothing in progress. In a report
            # area other than failures and the summary (warnings, -rA's PASSES) only titles
            # and tracebacks matter, as outside pytest.
            area = report.area
            idle = (
                parser.reader is None
                and (area is None or area == "other")
                and parser.warning is None
                and not parser.in_group
            )
            in_summary = area == "summary"
    try:
        parser.finish(lineno)
    except Exception:
        if strict:
            raise
        parser.reset_after_error()
    yield from out
    out.clear()


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

    def __init__(self) -> None:
        self.out: list[ErrorEvent] = []
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
