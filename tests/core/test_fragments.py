"""Pieces of real output pasted alone: summary lines, ``E`` blocks, JAX's wrapper lines, lone
exception lines, markdown fences and quotes.

Each fragment is cut from a real captured log (tests/fixtures/logs) the way a user copies part
of it; what the fragment must give is what the whole log gives, which the other tests check
against the programs' markers.
"""

from __future__ import annotations

import functools
import re
from pathlib import Path

import pytest

from jaxerr_ls.diagnose import Analyzer
from jaxerr_ls.events import ErrorEvent
from jaxerr_ls.matching import RecordIndex
from jaxerr_ls.records import load_records
from jaxerr_ls.tracebacks import parse_text, strip_ansi

FIXTURES = Path(__file__).resolve().parent.parent / "fixtures"
LOGS = FIXTURES / "logs" / "jax-0.12.0.1"
PROJECT = FIXTURES / "project"
PYTEST_LOGS = sorted((LOGS / "pytest").glob("*.log"))
# --tb=line prints a chain's members as E lines without their own reports; the whole log keeps
# only the last one, so there is nothing to compare the others with.
E_BLOCK_LOGS = [p for p in PYTEST_LOGS if "tb-line" not in p.name]
SCRIPT_LOGS = sorted((LOGS / "script").glob("*.log"))
UNFILTERED_LOGS = sorted((LOGS / "script-unfiltered").glob("*.log"))


def read_lines(path: Path) -> list[str]:
    with open(path, encoding="utf-8", newline="\n") as f:
        return [strip_ansi(line) for line in f.read().split("\n")]


def short(exc_type: str) -> str:
    return exc_type.rsplit(".", 1)[-1]


@functools.cache
def whole_log(path: Path) -> list[ErrorEvent]:
    return parse_text("\n".join(read_lines(path)))


def whole_log_event(path: Path, first_line: int) -> ErrorEvent:
    """The event of the whole log that spans log line ``first_line``."""
    return next(e for e in whole_log(path) if e.log_line <= first_line <= e.log_end_line)


def summary_lines(lines: list[str]) -> list[str]:
    start = next(i for i, line in enumerate(lines) if "short test summary info" in line)
    return [line for line in lines[start:] if line.startswith(("FAILED ", "ERROR "))]


SUMMARY_LOGS = [p for p in PYTEST_LOGS if "short test summary info" in p.read_text()]


@pytest.mark.parametrize("log", SUMMARY_LOGS, ids=lambda p: p.stem)
def test_summary_lines_alone_are_errors_on_their_tests(log: Path) -> None:
    lines = read_lines(log)
    pasted = summary_lines(lines)
    events = parse_text("\n".join(pasted))
    assert [e.test_id for e in events] == [
        re.split(r" - ", s, maxsplit=1)[0].split(" ", 1)[1] for s in pasted
    ]
    whole = {e.test_id: e for e in parse_text("\n".join(lines)) if e.test_id}
    for event in events:
        assert event.test_id in whole
        assert short(event.exc_type) == short(whole[event.test_id].exc_type) or not event.exc_type


def test_a_summary_line_is_placed_on_its_test() -> None:
    lines = read_lines(LOGS / "pytest" / "tb-auto-nocolor-q.log")
    line = summary_lines(lines)[0]
    node = line.split(" ")[1]
    analyzer = Analyzer(RecordIndex(load_records().records), PROJECT, cwd=PROJECT)
    (finding,) = analyzer.analyze_lines([line])
    file_part, name = node.split("::")
    source = (PROJECT / file_part).read_text().splitlines()
    def_line = next(n for n, text in enumerate(source, 1) if text.startswith(f"def {name}("))
    assert finding.span is not None
    assert finding.span.path == PROJECT / file_part
    assert finding.span.line == def_line


def e_blocks(lines: list[str]) -> list[tuple[int, list[str]]]:
    """Runs of ``E   `` lines whose first line names an exception: (1-based line, lines)."""
    blocks: list[tuple[int, list[str]]] = []
    current: list[str] = []
    for number, line in enumerate([*lines, ""], start=1):
        if line.startswith("E ") or line == "E":
            if not current:
                start = number
            current.append(line)
            continue
        if current and re.match(r"E +[A-Za-z_][\w.]*(Error|Exception)\b", current[0]):
            blocks.append((start, current))
        current = []
    return blocks


