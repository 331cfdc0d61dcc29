"""Framing of the LSP base protocol: every body comes out, and bad bytes cost only themselves."""

from __future__ import annotations

import re

from hypothesis import given, settings
from hypothesis import strategies as st

from jaxerr_ls.server.framing import FrameReader, FramingError, frame

bodies = st.lists(st.binary(max_size=300), max_size=8)
# Garbage that does not itself announce a frame: anything, with no "content-length:" in it.
garbage = st.binary(max_size=200).filter(lambda g: not re.search(rb"(?i)content-length:", g))


def _feed_in_chunks(reader: FrameReader, data: bytes, cuts: list[int]) -> list[object]:
    out: list[object] = []
    start = 0
    for cut in sorted(c % (len(data) + 1) for c in cuts):
        out += reader.feed(data[start:cut])
        start = max(start, cut)
    return out + reader.feed(data[start:])


@given(bodies, st.lists(st.integers(min_value=0), max_size=10))
@settings(max_examples=300, deadline=None)
def test_framed_bodies_come_out_whole_however_the_bytes_are_split(
    messages: list[bytes], cuts: list[int]
) -> None:
    stream = b"".join(frame(body) for body in messages)
    assert _feed_in_chunks(FrameReader(), stream, cuts) == messages


@given(garbage, st.binary(min_size=1, max_size=300), st.lists(st.integers(min_value=0), max_size=6))
@settings(max_examples=500, deadline=None)
def test_after_any_garbage_the_next_frame_is_read(
    junk: bytes, body: bytes, cuts: list[int]
) -> None:
    out = _feed_in_chunks(FrameReader(), junk + frame(body) + frame(b"{}"), cuts)
    frames = [item for item in out if isinstance(item, bytes)]
    # The frame right after the garbage may be taken up by it when the garbage is itself a
    # header block; the one after that always comes out whole.
    assert frames[-1] == b"{}"
    if b"\n" not in junk and junk:
        # Garbage without a newline (the case that made pygls deaf): both frames come out.
        assert frames == [body, b"{}"]


def test_bad_headers_are_reported_and_skipped() -> None:
    reader = FrameReader()
    out = reader.feed(
        b"Content-Length: -5\r\n\r\n{}"
        + b"content-length: 2\n\n{}"
        + b"Content-Length: 5\r\nContent-Length: 6\r\n\r\nxx"
        + b"junk with no newlineContent-Length: 3\r\n\r\nabc"
        + b"Content-Length: 99999999999\r\n\r\n"
        + frame(b"last")
    )
    assert [item for item in out if isinstance(item, bytes)] == [b"{}", b"abc", b"last"]
    errors = [item.message for item in out if isinstance(item, FramingError)]
    assert len(errors) == 3 and "-5" in errors[0] and "two different" in errors[1]
    assert "larger than" in errors[2]


def test_an_endless_header_line_is_dropped_in_bounded_memory() -> None:
    reader = FrameReader()
    out: list[object] = []
    for _ in range(100):
        out += reader.feed(b"x" * 100_000)
    out += reader.feed(frame(b"ok"))
    assert out[-1] == b"ok" and any(isinstance(item, FramingError) for item in out)
    assert len(reader._buffer) < 100_000
