"""The pytest report state machine: FAILURES / ERRORS sections in every ``--tb`` mode and the
short test summary merged into their events."""

from __future__ import annotations

import re
from collections import deque
from dataclasses import dataclass, field
from typing import Protocol

from jaxerr_ls.events import ErrorEvent, Frame
from jaxerr_ls.tracebacks.cpython import (
    CAUSE_SEP,
    CONTEXT_SEP,
    EXC_LINE_RE,
    FRAME_RE,
    JAX_NOTICE,
    MARKER_RE,
    MAX_CHAIN,
    MAX_PENDING_MERGES,
    TB_HEADER,
    Block,
    FrameBuilder,
    TracebackReader,
    assemble,
    guess_type_from_message,
    plausible_class,
    split_exception_text,
)

TITLE_RE = re.compile(r"=+ (.*?) =+$")
_PYTEST_SECTION_RE = re.compile(r"_+ (.+?) _+$")
_PYTEST_SUBSECTION_RE = re.compile(r"-+ (.+?) -+$")
SUMMARY_RE = re.compile(r"(FAILED|ERROR) (\S.*?)(?: - (.*))?$")
_PYTEST_LOCATION_RE = re.compile(r"((?:[A-Za-z]:)?[^\s:][^:]*?):(\d+):(?: (.*))?$")
_PYTEST_CLOSING_RE = re.compile(
    r"^(?:no tests ran|Interrupted|\d+ (?:failed|passed|errors?|skipped|deselected|xfailed|"
    r"xpassed|warnings?|rerun)\b.*)"
)
_PYTEST_DEF_RE = re.compile(r"\s*(?:async\s+)?def (\w+)")
_PYTEST_FAIL_AREAS = ("FAILURES", "ERRORS")


@dataclass
class Section:
    """One ``____ name ____`` section of pytest's FAILURES / ERRORS area (or the nameless area
    that ``--tb=line`` writes)."""

    lineno: int
    name: str | None
    outcome: str  # "failed" | "error"
    test_id: str | None = None
    blocks: list[Block] = field(default_factory=list)
    e_width: int = 0
    in_e: bool = False
    e_dashes: str | None = None
    e_closed: bool = False
    gt_markers: tuple[int | None, int | None] | None = None
    e_frame: FrameBuilder | None = None
    e_frame_state: int = 0
    gt_source: str | None = None
    gt_start: int = 0
    long_block_seen: bool = False
    def_name: str | None = None
    short_frame: FrameBuilder | None = None
    short_source_expected: bool = False
    marker_target: FrameBuilder | None = None
    native: TracebackReader | None = None
    native_event: ErrorEvent | None = None
    end: int = 0
    relative_test_path: str | None = None

    def block(self, lineno: int) -> Block:
        if not self.blocks:
            self.blocks.append(Block(start=lineno, end=lineno))
        return self.blocks[-1]


class _Host(Protocol):
    """What the report machine needs from the parser it runs inside."""

    @property
    def reader(self) -> TracebackReader | None: ...

    def emit(self, event: ErrorEvent, *, hold: bool = False) -> None: ...

    def release_held(self) -> None: ...

    def close_reader(self) -> None: ...


