"""Settings shared by every test tier."""

from __future__ import annotations

import os
from pathlib import Path

# The record sets generated from the dev environments' JAX are built once per checkout and
# shared by every test and test worker (and the servers they start), not in the user's cache.
os.environ.setdefault(
    "JAXERR_LS_CACHE_DIR", str(Path(__file__).resolve().parents[1] / ".jaxerr-test-cache")
)
