"""Torture: seeded random and malformed JSON-RPC traffic against the real server over stdio.

At least 10,000 messages per run, in batches; after each batch every request of it has been
answered (a result or an error, never silence) and a hover on ``jax.grad`` still shows its
docs. The seed is fixed (16) so CI replays the same traffic; ``JAXERR_TORTURE_SEED`` picks another.
"""

from __future__ import annotations

import os
from pathlib import Path

from tests.e2e.torture import run_torture

BATCHES = 20
BATCH_SIZE = 500


def test_random_and_malformed_traffic_never_silences_the_server(tmp_path: Path) -> None:
    seed = int(os.environ.get("JAXERR_TORTURE_SEED", "16"))
    print(f"torture seed: {seed} (JAXERR_TORTURE_SEED={seed} replays it)")
    workspace = tmp_path / "ws"
    workspace.mkdir()
    figures, server = run_torture(workspace, seed=seed, batches=BATCHES, batch_size=BATCH_SIZE)
    try:
        assert figures.messages >= 10_000
        assert figures.requests > 2_000
        assert server.process.poll() is None, server.tail()
    finally:
        server.close()
    assert server.process.returncode == 0, server.tail()
    print(
        f"{figures.messages} messages ({figures.requests} requests) in {figures.seconds:.1f} s: "
        f"{figures.per_second:.0f}/s; peak memory {figures.peak_kib} KiB"
    )
