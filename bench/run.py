"""Benchmarks of `jaxerr-ls check`, each a ratio against a baseline measured in the same run.

(a) check time / time for Python to read the same file line by line (whole processes, and the
    same work in one process);
(b) time per match with the real records / with 100x as many decoy templates;
(c) peak memory of `check` on the 10 MB and the 50 MB log (a streaming tool's does not grow);
(d) time to match a hostile 1 MB message line / a 100 KB one (linear: about 10);
(e) the wording history: start-up (index built and a first message matched) and time per match,
    with the history / without it, and the one-time cost of indexing every past wording;
(f) loading the generated records beside the curated ones, from their compiled cache / from
    the generated JSON (read, filtered against the curated records, indexed);
(g) loading the curated records and their index, from their compiled cache / from the JSON.
"""

from __future__ import annotations

import argparse
import compileall
import gc
import json
import os
import random
import re
import statistics
import subprocess
import sys
import time
from collections.abc import Callable
from dataclasses import replace
from pathlib import Path

from build_log import PROJECT, build, check_command, describe, read_command, traceback_logs
from compare import _run

import jaxerr_ls
from jaxerr_ls.catalog import Catalog, generated_for_root
from jaxerr_ls.diagnose import Analyzer
from jaxerr_ls.events import ErrorEvent
from jaxerr_ls.formats import render_findings
from jaxerr_ls.generated import (
    generated_index,
    generated_records_for,
    generated_set,
    load_generated,
)
from jaxerr_ls.history import WordingHistory
from jaxerr_ls.matching import LayeredIndex, RecordIndex
from jaxerr_ls.reading import read_blocks
from jaxerr_ls.records import Record, bundled_record_dir, load_records
from jaxerr_ls.tracebacks import parse_blocks, parse_text

HERE = Path(__file__).resolve().parent
OUT = HERE / "out"


def _median_seconds(command: list[str], repeats: int) -> float:
    times = []
    for _ in range(repeats):
        start = time.perf_counter()
        subprocess.run(command, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL, check=False)
        times.append(time.perf_counter() - start)
    return statistics.median(times)


def _best_seconds(
    work: Callable[[], object], repeats: int, clock: Callable[[], float] = time.perf_counter
) -> float:
    best = float("inf")
    for _ in range(repeats):
        start = clock()
        work()
        best = min(best, clock() - start)
    return best


def bench_throughput_in_process(log: Path, repeats: int) -> dict[str, float]:
    """(a), without interpreter start-up: read + parse + match + place + JSON, vs reading."""

    def read() -> None:
        with open(log, encoding="utf-8", errors="replace") as lines:
            for _ in lines:
                pass

    def check() -> None:
        analyzer = Analyzer(RecordIndex(load_records().records), PROJECT, cwd=PROJECT)
        with open(log, "rb") as stream:
            findings = list(analyzer.analyze_blocks(read_blocks(stream), str(log)))
        "".join(render_findings(findings, "json", PROJECT))

    baseline, ours = _best_seconds(read, repeats), _best_seconds(check, repeats)
    return {"read_s": baseline, "check_s": ours, "ratio": ours / baseline}


def bench_throughput(log: Path, repeats: int) -> dict[str, float]:
    """(a): the whole CLI and a plain line-reading loop, each in a fresh interpreter."""
    baseline = _median_seconds(read_command(log), repeats)
    ours = _median_seconds(check_command(log), repeats)
    # The same without the record set generated from the installed JAX (loaded by default,
    # on the first error no curated record matches exactly).
    curated_only = _median_seconds(check_command(log, "--no-generated"), repeats)
    return {
        "read_s": baseline,
        "check_s": ours,
        "ratio": ours / baseline,
        "check_no_generated_s": curated_only,
        "ratio_no_generated": curated_only / baseline,
    }


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
        # match_all: the uncached path, every message matched afresh.
        def work() -> None:
            for message, exc_type in messages:
                index.match_all(message, exc_type)

        return _best_seconds(work, repeats) / len(messages)

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
        f"subprocess.run({check_command(log)!r}, stdout=subprocess.DEVNULL);"
        "print(resource.getrusage(resource.RUSAGE_CHILDREN).ru_maxrss)"
    )
    result = subprocess.run([sys.executable, "-c", script], capture_output=True, text=True)
    return int(result.stdout.strip()) / 1024


