"""Reading logs: decoding and splitting into lines in bounded memory, whatever the bytes."""

from __future__ import annotations

import io
from pathlib import Path

from hypothesis import given, settings
from hypothesis import strategies as st

from jaxerr_ls.reading import read_blocks, read_lines
from jaxerr_ls.tracebacks import parse_blocks, parse_output


def reader(data: bytes, chunk: int) -> io.BytesIO:
    stream = io.BytesIO(data)
    original_read = stream.read
    stream.read = lambda size=-1: original_read(min(size, chunk))  # type: ignore[method-assign]
    return stream


@settings(max_examples=200, deadline=None)
@given(st.binary(max_size=5000), st.integers(min_value=1, max_value=64))
def test_lines_are_the_decoded_text_split_at_newlines(data: bytes, chunk: int) -> None:
    expected = data.decode("utf-8", "replace").split("\n")
    if expected[-1] == "":
        expected.pop()
    assert list(read_lines(reader(data, chunk), max_line_chars=10**9)) == expected


def test_a_multibyte_character_split_across_reads_survives() -> None:
    data = ("\u03b1" * 5 + "\n" + "\u03b2\n").encode()
    assert list(read_lines(reader(data, 3))) == ["\u03b1" * 5, "\u03b2"]


def test_overlong_lines_are_cut_and_the_rest_skipped() -> None:
    data = b"start\n" + b"x" * 5_000_000 + b"\nafter\r\n"
    lines = list(read_lines(io.BytesIO(data), max_line_chars=1000))
    assert lines == ["start", "x" * 1000, "after\r"]


def test_a_final_line_without_newline_is_kept() -> None:
    assert list(read_lines(io.BytesIO(b"a\nb"))) == ["a", "b"]


@settings(max_examples=200, deadline=None)
@given(st.binary(max_size=5000), st.integers(min_value=1, max_value=64))
def test_blocks_are_whole_lines_of_the_decoded_text(data: bytes, chunk: int) -> None:
    blocks = list(read_blocks(reader(data, chunk), max_line_chars=10**9))
    assert all(block.endswith("\n") for block in blocks)
    text = data.decode("utf-8", "replace")
    assert "".join(blocks) == (text if not text or text.endswith("\n") else text + "\n")


def test_the_events_of_blocks_are_the_events_of_lines() -> None:
    """parse_blocks, which the command line reads logs with, finds what parse_output finds in
    every captured log, all of them read as one log in small reads (blocks end anywhere)."""
    logs = sorted((Path(__file__).resolve().parents[1] / "fixtures" / "logs").rglob("*.log"))
    assert len(logs) > 100
    data = b"".join(path.read_bytes() for path in logs)
    by_lines = list(parse_output(read_lines(reader(data, 4099)), strict=True))
    by_blocks = list(parse_blocks(read_blocks(reader(data, 4099)), strict=True))
    assert len(by_lines) > 500
    assert by_blocks == by_lines
