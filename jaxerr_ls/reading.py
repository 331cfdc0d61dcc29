"""Reading logs: bytes to lines in bounded memory, whatever the input."""

from __future__ import annotations

import codecs
from collections.abc import Iterator
from typing import BinaryIO

# A log line longer than this is cut: nothing useful to show is that long, and a runaway line
# (a progress bar without newlines, a binary file) must not be held in memory whole.
MAX_LINE_CHARS = 1 << 20
READ_SIZE = 1 << 20


def read_lines(stream: BinaryIO, max_line_chars: int = MAX_LINE_CHARS) -> Iterator[str]:
    """Decode a byte stream (UTF-8, bad bytes replaced) into lines, without their newlines.

    Only ``\\n`` ends a line: a ``\\r`` (a progress bar's redraw) stays inside it, as a terminal
    would show it. A line longer than ``max_line_chars`` is cut there and the rest of it
    skipped, so memory stays bounded by the read size whatever the input. Whole chunks are
    decoded and split at once, keeping the cost per line in C.
    """
    decoder = codecs.getincrementaldecoder("utf-8")(errors="replace")
    carry = ""
    skipping = False
    while chunk := stream.read(READ_SIZE):
        text = decoder.decode(chunk)
        if skipping:
            newline = text.find("\n")
            if newline < 0:
                continue
            text, skipping = text[newline + 1 :], False
        lines = (carry + text).split("\n")
        carry = lines.pop()
        yield from lines
        if len(carry) > max_line_chars:
            yield carry[:max_line_chars]
            carry, skipping = "", True
    carry += decoder.decode(b"", final=True)
    if carry and not skipping:
        yield carry[:max_line_chars]