def bench_memory(small_log: Path, large_log: Path) -> dict[str, float]:
    """(c): peak resident memory of the CLI on a 10 MB and a 50 MB log."""
    small, large = _peak_rss_mb(small_log), _peak_rss_mb(large_log)
    return {"peak_mb_10mb_log": small, "peak_mb_50mb_log": large, "ratio": large / small}


def bench_long_message(repeats: int) -> dict[str, float]:
    """(d): a message line full of near misses of a record's literal text, at two sizes."""
    index = RecordIndex(load_records().records)
    near_miss = "the bwd rule attached to f produced an output of type float32[3] which doesn't "

    def seconds(size: int) -> float:
        message = (near_miss * (size // len(near_miss) + 1))[:size]
        return _best_seconds(lambda: index.match_all(message, "ValueError"), repeats)

    small, large = seconds(100_000), seconds(1_000_000)
    return {"match_100kb_s": small, "match_1mb_s": large, "ratio": large / small}


def bench_history(repeats: int, before: Path | None = None) -> dict[str, float]:
    """(e): what the wording history adds to start-up and to each match; with ``before``
    (another table, such as the shipped one of an earlier commit), the same for that table
    in the same run, so that the two compare."""
    loaded = load_records()
    extra = generated_set(loaded.records, HERE.parent)
    generated = extra.records if extra is not None else []
    messages = [
        (event.message, event.exc_type) for text in traceback_logs() for event in parse_text(text)
    ]

    def layered(history: WordingHistory | None) -> LayeredIndex:
        return LayeredIndex(RecordIndex(loaded.records), RecordIndex(generated), history)

    def start(table: Path | None, with_history: bool = True) -> None:
        # As `check` starts: the generated set is only built for a message the curated
        # records do not match exactly (the first message here has a curated record).
        history = WordingHistory(table) if with_history else None
        index = LayeredIndex(RecordIndex(loaded.records), lambda: RecordIndex(generated), history)
        index.match(*messages[0])

    def per_match(index: LayeredIndex) -> float:
        def work() -> None:
            # Every message afresh: the indexes remember recent messages.
            index.first._recent.clear()
            second = index.second()
            if second is not None:
                second._recent.clear()
            if index.history is not None:
                index.history._recent.clear()
                index.history._recent_past.clear()
            for message, exc_type in messages:
                index.match(message, exc_type)

        return _best_seconds(work, repeats) / len(messages)

    def whole_table(table: Path | None) -> float:
        return _best_seconds(
            lambda: WordingHistory(table).match("x", None, lambda c: None, True), repeats
        )

    start_without = _best_seconds(lambda: start(None, with_history=False), repeats)
    match_without = per_match(layered(None))
    results: dict[str, float] = {"messages": len(messages)}
    for name, table in [("", None), *([("before_", before)] if before is not None else [])]:
        start_with = _best_seconds(lambda: start(table), repeats)  # noqa: B023
        match_with = per_match(layered(WordingHistory(table)))
        results |= {
            f"{name}start_without_s": start_without,
            f"{name}start_with_s": start_with,
            f"{name}start_ratio": start_with / start_without,
            f"{name}per_match_without_us": match_without * 1e6,
            f"{name}per_match_with_us": match_with * 1e6,
            f"{name}per_match_ratio": match_with / match_without,
            f"{name}index_every_wording_s": whole_table(table),
        }
    return results


def bench_generated_loading(repeats: int) -> dict[str, float]:
    """(f): the generated set and its index, as ``check`` loads them on first need."""
    curated = load_records().records
    root = HERE.parent
    if generated_index(curated, root) is None:  # builds and compiles it on a first run
        return {}
    path = generated_records_for(root)
    assert path is not None

    def from_json() -> None:
        RecordIndex(load_generated(path, curated).records)

    compiled = _best_seconds(lambda: generated_index(curated, root), repeats)
    uncompiled = _best_seconds(from_json, repeats)
    # On a shared machine the wall time is mostly the other jobs'; the CPU time is the work.
    cpu = _best_seconds(lambda: generated_index(curated, root), repeats, time.process_time)
    return {
        "compiled_s": compiled,
        "from_json_s": uncompiled,
        "ratio": compiled / uncompiled,
        "compiled_cpu_s": cpu,
    }


def bench_curated_loading(repeats: int) -> dict[str, float]:
    """(g): the curated records and their index, as every ``check`` starts: from their compiled
    form, against from the JSON (read, checked, indexed), in CPU time. ``re``'s cache is
    emptied before each, as a fresh process has it."""
    Catalog.load()  # makes the compiled form on a first run

    def compiled() -> None:
        re.purge()
        Catalog.load()

    def from_json() -> None:
        re.purge()
        Catalog(load_records([bundled_record_dir()]))

    ours = _best_seconds(compiled, repeats, time.process_time)
    baseline = _best_seconds(from_json, repeats, time.process_time)
    return {"compiled_cpu_s": ours, "from_json_cpu_s": baseline, "ratio": ours / baseline}


def bench_startup(rounds: int) -> dict[str, float]:
    """Answering ``initialize`` against jedi-language-server (``hover.py --initialize-only``,
    best of ``rounds`` alternating rounds)."""
    command = [sys.executable, str(HERE / "hover.py"), "--initialize-only", "--rounds", str(rounds)]
    report = json.loads(subprocess.run(command, capture_output=True, check=True, text=True).stdout)
    return {
        "initialize_ms": report["jaxerr-ls"]["initialize_ms"],
        "jedi_initialize_ms": report["jedi-language-server"]["initialize_ms"],
        "ratio": report["ratio_initialize"],
    }


def bench_throughput_cpu(log: Path, repeats: int) -> dict[str, float]:
    """(a) in CPU time (user + system), best of ``repeats``: what a busy machine's wall time
    hides."""
    best: dict[str, float] = {}
    for _ in range(repeats):
        for key, command in (
            ("read_cpu_s", read_command(log)),
            ("check_cpu_s", check_command(log)),
        ):
            best[key] = min(best.get(key, float("inf")), _run(command, None, None)[1])
    return {**best, "ratio": best["check_cpu_s"] / best["read_cpu_s"]}


def bench_check_parts_cpu(log: Path, repeats: int) -> dict[str, float]:
    """Where ``check``'s CPU goes, in one process, each part best of ``repeats`` and a ratio to
    reading the log line by line in the same process: reading and parsing the log into
    events; the analysis of those events by a fresh analyzer (``first_pass``: every distinct
    message matched, traceback placed and culprit searched; ``first_pass_loading``: the
    same, once, with the generated set and the wording history loaded as needed); and the same
    analyzer once more (``second_pass``: what every error costs beyond what is worked out once
    per distinct input)."""
    catalog = Catalog.load([], generated=generated_for_root(PROJECT))

    def read() -> None:
        with open(log, encoding="utf-8", errors="replace") as lines:
            for _ in lines:
                pass

    def parse() -> list[ErrorEvent]:
        with open(log, "rb") as stream:
            return list(parse_blocks(read_blocks(stream)))

    events = parse()
    clock = time.process_time
    # As in ``check``, which runs with the cyclic collector paused.
    gc.disable()
    try:
        best = {"read_cpu_s": _best_seconds(read, repeats, clock)}
        best["parse_cpu_s"] = _best_seconds(parse, repeats, clock)
        passes: list[list[float]] = [[], []]
        for _ in range(repeats):
            analyzer = Analyzer(catalog, PROJECT, cwd=PROJECT, workspace_notebooks=True)
            for times in passes:
                start = clock()
                list(analyzer.analyze_events(events))
                times.append(clock() - start)
    finally:
        gc.enable()
    # The catalog is shared: only the very first pass loads the generated set and the wording
    # history (one sample), the others' best leaves that out.
    best["first_pass_loading_cpu_s"] = passes[0][0]
    best["first_pass_cpu_s"], best["second_pass_cpu_s"] = (min(times) for times in passes)
    read_s = best["read_cpu_s"]
    ratios = {f"{key[:-6]}_ratio": value / read_s for key, value in best.items()}
    return {**best, **ratios}


def bench_issue16(log: Path | None, size_mb: float, repeats: int) -> dict[str, object]:
    """Issue 16's three speed targets in one run: (a) ``check`` against reading the log line
    by line (goal 3), (f) the generated set loaded (goal well under 0.5 s), ``initialize``
    against jedi-language-server (goal 0.5); and (g), part of every ``check``'s start."""
    if log is None:
        OUT.mkdir(exist_ok=True)
        log = OUT / "large.log"
        build(log, size_mb)
    # As an installed package has it: a checkout run under PYTHONDONTWRITEBYTECODE (as on this
    # project's machines) would otherwise compile every module it imports in every ``check``
    # (about 0.45 s of CPU, three times the baseline), which is not the work measured.
    compileall.compile_dir(Path(jaxerr_ls.__file__).parent, quiet=1)
    return {
        "bytecode": True,
        "log_mb": log.stat().st_size / 2**20,
        "log_holds": describe(log),
        "load_average": os.getloadavg()[0],
        "throughput": bench_throughput(log, repeats),
        "throughput_cpu": bench_throughput_cpu(log, repeats),
        "check_parts_cpu": bench_check_parts_cpu(log, repeats),
        "generated_loading": bench_generated_loading(repeats),
        "curated_loading": bench_curated_loading(max(repeats, 5)),
        "initialize": bench_startup(max(repeats, 5)),
    }


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument(
        "--issue16",
        action="store_true",
        help="measure (a), (f) and the time to answer initialize alone, in one run",
    )
    parser.add_argument("--log", type=Path, help="with --issue16: an existing log to check")
    parser.add_argument("--size-mb", type=float, default=50.0)
    parser.add_argument("--repeats", type=int, default=3)
    parser.add_argument(
        "--history-only",
        action="store_true",
        help="measure (e) alone",
    )
    parser.add_argument(
        "--history-before",
        type=Path,
        help="(e) also with this wording history table, in the same run",
    )
    args = parser.parse_args()
    if args.issue16:
        print(json.dumps(bench_issue16(args.log, args.size_mb, args.repeats), indent=2))
        return
    if args.history_only:
        print(json.dumps({"history": bench_history(args.repeats, args.history_before)}, indent=2))
        return
    OUT.mkdir(exist_ok=True)
    large_log, small_log = OUT / "large.log", OUT / "small.log"
    build(large_log, args.size_mb)
    build(small_log, args.size_mb / 5)
    results = {
        "log_mb": large_log.stat().st_size / 2**20,
        "log_holds": describe(large_log),
        "throughput": bench_throughput(large_log, args.repeats),
        "throughput_in_process": bench_throughput_in_process(large_log, args.repeats),
        "matching": bench_matching(args.repeats),
        "memory": bench_memory(small_log, large_log),
        "long_message": bench_long_message(args.repeats),
        "history": bench_history(args.repeats, args.history_before),
        "generated_loading": bench_generated_loading(args.repeats),
    }
    print(json.dumps(results, indent=2))


if __name__ == "__main__":
    main()
