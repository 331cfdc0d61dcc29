"""Property tests of jaxerr_ls.tracebacks: any input parses into well-placed events."""

from __future__ import annotations

import dataclasses
import itertools
from pathlib import Path
from typing import Any

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

import jaxerr_ls.tracebacks as tracebacks
from jaxerr_ls.events import ErrorEvent
from jaxerr_ls.tracebacks import parse_output, parse_text, strip_ansi

LOGS = Path(__file__).resolve().parent.parent / "fixtures" / "logs"


def read_lines(path: Path) -> list[str]:
    with open(path, encoding="utf-8", errors="replace", newline="\n") as f:
        return f.read().split("\n")


def all_logs() -> list[Path]:
    return sorted(p for p in LOGS.rglob("*.log") if p.stat().st_size < 200_000)


LOG_FILES = all_logs()
LOG_LINES = {p: read_lines(p) for p in LOG_FILES}
# Script logs whose events can be separated by ordinary output (no pytest report structure,
# no exception-group nesting).
SCRIPT_LOGS = [
    p
    for p, lines in LOG_LINES.items()
    if "pytest" not in p.as_posix()
    and not any("Exception Group" in line for line in lines)
    and any(line.startswith("Traceback") for line in lines)
]

FAST = settings(
    max_examples=150,
    deadline=None,
    suppress_health_check=[HealthCheck.too_slow, HealthCheck.data_too_large],
)

# Lines a passing program prints between errors; each is a construct that ends a message.
NOISE = st.sampled_from(
    [
        "INFO:trainer:step 10 loss=0.4312",
        "\rprogress 45%\rprogress 90%",
        "2026-11-29 10:00:00,123 INFO epoch 3 done in 1.2s",
        "I1129 10:00:00.123456  4242 train.py:88] checkpoint saved",
        "WARNING:absl:no GPU/TPU found, falling back to CPU",
        "$ python train.py --steps 10",
    ]
)
# Fragments that look like the constructs the parser reacts to, to reach deep states quickly.
FRAGMENTS = st.sampled_from(
    [
        "Traceback (most recent call last):",
        '  File "/x/y.py", line 3, in f',
        '  File "<string>", line 1',
        "    x = f(y)",
        "        ^^^^",
        "    ~~~^^^",
        "ValueError: bad",
        "jax.errors.TracerBoolConversionError: Attempted boolean conversion",
        "",
        "The above exception was the direct cause of the following exception:",
        "During handling of the above exception, another exception occurred:",
        "--------------------",
        "For simplicity, JAX has removed its internal frames from the traceback",
        "  + Exception Group Traceback (most recent call last):",
        "  +-+---------------- 1 ----------------",
        "    | ValueError: x",
        "=================================== FAILURES ===================================",
        "=========================== short test summary info ============================",
        "_____________________________ test_x[1-a] ______________________________",
        "_ _ _ _ _ _ _ _ _ _ _ _ _ _ _ _ _ _ _ _ _ _ _ _ _",
        "____ ERROR at setup of test_y ____",
        "____ ERROR collecting t.py ____",
        ">       assert f(1) == 2",
        "E       assert 1 == 2",
        "E   ValueError: x",
        "E   ",
        "check.py:12: ValueError",
        "check.py:12: in test_x",
        "/abs/check.py:12: ValueError: x",
        "----------------------------- Captured stdout call -----------------------------",
        "FAILED check.py::test_x[1-a] - ValueError: x",
        "ERROR check.py::test_y",
        "rootdir: /tmp/proj",
        "[gw0] linux -- Python 3.13.0 /usr/bin/python",
        "/x/y.py:3: UserWarning: careful",
        "\x1b[31mE   \x1b[0mKeyError",
        "ERROR:root:OSError: disk",
        # IPython, Jupyter, Colab and pasted fragments.
        "---------------------------------------------------------------------------",
        "TypeError                                 Traceback (most recent call last)",
        "Traceback (most recent call last): Cell In[3], line 2",
        "Cell In[3], line 2, in f(x)",
        "Input In [1], in <cell line: 1>()",
        "File ~/proj/model.py:14, in layer(w, x)",
        "  File ~/proj/model.py:14 in layer",
        "<ipython-input-7-65ad5538b505> in <module>()",
        "[<ipython-input-8-ad21>](https://localhost:8080/#) in <module>",
        "----> 2 jax.grad(f)(x)",
        "->  positive_sum(x)",
        "      1 import jax",
        "    [... skipping hidden 13 frame]",
        "   (...)   3744     dtype=dtype,",
        "29 frames",
        "In [7]: ",
        "In [11]:     ...:     ...: Traceback (most recent call last):",
        "JaxStackTraceBeforeTransformation: TypeError: Called add with a float0",
        "The preceding stack trace is the source of the JAX operation that, once transformed",
        "UnfilteredStackTrace: jax.errors.TracerBoolConversionError: x",
        "> ValueError: quoted",
        "> > nested",
        "```pytb",
        "```",
    ]
)


