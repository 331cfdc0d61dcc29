"""Skipping idle lines in bulk (``parse_blocks``) finds exactly what reading every line finds."""

from __future__ import annotations

import io
import re
from pathlib import Path

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from jaxerr_ls.reading import read_blocks, read_lines
from jaxerr_ls.tracebacks import (
    _BlockScan,
    _may_start_construct,
    _next_line_not_passing,
    parse_blocks,
    parse_output,
)

FIXTURES = Path(__file__).resolve().parents[1] / "fixtures"
# Every captured log and paste the tests hold: script, pytest (every --tb, colour, xdist),
# IPython and notebook output, pastes from issues, generic CPython output.
OUTPUTS = sorted(
    path
    for path in FIXTURES.rglob("*")
    if path.is_file() and path.suffix in (".log", ".txt") and "project" not in path.parts
)


def test_the_fixtures_are_found() -> None:
    assert len(OUTPUTS) > 1000


def by_lines(data: bytes) -> list[object]:
    """The reference: every line through the parser's per-line check, one by one."""
    return list(parse_output(read_lines(io.BytesIO(data)), strict=True))


def blocks_of(text: str, lines_per_block: int) -> list[str]:
    lines = text.split("\n")
    if lines[-1] == "":
        lines.pop()
    return [
        "".join(line + "\n" for line in lines[start : start + lines_per_block])
        for start in range(0, len(lines), lines_per_block)
    ]


@pytest.mark.parametrize("path", OUTPUTS, ids=lambda path: str(path.relative_to(FIXTURES)))
def test_every_fixture_gives_the_same_events_in_blocks(path: Path) -> None:
    data = path.read_bytes()
    expected = by_lines(data)
    assert list(parse_blocks(read_blocks(io.BytesIO(data)), strict=True)) == expected
    # A block for each line: every error cut by a block's end, wherever.
    text = data.decode("utf-8", "replace")
    assert list(parse_blocks(blocks_of(text, 1), strict=True)) == expected
    # CRLF line ends.
    crlf = data.replace(b"\n", b"\r\n")
    assert list(parse_blocks(read_blocks(io.BytesIO(crlf)), strict=True)) == by_lines(crlf)


@pytest.mark.slow
def test_all_fixtures_as_one_log_in_small_reads() -> None:
    """The fixture logs as one log read in 1,000-byte chunks, with noise between them (idle
    lines, ANSI colours, binary garbage, carriage returns, NULs), so that errors start and end
    at every kind of block boundary."""
    noise = (
        b"step 12 loss 0.5\n\x1b[32mPASSED\x1b[0m tests/test_a.py::test_b\n"
        b"\xff\xfe\x00garbage\x00\x80\n100%|#####| 10/10 [00:01<00:00]\r  50%\rdone\n"
        b"    indented output of a program\n_____ not a section _____\n"
    )
    parts = []
    for path in OUTPUTS:
        parts += [path.read_bytes(), noise]
    data = b"".join(parts)
    expected = by_lines(data)
    assert len(expected) > 3000
    stream = io.BytesIO(data)
    original_read = stream.read
    stream.read = lambda size=-1: original_read(min(size, 1000))  # type: ignore[method-assign]
    assert list(parse_blocks(read_blocks(stream), strict=True)) == expected


def test_a_huge_line_without_newline_among_errors() -> None:
    """A runaway line (a progress bar, a binary file: 3 MB, no newline) between two
    tracebacks is cut at ``MAX_LINE_CHARS`` and the rest skipped by both readers alike."""
    log = (FIXTURES / "logs" / "jax-0.12.0.1" / "script").glob("*.log")
    first = next(iter(sorted(log))).read_bytes()
    data = first + b"Error " * 500_000 + first
    expected = by_lines(data)
    assert len(expected) >= 2
    assert list(parse_blocks(read_blocks(io.BytesIO(data)), strict=True)) == expected
    idle = first + b"x" * 3_000_000 + b"\n" + first
    assert list(parse_blocks(read_blocks(io.BytesIO(idle)), strict=True)) == by_lines(idle)


# Lines that may matter to an idle parser, and near misses of them.
LINE_PIECES = [
    "Error",
    "Exceptio",
    "Exception",
    "Warning",
    "Traceback",
    "File ",
    "File",
    "=",
    "r",
    "F",
    "[",
    "\x1b",
    "platform ",
    "platform",
    "p",
    "T",
    " ",
    "\t",
    "+",
    "|",
    "E",
    "W",
    "x",
    "\r",
    "PASSED ",
    "SKIPPED ",
    "XFAIL ",
    "XPASS ",
    "PASSED",
]
lines_strategy = st.lists(
    st.lists(st.sampled_from(LINE_PIECES), max_size=4).map("".join), min_size=1, max_size=40
)


@settings(max_examples=200, deadline=None)
@given(lines_strategy, st.data())
def test_the_scan_never_skips_a_line_that_may_start_a_construct(
    lines: list[str], data: st.DataObject
) -> None:
    """What makes the skipping safe: from any line start, every line the scan passes over is
    one the per-line check would have skipped: it stops at a line start at or before the first
    line that check would read (it may stop earlier, at a line that holds "File " anywhere;
    the check then decides)."""
    block = "".join(line + "\n" for line in lines)
    starts = [m.start() for m in re.finditer(r"^", block, re.M)][: len(lines)]
    scan = _BlockScan(block)
    # The parser asks from increasing line starts (it passes the lines it reads).
    asked = sorted(set(data.draw(st.lists(st.sampled_from(starts), min_size=1, max_size=5))))
    for pos in asked:
        stop = scan.next_line_that_may_matter(pos)
        first = starts.index(pos)
        wanted = next(
            (starts[i] for i in range(first, len(lines)) if _may_start_construct(lines[i])),
            len(block),
        )
        assert stop in starts or stop == len(block)
        assert pos <= stop <= wanted


@settings(max_examples=100, deadline=None)
@given(lines_strategy, st.data())
def test_the_summary_scan_skips_only_passing_tests(lines: list[str], data: st.DataObject) -> None:
    block = "".join(line + "\n" for line in lines)
    starts = [m.start() for m in re.finditer(r"^", block, re.M)][: len(lines)]
    pos = data.draw(st.sampled_from(starts))
    first = starts.index(pos)
    passing = ("PASSED ", "SKIPPED ", "XFAIL ", "XPASS ")
    wanted = next(
        (starts[i] for i in range(first, len(lines)) if not lines[i].startswith(passing)),
        len(block),
    )
    assert _next_line_not_passing(block, pos) == wanted


@settings(max_examples=150, deadline=None)
@given(
    st.lists(
        st.one_of(
            lines_strategy.map("\n".join),
            st.sampled_from(OUTPUTS[::25]).map(lambda p: p.read_text(errors="replace")),
        ),
        min_size=1,
        max_size=4,
    ),
    st.integers(min_value=1, max_value=50),
)
def test_real_output_mixed_with_near_misses(pieces: list[str], size: int) -> None:
    text = "\n".join(pieces) + "\n"
    expected = list(parse_output(text.split("\n")[:-1], strict=True))
    assert list(parse_blocks(blocks_of(text, size), strict=True)) == expected
