"""Throughput and memory of the real server under the torture suite's fuzzed traffic.

Ratios against a baseline in the same run: the same number of well-formed messages the server
has nothing to do for (``$/setTrace``), sent the same way; memory is the server's peak against
its peak just after start-up.

    cd bench && ../.venv/bin/python torture.py [--messages 10000] [--seed 16]
"""

from __future__ import annotations

import argparse
import json
import sys
import tempfile
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from tests.e2e.rawclient import RawServer
from tests.e2e.torture import SOURCE, frame_of, run_torture

BATCH = 500


def baseline(workspace: Path, messages: int) -> tuple[float, int | None]:
    """Seconds for ``messages`` no-op notifications and one answered request after them, and
    the server's peak memory after start-up."""
    (workspace / "model.py").write_text(SOURCE)
    server = RawServer(env={"JAXERR_LS_CACHE_DIR": str(workspace.parent / "cache")})
    try:
        server.initialize(workspace, initializationOptions={"generatedRecords": False})
        server.call("workspace/executeCommand", {"command": "jaxerr.clearDiagnostics"})
        idle = server.memory_peak_kib()
        body = frame_of(
            json.dumps(
                {"jsonrpc": "2.0", "method": "$/setTrace", "params": {"value": "off"}}
            ).encode()
        )
        started = time.monotonic()
        for _ in range(messages // BATCH):
            server.send_bytes(body * BATCH)
            server.call("workspace/executeCommand", {"command": "jaxerr.clearDiagnostics"})
        return time.monotonic() - started, idle
    finally:
        server.close()


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--messages", type=int, default=10_000)
    parser.add_argument("--seed", type=int, default=16)
    args = parser.parse_args()
    with tempfile.TemporaryDirectory() as folder:
        quiet = Path(folder) / "quiet"
        quiet.mkdir()
        base_seconds, idle_kib = baseline(quiet, args.messages)
        loud = Path(folder) / "loud"
        loud.mkdir()
        figures, server = run_torture(
            loud, seed=args.seed, batches=args.messages // BATCH, batch_size=BATCH
        )
        server.close()
    rate = figures.per_second
    base_rate = args.messages / base_seconds
    print(
        f"fuzzed traffic: {figures.messages} messages ({figures.requests} requests) in "
        f"{figures.seconds:.2f} s = {rate:.0f} messages/s"
    )
    print(f"baseline ($/setTrace): {args.messages} in {base_seconds:.2f} s = {base_rate:.0f}/s")
    print(f"time ratio (fuzzed / baseline): {figures.seconds / base_seconds:.1f}")
    print(
        f"peak memory: {figures.peak_kib} KiB fuzzed, {idle_kib} KiB after start-up "
        f"(ratio {figures.peak_kib / idle_kib:.2f})"
        if figures.peak_kib and idle_kib
        else ""
    )


if __name__ == "__main__":
    main()