class PytestReport:
    """pytest's report areas as the parser meets them: ``area`` is None outside a report,
    ``"failures"``, ``"summary"`` or ``"other"`` (warnings, passes) inside one."""

    def __init__(self, host: _Host) -> None:
        self.host = host
        self.area: str | None = None
        self.section: Section | None = None
        self.captured = False
        self.awaiting: dict[tuple[str, str], deque[ErrorEvent]] = {}
        self.awaiting_nameless: deque[ErrorEvent] = deque()
        self.awaiting_count = 0

    def reset(self) -> None:
        """Forget the report being read (after an internal error)."""
        self.area = None
        self.section = None
        self.captured = False

    def title(self, lineno: int, title: str) -> None:
        self.host.close_reader()
        self.close_section()
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
            self.host.release_held()
        if title == "test session starts":
            self.area = None
            self.awaiting.clear()
            self.awaiting_nameless.clear()
            self.awaiting_count = 0
        else:
            self.area = "other" if title in ("warnings summary", "PASSES") else None

    def feed(self, lineno: int, line: str, had_cr: bool) -> bool:
        """Handle a line inside a pytest report area; False hands it to the generic reader."""
        first = line[:1]
        if first == "=":
            m = TITLE_RE.match(line)
            if m is not None:
                self.title(lineno, m[1])
                return True
            if line.strip("=") == "":
                return True
        area = self.area
        if area == "summary":
            m = SUMMARY_RE.match(line)
            if m is not None:
                self._summary_line(lineno, m[1], m[2], m[3])
                return True
            if line.startswith(("PASSED ", "SKIPPED ", "XFAIL ", "XPASS ", "!")):
                return True
            # Anything else (the -q closing "N failed ..." line) ends the summary.
            self.area = None
            self.host.release_held()
            return False
        if area != "failures":
            return False
        if first == "_" and not line.startswith("_ _"):
            m = _PYTEST_SECTION_RE.match(line)
            if m is not None:
                self.host.close_reader()
                self.close_section()
                self.captured = False
                self._open_section(lineno, m[1])
                return True
        if first == "-":
            m = _PYTEST_SUBSECTION_RE.match(line)
            if m is not None:
                self.host.close_reader()
                if self.section is not None and self.section.name is not None:
                    self.close_section()
                self.captured = True
                return True
        if self.captured:
            if self.host.reader is None:
                m = _PYTEST_LOCATION_RE.match(line)
                if m is not None and m[3] and not m[3].startswith("in "):
                    self._line_mode_report(lineno, m)
                    return True
            return False
        section = self.section
        if section is None:
            section = self.section = Section(lineno=lineno, name=None, outcome="failed")
        self.section_line(section, lineno, line, had_cr)
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
        self.section = Section(lineno=lineno, name=name, outcome=outcome, test_id=test_id)

    def section_line(self, section: Section, lineno: int, line: str, had_cr: bool) -> None:
        """A line of an open failure section. A line that starts with a space or a tab
        changes nothing but ``section`` (``parse_blocks`` relies on it)."""
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
        # A chain separator says "exception", a traceback header "Traceback": most lines (the
        # source pytest prints) hold neither, and are not stripped here.
        if "exception" in line or "Traceback" in line:
            stripped = line.strip()
            if stripped in (CAUSE_SEP, CONTEXT_SEP):
                block = section.block(lineno)
                block.relation = "cause" if stripped == CAUSE_SEP else "context"
                if len(section.blocks) >= MAX_CHAIN:
                    del section.blocks[0]
                section.blocks.append(Block(start=lineno, end=lineno))
                section.e_dashes = None
                section.e_closed = False
                return
            if stripped.startswith(TB_HEADER):
                section.native = TracebackReader(lineno)
                section.end = lineno
                return
        if first in " \t":
            # Most indented lines are source: a marker line has a "^" or "~" (a search in C).
            if ("^" in line or "~" in line) and MARKER_RE.match(line):
                self._section_markers(section, line)
                return
            if section.short_source_expected and section.short_frame is not None:
                section.short_frame.set_source(line, len(line) - len(line.lstrip()))
                section.short_source_expected = False
                section.marker_target = section.short_frame
                self._replace_last_frame(section, section.short_frame)
                section.end = lineno
                return
            m = _PYTEST_DEF_RE.match(line) if section.def_name is None and "def " in line else None
            if m is not None:
                # The entry's source opens with its own function; a def further down is a
                # function nested in it, not the one running.
                section.def_name = m[1]
            section.long_block_seen = True
            section.marker_target = None
            return
        m = _PYTEST_LOCATION_RE.match(line)
        if m is not None:
            self._section_location(section, lineno, m)

    def _e_line(self, section: Section, lineno: int, line: str) -> None:
        block = section.block(lineno)
        if not section.in_e:
            section.in_e = True
            if not block.message:
                body = line[1:]
                section.e_width = len(line) - len(body.lstrip())
        width = section.e_width
        text = line[width:] if line[1:width].strip() == "" else line[1:].strip()
        self._e_text(section, block, lineno, text)

    def _e_text(self, section: Section, block: Block, lineno: int, text: str) -> None:
        """One line of an exception's text in a pytest report (``E`` prefix already removed)."""
        dashes = section.e_dashes
        if dashes is not None:
            section.e_dashes = None
            if text.startswith(JAX_NOTICE):
                section.e_closed = True
                return
            block.add_message_line(dashes)
        if section.e_closed:
            return
        if text.startswith(JAX_NOTICE):
            section.e_closed = True
            return
        if text.startswith("----------") and not text.strip("-"):
            section.e_dashes = text
            return
        if block.exc_type is None and not block.message and self._e_location(section, text):
            return
        if block.exc_type is None and not block.message:
            m = EXC_LINE_RE.match(text)
            if m is not None and plausible_class(m[1]):
                block.exc_type = m[1]
                block.add_message_line(m[2] or "")
                block.end = lineno
                section.end = lineno
                return
        block.add_message_line(text)
        block.end = lineno
        section.end = lineno

    def _e_location(self, section: Section, text: str) -> bool:
        """The ``File "x", line N`` block pytest prints in E lines before a SyntaxError: the
        error's real location, kept as the innermost frame."""
        m = FRAME_RE.match(text)
        if m is not None:
            section.e_frame = FrameBuilder(m[2], int(m[3]), m[4], 0)
            section.e_frame_state = 0
            return True
        builder = section.e_frame
        if builder is None or text[:1] not in " \t":
            return False
        section.e_frame_state = builder.take_source_line(text, section.e_frame_state)
        return True

    def _section_markers(self, section: Section, line: str) -> None:
        target = section.marker_target
        if target is not None:
            target.set_markers(line)
            section.marker_target = None
            if section.short_frame is target:
                self._replace_last_frame(section, target)
            return
        if section.gt_source is not None:
            builder = FrameBuilder("", None, None, 0)
            builder.source = section.gt_source
            builder.source_start = section.gt_start
            builder.set_markers(line)
            section.gt_markers = (builder.col, builder.end_col)

    def _replace_last_frame(self, section: Section, builder: FrameBuilder) -> None:
        block = section.block(builder.log_line)
        if block.frames:
            block.frames[-1] = builder.build()

    def _section_location(self, section: Section, lineno: int, m: re.Match[str]) -> None:
        path, line_no, rest = m[1], int(m[2]), (m[3] or "").strip()
        block = section.block(lineno)
        if rest.startswith("in "):
            builder = FrameBuilder(path, line_no, rest[3:].strip() or None, lineno)
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
            builder = FrameBuilder(path, line_no, section.def_name, lineno)
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
            if rest and block.exc_type is None and plausible_class(rest.split(":", 1)[0]):
                # pytest's long style names the class after the last entry.
                block.exc_type = rest
            block.end = section.end = lineno
            return
        if rest and section.name is None:
            self._line_mode_report(lineno, m)

    def _note_test_path(self, section: Section, path: str) -> None:
        if section.relative_test_path is None:
            section.relative_test_path = path

    def _line_mode_report(self, lineno: int, m: re.Match[str]) -> None:
        """A ``--tb=line`` report: ``/abs/path.py:12: ValueError: message``."""
        rest = (m[3] or "").strip()
        exc_type, message = split_exception_text(rest)
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
        self.host.emit(event, hold=True)
        self._await_summary(("failed", ""), event)

    def close_section(self) -> None:
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
                    b.exc_type = guess_type_from_message(b.message)
            event = assemble(blocks)
        if event is None:
            return
        event.log_line = section.lineno
        event.log_end_line = max(event.log_end_line, section.end, section.lineno)
        event.test_id = section.test_id
        if event.test_id is None and section.outcome == "failed" and section.native_event is None:
            path = section.relative_test_path
            if path and not path.startswith(("/", "<", "\\")) and ":" not in path:
                event.test_id = path + "::" + _name_to_node_suffix(section.name)
        self.host.emit(event, hold=True)
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
        exc_type, message = split_exception_text(text or "")
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
        self.host.emit(
            ErrorEvent(
                exc_type=exc_type,
                message=message,
                log_line=lineno,
                log_end_line=lineno,
                test_id=node_id,
            )
        )


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
