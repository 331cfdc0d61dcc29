"""Settings shared by every test tier."""

from __future__ import annotations

import os
from pathlib import Path

# The record sets generated from the dev environments' JAX are built once per checkout and
# shared by every test and test worker (and the servers they start), not in the user's cache.
os.environ.setdefault(
    "JAXERR_LS_CACHE_DIR", str(Path(__file__).resolve().parents[1] / ".jaxerr-test-cache")
)

# parse_output recovers from its own bugs in production; in every test (and every server or CLI a
# test starts, which inherit the environment) such a bug must fail the test instead. The name is
# jaxerr_ls.tracebacks.STRICT_ENV, spelled out so that this file imports nothing of the package
# (pytest may load it in the old-JAX environments, where jaxerr_ls is not installed).
os.environ["JAXERR_LS_STRICT_PARSING"] = "1"