@pytest.mark.parametrize("log", E_BLOCK_LOGS, ids=lambda p: p.stem)
def test_an_e_block_alone_is_its_exception(log: Path) -> None:
    blocks = e_blocks(read_lines(log))
    assert blocks or "native" in log.name or "tb-no" in log.name
    members = [m for e in whole_log(log) for m in (e, *e.chain)]
    for _, block in blocks:
        (event,) = parse_text("\n".join(block))
        first = block[0][1:].strip()
        # The block names an exception the whole log has (JAX's wrapper: its inner one).
        assert any(
            short(event.exc_type) == short(m.exc_type) and m.first_line == event.first_line
            for m in members
        ) or first.split(":", 1)[0].endswith("JaxStackTraceBeforeTransformation"), first


def wrapper_lines(paths: list[Path]) -> list[tuple[Path, int, str]]:
    found = []
    for path in paths:
        for number, line in enumerate(read_lines(path), start=1):
            text = line[1:].strip() if line.startswith("E ") else line
            if re.match(r"[\w.]*(JaxStackTraceBeforeTransformation|UnfilteredStackTrace): ", text):
                found.append((path, number, text))
    return found


WRAPPERS = wrapper_lines(UNFILTERED_LOGS + E_BLOCK_LOGS)


@pytest.mark.parametrize(
    ("log", "number", "text"), WRAPPERS, ids=[f"{p.stem}:{n}" for p, n, _ in WRAPPERS]
)
def test_a_jax_wrapper_line_alone_is_the_inner_exception(log: Path, number: int, text: str) -> None:
    (event,) = parse_text(text)
    inner = text.split(": ", 1)[1]
    inner_type = inner.split(":", 1)[0]
    assert event.exc_type == inner_type
    assert event.message == inner[len(inner_type) + 2 :]
    # The error the wrapper wraps is an exception of the whole log's event.
    whole = whole_log_event(log, number)
    assert any(
        short(m.exc_type) == short(inner_type) and m.first_line.startswith(event.first_line[:60])
        for m in (whole, *whole.chain)
    )


def final_exception_lines(lines: list[str], event: ErrorEvent) -> list[str]:
    """The exception line of ``event`` and its message lines up to the first blank line."""
    start = next(
        i
        for i in reversed(range(event.log_line - 1, event.log_end_line))
        if lines[i].startswith(event.exc_type + ":")
    )
    end = start + 1
    while end < len(lines) and lines[end].strip() and not lines[end].startswith("---"):
        end += 1
    return lines[start:end]


FAILED_SCRIPT_LOGS = [p for p in SCRIPT_LOGS if whole_log(p)]


@pytest.mark.parametrize("log", FAILED_SCRIPT_LOGS, ids=lambda p: p.stem)
def test_a_lone_exception_line_keeps_its_continuation_lines(log: Path) -> None:
    lines = read_lines(log)
    whole = whole_log(log)[-1]
    pasted = final_exception_lines(lines, whole)
    (event,) = parse_text("\n".join(pasted))
    assert event.exc_type == whole.exc_type
    assert event.message == whole.message.split("\n\n")[0].split("\n--------------------")[0]


@pytest.mark.parametrize("log", FAILED_SCRIPT_LOGS[:20], ids=lambda p: p.stem)
@pytest.mark.parametrize("dressing", ["fence", "quote", "quoted-fence", "indented"])
def test_markdown_fences_and_quotes(log: Path, dressing: str) -> None:
    lines = read_lines(log)
    plain = parse_text("\n".join(lines))
    if dressing in ("fence", "quoted-fence"):
        lines = ["Here is the error:", "", "```pytb", *lines, "```", "", "Any idea?"]
    if dressing in ("quote", "quoted-fence"):
        lines = [f"> {line}" if line else ">" for line in lines]
    if dressing == "indented":
        # A markdown code block made by indenting every line.
        lines = ["Here is the error:", "", *(f"    {line}" if line else "" for line in lines)]
    dressed = parse_text("\n".join(lines))

    def shape(events: list[ErrorEvent]) -> list[object]:
        return [
            (e.exc_type, e.message, [(f.path, f.line, f.source) for f in e.frames]) for e in events
        ]

    assert shape(dressed) == shape(plain)
