"""Builds the benchmark log: real passing pytest output with real JAX tracebacks spread through it,
and the two command lines every benchmark times on it (reading it, checking it).

The passing output comes from running pytest -v on a generated suite of passing tests (real
pytest output, not typed); the tracebacks are the captured fixture logs of real JAX runs. Both
are repeated until the log reaches the requested size.
"""

from __future__ import annotations

import argparse
import os
import subprocess
import sys
import tempfile
from pathlib import Path
from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from jaxerr_ls.events import ErrorEvent

HERE = Path(__file__).resolve().parent
FIXTURE_LOGS = HERE.parent / "tests" / "fixtures" / "logs"
# The project the logs' tracebacks are placed on.
PROJECT = HERE.parent / "tests" / "fixtures" / "project"

# The benchmarks measure the checkout they are in. Run from this folder, Python would import
# the package the environment has installed (an editable install may point at another
# checkout), and so would the ``check`` processes they start (``python -m`` puts this folder,
# which holds no package, first on the path). A PYTHONPATH that is set (a ``git archive`` copy
# of another commit) is left as it is.
if not os.environ.get("PYTHONPATH"):
    os.environ["PYTHONPATH"] = str(HERE.parent)
    sys.path.insert(0, str(HERE.parent))


def read_command(log: Path) -> list[str]:
    """The baseline: a plain Python loop over the log's lines, in a fresh interpreter."""
    return [sys.executable, "-c", f"for line in open({str(log)!r}): pass"]


def check_command(log: Path, *options: str) -> list[str]:
    """``jaxerr-ls check`` of the log (JSON output), with ``options`` before the log."""
    return [
        sys.executable,
        "-m",
        "jaxerr_ls",
        "check",
        "--root",
        str(PROJECT),
        "--format",
        "json",
        *options,
        str(log),
    ]


PASSING_SUITE = """
import pytest

@pytest.mark.parametrize("step", range(2000))
def test_training_step_converges(step):
    print(f"step {step} loss {1.0 / (step + 1):.6f} grad_norm {0.5 / (step + 1):.6f}")
    assert step >= 0

@pytest.mark.parametrize("shape", [(2, 3), (4,), (8, 8, 2)] * 300)
def test_layer_shapes(shape):
    assert len(shape) >= 1
"""


def passing_output() -> str:
    """Real output of pytest -v -rA over a passing suite (with its captured prints)."""
    with tempfile.TemporaryDirectory() as folder:
        (Path(folder) / "test_passing.py").write_text(PASSING_SUITE)
        (Path(folder) / "pytest.ini").write_text("[pytest]\n")
        result = subprocess.run(
            [sys.executable, "-m", "pytest", "-v", "-rA", "-p", "no:cacheprovider", folder],
            capture_output=True,
            text=True,
            cwd=folder,
            check=False,
        )
    return result.stdout


def traceback_logs() -> list[str]:
    logs = sorted(FIXTURE_LOGS.glob("jax-*/*/*.log"))
    if not logs:
        raise SystemExit(f"no fixture logs under {FIXTURE_LOGS}")
    return [path.read_text(encoding="utf-8", errors="replace") for path in logs]


def build(target: Path, size_mb: float) -> int:
    """Write the log; return how many fixture logs (each with one or more errors) went in."""
    noise = passing_output()
    errors = traceback_logs()
    limit = int(size_mb * 1024 * 1024)
    written = inserted = 0
    with target.open("w", encoding="utf-8") as out:
        while written < limit:
            # About one failing run's output per 200 KB of passing output.
            for _ in range(max(1, 200_000 // max(len(noise), 1))):
                out.write(noise)
                written += len(noise)
            block = errors[inserted % len(errors)]
            out.write(block)
            written += len(block)
            inserted += 1
    return inserted


def describe(log: Path) -> dict[str, int]:
    """How many errors the log holds and how many of them differ: a long log repeats its
    failures (the same fixture logs spliced in again and again), and ``check`` works out what
    follows from a message, a traceback or a test once; so the distinct counts, not the
    errors, are what its analysis costs."""
    from jaxerr_ls.reading import read_blocks
    from jaxerr_ls.tracebacks import parse_blocks

    errors = exceptions = 0
    messages: set[tuple[str, str]] = set()
    tracebacks: set[tuple[object, ...]] = set()
    tests: set[str | None] = set()
    events: set[tuple[object, ...]] = set()
    with log.open("rb") as stream:
        for event in parse_blocks(read_blocks(stream)):
            errors += 1
            events.add(_event_key(event))
            for exception in (event, *event.chain):
                exceptions += 1
                messages.add((exception.exc_type, exception.message))
            tracebacks.add(
                tuple(
                    (frame.path, frame.line, frame.function, frame.source)
                    for exception in (event, *event.chain)
                    for frame in exception.frames
                )
            )
            tests.add(event.test_id)
    return {
        "errors": errors,
        "exceptions_with_their_chains": exceptions,
        "distinct_messages": len(messages),
        "distinct_tracebacks": len(tracebacks),
        "distinct_tests": len(tests),
        "distinct_errors": len(events),
    }


def _event_key(event: ErrorEvent) -> tuple[object, ...]:
    """Everything of an error that its analysis reads, without its place in the log: two
    errors with the same key get the same finding but for where it is."""
    return (
        event.exc_type,
        event.message,
        tuple((f.path, f.line, f.function, f.source, f.col, f.end_col) for f in event.frames),
        tuple(_event_key(earlier) for earlier in event.chain),
        event.chain_relation,
        event.rootdir,
        event.test_id,
        event.python,
    )


def holds(log: Path) -> str:
    """``describe`` in words."""
    return ", ".join(f"{value} {key.replace('_', ' ')}" for key, value in describe(log).items())


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("target", type=Path)
    parser.add_argument("--size-mb", type=float, default=50.0)
    args = parser.parse_args()
    count = build(args.target, args.size_mb)
    print(f"wrote {args.target} ({args.target.stat().st_size / 2**20:.1f} MiB, {count} error logs)")
    print(holds(args.target))


if __name__ == "__main__":
    main()
