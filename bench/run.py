"""Benchmarks of `jaxerr-ls check`, each a ratio against a baseline measured in the same run.

(a) check time / time for Python to read the same file line by line;
(b) time per match with the real records / with 100x as many decoy templates;
(c) peak memory of `check` on the 10 MB and the 50 MB log (a streaming tool's does not grow).
"""

from __future__ import annotations

import argparse
import json
import random
import re
import statistics
import subprocess
import sys
import time
from dataclasses import replace
from pathlib import Path

from build_log import build, traceback_logs

from jaxerr_ls.matching import RecordIndex
from jaxerr_ls.records import Record, load_records
from jaxerr_ls.tracebacks import parse_text

HERE = Path(__file__).resolve().parent
OUT = HERE / "out"
PROJECT = HERE.parent / "tests" / "fixtures" / "project"


def _median_seconds(command: list[str], repeats: int) -> float:
    times = []
    for _ in range(repeats):
        start = time.perf_counter()
        subprocess.run(command, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL, check=False)
        times.append(time.perf_counter() - start)
    return statistics.median(times)


def bench_throughput(log: Path, repeats: int) -> dict[str, float]:
    """(a): the whole CLI and a plain line-reading loop, each in a fresh interpreter."""
    read = [sys.executable, "-c", f"for line in open({str(log)!r}, 'rb'): pass"]
    check = [
        sys.executable,
        "-m",
        "jaxerr_ls",
        "check",
        "--root",
        str(PROJECT),
        "--format",
        "json",
        str(log),
    ]
    baseline = _median_seconds(read, repeats)
    ours = _median_seconds(check, repeats)
    return {"read_s": baseline, "check_s": ours, "ratio": ours / baseline}


def _decoys(records: list[Record], count: int, seed: int = 0) -> list[Record]:
    """Templates that look like JAX's: real records' words reshuffled, each with its own id."""
    rng = random.Random(seed)
    vocabulary = sorted({w for r in records for w in re.findall(r"[A-Za-z_]{3,}", r.error_message)})
    decoys = []
    for number in range(count):
        base = records[number % len(records)]
        words = base.error_message.split()
        for _ in range(3):
            words[rng.randrange(len(words))] = rng.choice(vocabulary)
        template = " ".join(words) + f" (decoy{number})"
        pattern = re.escape(template).replace(r"\ ", " ")
        decoys.append(
            replace(
                base,
                id=f"{number:016x}",
                code=f"decoy-{number}",
                error_message=template,
                message_pattern=pattern,
            )
        )
    return decoys


def bench_matching(repeats: int) -> dict[str, float]:
    """(b): the same real messages matched against the real store and a 100x larger one."""
    records = load_records().records
    messages = [
        (event.message, event.exc_type) for text in traceback_logs() for event in parse_text(text)
    ]
    small = RecordIndex(records)
    large = RecordIndex(records + _decoys(records, 100 * len(records)))

    def per_match(index: RecordIndex) -> float:
        best = float("inf")
        for _ in range(repeats):
            start = time.perf_counter()
            for message, exc_type in messages:
                index.match(message, exc_type)
            best = min(best, (time.perf_counter() - start) / len(messages))
        return best

    real, decoyed = per_match(small), per_match(large)
    return {
        "messages": len(messages),
        "records": len(records),
        "records_with_decoys": len(large.records),
        "per_match_real_us": real * 1e6,
        "per_match_decoys_us": decoyed * 1e6,
        "ratio": decoyed / real,
    }


def _peak_rss_mb(log: Path) -> float:
    script = (
        "import resource, subprocess, sys;"
        f"subprocess.run([sys.executable, '-m', 'jaxerr_ls', 'check', '--root', {str(PROJECT)!r},"
        f" '--format', 'json', {str(log)!r}], stdout=subprocess.DEVNULL);"
        "print(resource.getrusage(resource.RUSAGE_CHILDREN).ru_maxrss)"
    )
    result = subprocess.run([sys.executable, "-c", script], capture_output=True, text=True)
    return int(result.stdout.strip()) / 1024


def bench_memory(small_log: Path, large_log: Path) -> dict[str, float]:
    """(c): peak resident memory of the CLI on a 10 MB and a 50 MB log."""
    small, large = _peak_rss_mb(small_log), _peak_rss_mb(large_log)
    return {"peak_mb_10mb_log": small, "peak_mb_50mb_log": large, "ratio": large / small}


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--size-mb", type=float, default=50.0)
    parser.add_argument("--repeats", type=int, default=3)
    args = parser.parse_args()
    OUT.mkdir(exist_ok=True)
    large_log, small_log = OUT / "large.log", OUT / "small.log"
    build(large_log, args.size_mb)
    build(small_log, args.size_mb / 5)
    results = {
        "log_mb": large_log.stat().st_size / 2**20,
        "throughput": bench_throughput(large_log, args.repeats),
        "matching": bench_matching(args.repeats),
        "memory": bench_memory(small_log, large_log),
    }
    print(json.dumps(results, indent=2))


if __name__ == "__main__":
    main()
