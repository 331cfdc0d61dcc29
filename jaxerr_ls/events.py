"""The error events that parsing output produces: exceptions with their frames and log position."""

from __future__ import annotations

from dataclasses import dataclass, field


@dataclass(frozen=True, slots=True)
class Frame:
    """One traceback frame as it was printed.

    ``path`` is the file exactly as printed (absolute, relative, ``~/...``, a pseudo-file such as
    ``<frozen runpy>``, or a notebook cell: ``Cell In[7]``, ``<ipython-input-7-ab12>``);
    resolving it is the locator's job. ``col`` / ``end_col`` are 0-based
    character offsets into ``source`` taken from CPython's ``^^^^`` / ``~~~`` marker line
    (or pytest's ``>`` marker line, which gives no columns) when the log shows them.
    """

    path: str
    line: int | None
    function: str | None = None
    source: str | None = None
    col: int | None = None
    end_col: int | None = None
    log_line: int | None = None


@dataclass(slots=True)
class ErrorEvent:
    """One error found in output: the exception that ended a traceback (or a lone error line).

    ``exc_type`` is the class as printed (``ValueError``, ``jax.errors.UnexpectedTracerError``,
    ``E   TypeError`` is normalised to ``TypeError``). ``message`` is the full, possibly
    multi-line message without the ``Type: `` prefix. ``frames`` run outermost first, innermost
    last, as Python prints them. ``chain`` holds the earlier exceptions of a chained traceback
    ("The above exception was the direct cause ..." / "During handling ..."), oldest first, each
    with its own frames; JAX's ``SimplifiedTraceback`` notice is not an exception and never
    appears there (a relation on the event itself says that the output went on, past a
    separator, to an exception it does not show: a paste cut there). ``log_line`` /
    ``log_end_line`` are the 1-based lines of the log that the event spans. ``rootdir`` is
    pytest's rootdir (or the run's cwd) when the log reveals it, for resolving relative paths.
    ``test_id`` is the pytest node id when known, ``python`` the interpreter that ran it when
    the output names it (pytest's verbose header).
    """

    exc_type: str
    message: str
    frames: list[Frame] = field(default_factory=list)
    chain: list[ErrorEvent] = field(default_factory=list)
    chain_relation: str | None = None
    log_line: int = 0
    log_end_line: int = 0
    rootdir: str | None = None
    test_id: str | None = None
    python: str | None = None

    @property
    def first_line(self) -> str:
        """The first non-empty line of the message (what a one-line display shows)."""
        for line in self.message.splitlines():
            if line.strip():
                return line.strip()
        return ""

    def all_frames(self) -> list[Frame]:
        """Frames of this exception followed by those of the chain, newest exception first."""
        frames = list(self.frames)
        for earlier in reversed(self.chain):
            frames.extend(earlier.frames)
        return frames
