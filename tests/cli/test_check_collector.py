"""`check` runs with the cyclic garbage collector paused: it collects itself, and leaves the
collector as it found it for whoever called it in-process."""

from __future__ import annotations

import gc
import json
from pathlib import Path

import pytest

from jaxerr_ls import cli

FIXTURES = Path(__file__).resolve().parents[1] / "fixtures"
PROJECT = FIXTURES / "project"
FOREIGN_PYTEST = FIXTURES / "logs" / "jax-0.12.0.1" / "foreign" / "pytest-tb-auto.log"


def check(capsys: pytest.CaptureFixture[str]) -> list[dict[str, object]]:
    command = ["check", "--root", str(PROJECT), "--format", "json", "--no-generated"]
    assert cli.main([*command, str(FOREIGN_PYTEST)]) == cli.EXIT_FOUND
    findings: list[dict[str, object]] = json.loads(capsys.readouterr().out)
    return findings


@pytest.mark.parametrize("enabled", [True, False])
def test_check_leaves_the_collector_as_it_found_it(
    enabled: bool, capsys: pytest.CaptureFixture[str]
) -> None:
    was = gc.isenabled()
    try:
        (gc.enable if enabled else gc.disable)()
        assert check(capsys)
        assert gc.isenabled() is enabled
    finally:
        (gc.enable if was else gc.disable)()


def test_check_collects_once_per_so_many_errors(
    capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    collections: list[bool] = []
    real_collect = gc.collect

    def collect(*args: int) -> int:
        # The collector is paused during the check: only its own calls come here.
        collections.append(gc.isenabled())
        return real_collect(*args)

    # The log's 81 errors make four collections: each a full one of the test process's heap,
    # which late in a test worker's life takes a good part of a second.
    monkeypatch.setattr(cli, "COLLECT_EVERY_ERRORS", 20)
    monkeypatch.setattr(gc, "collect", collect)
    findings = check(capsys)
    assert len(findings) >= 2
    assert len(collections) == 4
    assert not any(collections)
