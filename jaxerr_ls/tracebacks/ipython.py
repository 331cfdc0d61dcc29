"""The IPython / Jupyter / Colab traceback reader: IPython 7-9's Context, Verbose and Docs layouts.

A traceback starts with ``TypeError      Traceback (most recent call last)`` (Docs mode:
``Traceback (most recent call last): Cell In[5], line 3``). Each frame is a header line,
``Cell In[5], line 3`` / ``File ~/proj/x.py:12, in f(x)`` (IPython 8.4+; 8.0-8.3 print
``Input In [5], in <cell line: 1>()`` and the line on the arrow only) or
``<ipython-input-5-0ab1> in <module>()`` / ``~/proj/x.py in f(x)`` (IPython 7, whose line number
is only the arrow's), followed by numbered source lines with a ``---->`` arrow on the frame's
line; Verbose mode adds local variables under it. ``[... skipping hidden N frame]``, Colab's
``N frames`` and ``(...)`` elisions are skipped, and Colab's ``[path](https://...)`` links are
read as the path. The exception line, message and chain are read as in a CPython traceback.
IPython's Plain mode is CPython's layout and is read by the CPython reader; Minimal mode prints
the exception line alone.
"""

from __future__ import annotations

import re

from jaxerr_ls.events import ErrorEvent
from jaxerr_ls.tracebacks.cpython import (
    EXC_LINE_RE,
    FRAMES,
    GAP,
    STRICT_EXC_RE,
    TracebackReader,
)

# "TracerBoolConversionError                 Traceback (most recent call last)"
HEADER_RE = re.compile(r"\s*([A-Za-z_][\w.]*) +Traceback \(most recent call last\)\s*$")
_FRAME8_RE = re.compile(r"(?:File (\S.*?):(\d+)|(Cell In\[\d+\]), line (\d+))(?:, in (\S.*?))?\s*$")
# IPython 8.0-8.3: "Input In [1], in <cell line: 1>()", the line given by the arrow only.
_INPUT_RE = re.compile(r"(Input In \[\d+\])(?:, in (\S.*?))?\s*$")
_FRAME7_RE = re.compile(r"(<[^>]+>|[^\s<\[]\S*) in (\S.*?)\s*$")
_LINK_RE = re.compile(r"\[([^\]]*)\]\(https?://[^)\s]*\)")
# "----> 3 code", "--> 198 code", "-> 2042 code"; IPython 9 pads: "---> 14     return x".
_ARROW_RE = re.compile(r"-*> ?\s*(\d+)(?: (.*))?$")
_DOCS_ARROW_RE = re.compile(r"->\s+(\S.*)$")
_CALL_ARGS_RE = re.compile(r"\(.*\)$")


def _function(printed: str | None) -> str | None:
    """``layer`` from ``layer(w=Tracer(...), x)``; ``<module>`` from ``<module>()``."""
    if not printed:
        return None
    return _CALL_ARGS_RE.sub("", printed).strip() or None


def _looks_like_path(path: str) -> bool:
    return (
        path.startswith(("<", "~")) or "/" in path or "\\" in path or path.endswith((".py", ".pyx"))
    )


class IPythonReader(TracebackReader):
    """Reads one IPython-format traceback (with its chain) line by line."""

    def __init__(self, lineno: int, *, headerless: bool = False) -> None:
        super().__init__(lineno, headerless=headerless)
        self.arrow_seen = False

    def note_header(self, header: str) -> None:
        """Keep the class the header line names."""
        m = HEADER_RE.match(header)
        if m is not None:
            self.block.header_class = m[1]

    @classmethod
    def starting_at_frame(cls, lineno: int, line: str) -> IPythonReader | None:
        """A paste that starts at a frame (its header cut off): only frame lines that cannot
        be prose start one (``File x.py:12, in f``, ``Cell In[3], line 2``, Colab's links)."""
        if line[:1] != "[" and _FRAME8_RE.match(line) is None:
            return None
        reader = cls(lineno, headerless=True)
        return reader if reader._frame_header(lineno, line) else None

    @classmethod
    def docs_mode(cls, lineno: int, first_frame: str) -> IPythonReader:
        """Docs mode prints the first frame on the header line itself."""
        reader = cls(lineno)
        reader._frame_header(lineno, first_frame)
        return reader

    def feed(self, lineno: int, line: str, had_cr: bool) -> bool:
        if self.state == GAP:
            if HEADER_RE.match(line):
                self._new_block(lineno)
                self.note_header(line)
                self.state = FRAMES
                return True
            stripped = line.strip()
            if stripped.startswith("-----") and not stripped.strip("-"):
                return True
        return super().feed(lineno, line, had_cr)

    def _frame_header(self, lineno: int, line: str) -> bool:
        if line[:1] == "[":
            line = _LINK_RE.sub(r"\1", line)
        m = _FRAME8_RE.match(line)
        if m is not None:
            path, number = (m[1], m[2]) if m[1] is not None else (m[3], m[4])
            self.start_frame(lineno, path, int(number), _function(m[5]))
            self.arrow_seen = False
            return True
        m = _INPUT_RE.match(line)
        if m is not None:
            self.start_frame(lineno, m[1], None, _function(m[2]))
            self.arrow_seen = False
            return True
        m = _FRAME7_RE.match(line)
        if m is not None and _looks_like_path(m[1]):
            self.start_frame(lineno, m[1], None, _function(m[2]))
            self.arrow_seen = False
            return True
        return False

    def _feed_frames(self, lineno: int, line: str) -> bool:
        if not line or line.isspace():
            return True
        first = line[0]
        if first in " \t" or first.isdigit():
            # Numbered context, Verbose mode's locals, hidden-frame notes, Colab's "N frames".
            return True
        if first == "-":
            self._arrow(lineno, line)
            return True
        m = (STRICT_EXC_RE if self.headerless else EXC_LINE_RE).match(line)
        if m is not None and not line.startswith(("Cell ", "File ")):
            self._flush_frame()
            self._exception_line(lineno, m)
            return True
        if self._frame_header(lineno, line):
            return True
        return line.startswith("(...)")

    def _arrow(self, lineno: int, line: str) -> None:
        frame = self.frame
        if frame is None or self.arrow_seen:
            return
        m = _ARROW_RE.match(line)
        if m is not None:
            if frame.line is None:
                frame.line = int(m[1])
            code = m[2]
        else:
            docs = _DOCS_ARROW_RE.match(line)
            code = docs[1] if docs is not None else None
        if code is not None and code.strip():
            frame.set_source(code, 0)
        self.arrow_seen = True
        self.block.end = lineno

    def finish(self) -> ErrorEvent | None:
        for block in self.blocks:
            if block.exc_type is None:
                block.exc_type = block.header_class
        return super().finish()