def check_placement(events: list[ErrorEvent], n_lines: int) -> None:
    last = 0
    for event in events:
        assert 1 <= event.log_line <= event.log_end_line <= max(n_lines, 1)
        assert event.log_line >= last
        last = event.log_line
        assert isinstance(event.exc_type, str) and isinstance(event.message, str)
        assert len(event.message) <= tracebacks.MAX_MESSAGE_CHARS
        assert len(event.frames) <= tracebacks.MAX_FRAMES
        assert len(event.chain) < tracebacks.MAX_CHAIN
        for frame in event.all_frames():
            if frame.col is not None:
                assert frame.source is not None and frame.end_col is not None
                assert 0 <= frame.col <= frame.end_col <= len(frame.source)


def parse_lines(lines: list[str]) -> list[ErrorEvent]:
    return list(parse_output(line + "\n" for line in lines))


@FAST
@given(st.text())
def test_arbitrary_text_never_raises(text: str) -> None:
    events = parse_text(text)
    check_placement(events, len(text.split("\n")))


@FAST
@given(st.binary())
def test_arbitrary_bytes_never_raise(data: bytes) -> None:
    text = data.decode("utf-8", errors="replace")
    check_placement(parse_text(text), len(text.split("\n")))


@FAST
@given(st.lists(st.one_of(FRAGMENTS, st.text(max_size=30)), max_size=60))
def test_construct_soup_never_raises(lines: list[str]) -> None:
    check_placement(parse_lines(lines), len(lines))


@FAST
@given(st.sampled_from(LOG_FILES), st.data())
def test_truncated_and_spliced_real_logs(path: Path, data: Any) -> None:
    lines = LOG_LINES[path]
    start = data.draw(st.integers(0, len(lines)))
    end = data.draw(st.integers(start, len(lines)))
    part = lines[start:end]
    check_placement(parse_lines(part), len(part))
    # Cutting a line in the middle, as a log cut off mid-write would.
    if part:
        cut_at = data.draw(st.integers(0, len(part[-1])))
        cut = [*part[:-1], part[-1][:cut_at]]
        check_placement(parse_text("\n".join(cut)), len(cut))


@FAST
@given(st.sampled_from(LOG_FILES), st.sampled_from(LOG_FILES), st.data())
def test_interleaved_real_logs(first: Path, second: Path, data: Any) -> None:
    a, b = list(LOG_LINES[first]), list(LOG_LINES[second])
    merged: list[str] = []
    choices = data.draw(st.lists(st.booleans(), min_size=len(a) + len(b), max_size=len(a) + len(b)))
    for take_a in choices:
        source = a if (take_a and a) or not b else b
        merged.append(source.pop(0))
    check_placement(parse_lines(merged), len(merged))


@FAST
@given(st.sampled_from(LOG_FILES), st.data())
def test_dropped_lines_and_crlf(path: Path, data: Any) -> None:
    lines = LOG_LINES[path]
    keep = data.draw(st.lists(st.booleans(), min_size=len(lines), max_size=len(lines)))
    kept = [line for line, k in zip(lines, keep, strict=True) if k]
    check_placement(list(parse_output(line + "\r\n" for line in kept)), len(kept))


ANSI_PIECES = st.sampled_from(
    ["\x1b[31m", "\x1b[0m", "\x1b[1;35m", "\x1b]8;;http://x\x1b\\", "\x1b", "[", "31m", "\x07", "]"]
)


@FAST
@given(st.lists(st.one_of(ANSI_PIECES, st.text(max_size=5)), max_size=30))
def test_strip_ansi_is_idempotent(pieces: list[str]) -> None:
    once = strip_ansi("".join(pieces))
    assert strip_ansi(once) == once
    assert "\x1b" not in once


def comparable(event: ErrorEvent, shift: dict[int, int]) -> Any:
    """An event with its log positions mapped back to the original log's lines."""
    frames = [
        dataclasses.replace(f, log_line=shift[f.log_line] if f.log_line else None)
        for f in event.frames
    ]
    return (
        event.exc_type,
        event.message,
        frames,
        [comparable(c, shift) for c in event.chain],
        event.chain_relation,
        shift[event.log_line],
        shift[event.log_end_line],
        event.test_id,
    )


@FAST
@given(st.sampled_from(SCRIPT_LOGS), st.data())
def test_noise_between_events_changes_nothing(path: Path, data: Any) -> None:
    lines = LOG_LINES[path]
    events = parse_lines(lines)
    # Gaps: before the first event, between events, after the last one.
    gaps = [0]
    for before, after in itertools.pairwise(events):
        gaps.extend(range(before.log_end_line, after.log_line))
    if events:
        gaps.append(events[-1].log_end_line)
    noisy: list[str] = []
    shift: dict[int, int] = {}
    insert_at = set(data.draw(st.lists(st.sampled_from(gaps), max_size=6)))
    for index, line in enumerate(lines):
        if index in insert_at:
            noisy.extend(data.draw(st.lists(NOISE, min_size=1, max_size=4)))
        noisy.append(line)
        shift[len(noisy)] = index + 1
    if len(lines) in insert_at:
        noisy.extend(data.draw(st.lists(NOISE, min_size=1, max_size=4)))
    noisy_events = parse_lines(noisy)
    identity = {n: n for n in range(len(lines) + 1)}
    assert [comparable(e, shift) for e in noisy_events] == [comparable(e, identity) for e in events]
