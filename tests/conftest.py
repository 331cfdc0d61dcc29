"""Settings shared by every test tier, the tiers' markers, and CI's rule that nothing skips."""

from __future__ import annotations

import compileall
import hashlib
import os
import sys
from collections.abc import Generator
from pathlib import Path

import pytest

TESTS = Path(__file__).resolve().parent

# The code that builds a generated record set: a change to it must build the sets afresh.
_BUILDER = ("extract.py", "generated.py", "patterns.py")


def _builder_digest() -> str:
    digest = hashlib.sha256()
    for name in _BUILDER:
        path = TESTS.parent / "jaxerr_ls" / name
        digest.update(path.read_bytes() if path.is_file() else b"")
    return digest.hexdigest()[:16]


# The record sets generated from the dev environments' JAX are built once per checkout and
# version of the code that builds them, and shared by every test and test worker (and the
# servers they start), not in the user's cache.
os.environ.setdefault(
    "JAXERR_LS_CACHE_DIR", str(TESTS.parent / ".jaxerr-test-cache" / _builder_digest())
)

# parse_output recovers from its own bugs in production; in every test (and every server or CLI a
# test starts, which inherit the environment) such a bug must fail the test instead. The name is
# jaxerr_ls.tracebacks.STRICT_ENV, spelled out so that this file imports nothing of the package
# (pytest may load it in the old-JAX environments, where jaxerr_ls is not installed).
os.environ["JAXERR_LS_STRICT_PARSING"] = "1"

# Where PYTHONDONTWRITEBYTECODE is set (this project's CI machine sets it), nothing keeps
# bytecode: each test worker rewrites the asserts of every test module again (pytest caches
# that only where bytecode may be written), and each of the hundreds of servers and CLI runs
# the suite starts compiles jaxerr_ls from source again. So the test processes write the
# bytecode of the project's own modules (into __pycache__, which git ignores), the session
# compiles the whole package once before it starts (pytest_sessionstart), and the processes
# the tests start read it; those processes still write nothing themselves.
sys.dont_write_bytecode = False

# The tiers, by folder: `pytest -m core` for the pure core alone.
TIERS = {"core": "core", "cli": "cli", "server": "handlers", "e2e": "e2e"}
# Modules that run real JAX programs or real editors: `-m "not live"` leaves them out. A new
# one named `test_*_live.py` is live without being listed here.
LIVE = {
    "test_claims_live.py",
    "test_fixes_live.py",
    "test_grad_fixes_live.py",
    "test_lint_live.py",
    "test_live_jax.py",
    "test_neovim.py",
    "test_pytest_plugin.py",
    "test_rule_fixes_live.py",
    "test_server_encoding.py",
    "test_triggers_live.py",
}


def pytest_configure(config: pytest.Config) -> None:
    config.addinivalue_line("markers", "core: the pure core on real captured output (fast)")
    config.addinivalue_line("markers", "cli: the command line, as a user runs it")
    config.addinivalue_line("markers", "handlers: the server's handlers, called in-process")
    config.addinivalue_line("markers", "e2e: real processes: the server over stdio, editors")
    config.addinivalue_line("markers", "live: runs real JAX programs or a real editor (slow)")
    config.addinivalue_line(
        "markers",
        "slow: a whole JAX release's source or generated record set, a whole-corpus sweep, a"
        " long stream (seconds to tens of seconds each); in the whole suite, not in a tier",
    )


def pytest_sessionstart(session: pytest.Session) -> None:
    # Once, in the process that starts the others (xdist's workers have `workerinput`): a
    # package already compiled costs one stat per module.
    if not hasattr(session.config, "workerinput"):
        compileall.compile_dir(TESTS.parent / "jaxerr_ls", quiet=1)


def pytest_ignore_collect(collection_path: Path, config: pytest.Config) -> bool | None:
    # `-m core` (one tier's marker alone) cannot select a test in another tier's folder: those
    # modules are not even imported, which saves seconds of collection in every worker.
    tier = config.getoption("markexpr", "").strip()
    if tier in TIERS.values() and collection_path.parent == TESTS:
        folder = collection_path.name
        if folder in TIERS and TIERS[folder] != tier:
            return True
    return None


def pytest_collection_modifyitems(items: list[pytest.Item]) -> None:
    # Resolved once per module, not once per test: thousands of tests share a few dozen files.
    where: dict[Path, tuple[str, ...]] = {}
    for item in items:
        path = item.path
        if path not in where:
            resolved = path.resolve()
            where[path] = (
                resolved.relative_to(TESTS).parts if resolved.is_relative_to(TESTS) else ()
            )
        parts = where[path]
        # A slow test runs in the whole suite and by `-m slow`, not with its folder's tier.
        if parts and parts[0] in TIERS and item.get_closest_marker("slow") is None:
            item.add_marker(TIERS[parts[0]])
        if path.name in LIVE or path.stem.endswith("_live"):
            item.add_marker("live")


def _fail_a_skip_in_ci(report: pytest.TestReport | pytest.CollectReport) -> None:
    # In CI a skipped test is a test that did not run: what it needs must be installed there.
    if os.environ.get("CI") and report.skipped and not hasattr(report, "wasxfail"):
        reason = report.longrepr[2] if isinstance(report.longrepr, tuple) else report.longrepr
        report.outcome = "failed"
        report.longrepr = f"skipped in CI, which must run every test: {reason}"


@pytest.hookimpl(hookwrapper=True)
def pytest_runtest_makereport(
    item: pytest.Item, call: pytest.CallInfo[None]
) -> Generator[None, pytest.TestReport, None]:
    outcome = yield
    _fail_a_skip_in_ci(outcome.get_result())


@pytest.hookimpl(hookwrapper=True)
def pytest_make_collect_report(
    collector: pytest.Collector,
) -> Generator[None, pytest.CollectReport, None]:
    # A module that skips itself as it is imported (`pytest.skip(..., allow_module_level=True)`,
    # a module-level `importorskip`) skips all its tests before any of them has a report.
    outcome = yield
    _fail_a_skip_in_ci(outcome.get_result())
