"""Reading logs and workspace files: bytes to lines in bounded memory, only regular files."""

from __future__ import annotations

import codecs
import contextlib
import os
import stat
from collections.abc import Iterable, Iterator
from pathlib import Path
from typing import BinaryIO

# A log line longer than this is cut: nothing useful to show is that long, and a runaway line
# (a progress bar without newlines, a binary file) must not be held in memory whole.
MAX_LINE_CHARS = 1 << 20
READ_SIZE = 1 << 20


def read_lines(stream: BinaryIO, max_line_chars: int = MAX_LINE_CHARS) -> Iterator[str]:
    """Decode a byte stream (UTF-8, bad bytes replaced) into lines, without their newlines.

    Only ``\\n`` ends a line: a ``\\r`` (a progress bar's redraw) stays inside it, as a terminal
    would show it. Memory stays bounded as ``read_blocks`` says.
    """
    for block in read_blocks(stream, max_line_chars):
        lines = block.split("\n")
        lines.pop()  # after the block's last newline
        yield from lines


def read_blocks(stream: BinaryIO, max_line_chars: int = MAX_LINE_CHARS) -> Iterator[str]:
    """Decode a byte stream (UTF-8, bad bytes replaced) into blocks of whole lines, each line
    ended by ``\\n`` (the input's last line too), about ``READ_SIZE`` characters a block.

    Whole chunks are decoded at once, and a reader that skips what it does not need searches a
    block in C rather than taking it line by line. A line longer than ``max_line_chars`` is cut
    there and the rest of it skipped, so memory stays bounded by the read size whatever the
    input.
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
        text = carry + text
        end = text.rfind("\n") + 1
        carry = text[end:]
        if end:
            yield text[:end]
        if len(carry) > max_line_chars:
            yield carry[:max_line_chars] + "\n"
            carry, skipping = "", True
    carry += decoder.decode(b"", final=True)
    if carry and not skipping:
        yield carry[:max_line_chars] + "\n"


# A Python source file larger than this is not read: no hand-written module is that big, and a
# workspace must not be able to make the server hold gigabytes.
MAX_SOURCE_BYTES = 16 * 1024 * 1024


class UnsafeFile(OSError):
    """A file the server will not read: outside the workspace, not a regular file, too big."""


def inside(path: Path, roots: Iterable[Path]) -> Path | None:
    """``path`` with every symlink resolved, when that lies inside one of ``roots`` (also
    resolved); None otherwise. A symlink inside the workspace pointing out of it is outside."""
    try:
        real = path.resolve()
    except (OSError, RuntimeError, ValueError):
        return None
    for root in roots:
        try:
            if real.is_relative_to(root.resolve()):
                return real
        except (OSError, RuntimeError, ValueError):
            continue
    return None


@contextlib.contextmanager
def open_regular(path: Path, roots: Iterable[Path] | None = None) -> Iterator[BinaryIO]:
    """Open ``path`` for reading only if it is a regular file (inside ``roots`` when given).

    The check is made on the opened descriptor, so a FIFO, a device (``/dev/stdin``,
    ``/dev/zero``) or a socket is refused without blocking on it (``O_NONBLOCK``), and a file
    swapped for a symlink between the check and the open is not followed (``O_NOFOLLOW`` on the
    resolved path). Raises ``FileNotFoundError`` when there is no file, ``UnsafeFile`` when it
    may not be read.
    """
    if roots is not None:
        real = inside(path, roots)
        if real is None:
            if not os.path.lexists(path):
                raise FileNotFoundError(2, "No such file", str(path))
            raise UnsafeFile("outside the workspace")
    else:
        real = path.resolve()
    flags = os.O_RDONLY | getattr(os, "O_NONBLOCK", 0) | getattr(os, "O_NOFOLLOW", 0)
    descriptor = os.open(real, flags | getattr(os, "O_CLOEXEC", 0))
    try:
        if not stat.S_ISREG(os.fstat(descriptor).st_mode):
            raise UnsafeFile("not a regular file")
        if hasattr(os, "set_blocking"):
            os.set_blocking(descriptor, True)
        stream = os.fdopen(descriptor, "rb")
    except BaseException:
        os.close(descriptor)
        raise
    with stream:
        yield stream


def read_regular(path: Path, limit: int, roots: Iterable[Path] | None = None) -> bytes:
    """The bytes of a regular file (see ``open_regular``); ``UnsafeFile`` when it holds more
    than ``limit`` bytes, which are never read into memory."""
    with open_regular(path, roots) as stream:
        data = stream.read(limit + 1)
    if len(data) > limit:
        raise UnsafeFile(f"larger than {limit} bytes")
    return data


def read_source_text(path: Path, roots: Iterable[Path] | None = None) -> str | None:
    """A source file's text (bad bytes replaced), or None when it is missing or may not be
    read (outside ``roots``, not a regular file, larger than ``MAX_SOURCE_BYTES``)."""
    try:
        return read_regular(path, MAX_SOURCE_BYTES, roots).decode("utf-8", errors="replace")
    except (OSError, ValueError):
        return None
