"""LSP base-protocol framing: bytes in, message bodies and framing errors out, never stuck."""

from __future__ import annotations

import re
from dataclasses import dataclass

# A header block longer than this is garbage: real ones are two short lines.
MAX_HEADER_BYTES = 8 * 1024
# A longer body is taken for a corrupt header: no client sends one (an ingested output is
# capped far lower by default), and waiting for it would leave the server deaf.
MAX_BODY_BYTES = 1 << 30

_CONTENT_LENGTH = re.compile(rb"content-length:", re.IGNORECASE)
_HEADER_END = re.compile(rb"\r?\n\r?\n")


@dataclass(frozen=True, slots=True)
class FramingError:
    """A frame that could not be read; the reader has moved on to the next header."""

    message: str


class FrameReader:
    """Splits a byte stream into message bodies.

    Header names are read case-insensitively and lines may end in ``\\n`` alone. After a bad
    header (no, negative, non-numeric or conflicting ``Content-Length``, garbage, an endless
    line) the reader reports a ``FramingError`` and resynchronises on the next
    ``Content-Length:`` it sees, so one bad frame costs that frame only.
    """

    def __init__(self) -> None:
        self._buffer = bytearray()
        self._body_length: int | None = None
        self._resync = False

    def feed(self, data: bytes) -> list[bytes | FramingError]:
        """Take more bytes; return the bodies (and errors) now complete, in order."""
        self._buffer += data
        out: list[bytes | FramingError] = []
        while True:
            if self._resync:
                found = _CONTENT_LENGTH.search(self._buffer)
                if found is None:
                    # Keep what could be the start of a header split across reads.
                    del self._buffer[: max(0, len(self._buffer) - 15)]
                    return out
                del self._buffer[: found.start()]
                self._resync = False
            if self._body_length is None:
                end = _HEADER_END.search(self._buffer, 0, MAX_HEADER_BYTES + 4)
                if end is None:
                    if len(self._buffer) > MAX_HEADER_BYTES:
                        del self._buffer[:1]
                        self._resync = True
                        out.append(FramingError("bad frame header: longer than 8 KiB, or garbage"))
                        continue
                    return out
                block = bytes(self._buffer[: end.start()])
                length = _content_length(block)
                if isinstance(length, BadHeader) and _embeds_header(block):
                    length = BadHeader(length.message, structural=False)
                if isinstance(length, BadHeader):
                    # Garbage may hide a real header: look again one byte on. A header block
                    # with a bad value is skipped whole (its body's length is unknown).
                    del self._buffer[: end.end() if length.structural else 1]
                    self._resync = True
                    out.append(FramingError(f"bad frame header: {length.message}"))
                    continue
                del self._buffer[: end.end()]
                self._body_length = length
            if len(self._buffer) < self._body_length:
                return out
            out.append(bytes(self._buffer[: self._body_length]))
            del self._buffer[: self._body_length]
            self._body_length = None


@dataclass(frozen=True, slots=True)
class BadHeader:
    """What is wrong with a header block: garbage (a real header may be inside it), or a
    block of header lines with a bad ``Content-Length`` (``structural``)."""

    message: str
    structural: bool


def _embeds_header(block: bytes) -> bool:
    """Whether a ``Content-Length:`` starts somewhere other than at a line's start (garbage
    sent without a newline just before a real header)."""
    return any(
        found.start() > 0 and block[found.start() - 1 : found.start()] != b"\n"
        for found in _CONTENT_LENGTH.finditer(block)
    )


def _content_length(block: bytes) -> int | BadHeader:
    """The Content-Length of a header block, or what is wrong with the block."""
    length: int | None = None
    for raw in block.split(b"\n"):
        line = raw.rstrip(b"\r")
        name, colon, value = line.partition(b":")
        if not colon:
            return BadHeader(f"not a header line: {line[:80]!r}", structural=False)
        key = name.strip().lower()
        if key != b"content-length":
            if not re.fullmatch(rb"[A-Za-z0-9-]+", name.strip()):
                return BadHeader(f"not a header name: {name[:80]!r}", structural=False)
            continue
        text = value.strip()
        if not text.isdigit():
            return BadHeader(
                f"Content-Length is not a non-negative integer: {text[:80]!r}", structural=True
            )
        if length is not None and int(text) != length:
            return BadHeader("two different Content-Length headers", structural=True)
        length = int(text)
        if length > MAX_BODY_BYTES:
            return BadHeader(
                f"Content-Length {length} is larger than the 1 GiB a message may be",
                structural=True,
            )
    if length is None:
        return BadHeader("no Content-Length", structural=True)
    return length


def frame(body: bytes) -> bytes:
    """A body with its header, as a client or server sends it."""
    return b"Content-Length: %d\r\n\r\n%s" % (len(body), body)
