"""The curated records' compiled form: read back the same, made again when a file changes."""

from __future__ import annotations

import json
import os
import shutil
from pathlib import Path

import pytest

from jaxerr_ls.catalog import Catalog
from jaxerr_ls.matching import RecordIndex
from jaxerr_ls.records import bundled_record_dir, load_records
from jaxerr_ls.tracebacks import parse_text

LOGS = Path(__file__).resolve().parents[1] / "fixtures" / "logs"


@pytest.fixture
def private_cache(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    folder = tmp_path / "cache"
    monkeypatch.setenv("JAXERR_LS_CACHE_DIR", str(folder))
    return folder


def _messages() -> list[tuple[str, str]]:
    """Each distinct (message, class) of the captured logs of one JAX release, chains too."""
    found: dict[tuple[str, str], None] = {}
    for log in sorted((LOGS / "jax-0.12.0.1").rglob("*.log")):
        for event in parse_text(log.read_text(encoding="utf-8", errors="replace")):
            for member in (event, *event.chain):
                found[(member.message, member.exc_type)] = None
    return list(found)


def test_compiled_curated_records_match_as_the_json_does(private_cache: Path) -> None:
    first = Catalog.load()
    [compiled] = private_cache.glob("curated-*.compiled")
    second = Catalog.load()
    assert second.curated == load_records().records
    assert [r.raw for r in second.curated] == [r.raw for r in load_records().records]
    assert second.problems == [] and first.problems == []
    fresh = RecordIndex(load_records().records)
    assert second.index.first.export() == fresh.export()
    messages = _messages()
    assert len(messages) > 50
    for message, exc_type in messages:
        expected = fresh.match_all(message, exc_type)
        assert second.index.first.match_all(message, exc_type) == expected, message[:80]
    # Read, not written again.
    assert sorted(private_cache.glob("curated-*.compiled")) == [compiled]


def test_a_changed_record_file_is_read_again(private_cache: Path, tmp_path: Path) -> None:
    team = tmp_path / "team"
    team.mkdir()
    source = sorted(bundled_record_dir().glob("*.json"))[0]
    document = json.loads(source.read_text(encoding="utf-8"))
    record = document.get("record", document)
    record["id"], record["code"] = "0123456789abcdef", "team-own-record"
    (team / "own.json").write_text(json.dumps(document), encoding="utf-8")
    assert [r.code for r in Catalog.load([team]).curated][-1] == "team-own-record"
    assert [r.code for r in Catalog.load([team]).curated][-1] == "team-own-record"
    record["code"] = "team-renamed-record"
    (team / "own.json").write_text(json.dumps(document), encoding="utf-8")
    stamp = (team / "own.json").stat().st_mtime_ns
    os.utime(team / "own.json", ns=(stamp + 10**9, stamp + 10**9))
    assert [r.code for r in Catalog.load([team]).curated][-1] == "team-renamed-record"
    # A duplicate is reported from the compiled form as from the JSON.
    shutil.copy(team / "own.json", team / "again.json")
    problems = [str(p) for p in Catalog.load([team]).problems]
    assert len(problems) == 1 and "duplicate id" in problems[0]
    assert problems == [str(p) for p in Catalog.load([team]).problems]
    # A folder that is gone is reported, never read from an older compiled form.
    assert Catalog.load([tmp_path / "gone"]).problems[0].message == "no such file or folder"


def test_a_damaged_compiled_form_is_made_again(private_cache: Path) -> None:
    Catalog.load()
    [compiled] = private_cache.glob("curated-*.compiled")
    compiled.write_bytes(compiled.read_bytes()[:200])
    assert Catalog.load().curated == load_records().records
    assert Catalog.load().curated == load_records().records
