"""Loading and validating record files: the bundled records; broken files reported, skipped."""

from __future__ import annotations

import json
import re
from pathlib import Path

import pytest

from jaxerr_ls.records import PINNED_GITHUB_URL_RE, bundled_record_dir, load_records

# The project's seed records, copied into the repository (see their README).
SEEDS = Path(__file__).resolve().parents[1] / "fixtures" / "seeds"
SEED_IDS = {"b6923a03d80f1179", "63e6b1e46f664735", "fc68e9128d55558c"}


# What every curated record fills in (the seed format, plus our code and apis).
COMPLETE = (
    "code",
    "errorMessage",
    "messagePattern",
    "errorClass",
    "severity",
    "filePath",
    "lineNumber",
    "githubUrl",
    "documentation",
    "triggerScenarios",
    "commonSituations",
    "solutions",
    "exampleFix",
    "preventionTips",
    "tags",
    "apis",
)


def test_every_curated_record_is_complete() -> None:
    incomplete = {
        record.code: [field for field in COMPLETE if not record.raw.get(field)]
        for record in load_records().records
    }
    assert {code: fields for code, fields in incomplete.items() if fields} == {}


def test_bundled_records_load_without_problems() -> None:
    loaded = load_records()
    assert loaded.problems == []
    assert {record.id for record in loaded.records} >= SEED_IDS
    for record in loaded.records:
        assert record.code and record.documentation and record.solutions
        assert record.github_url is not None and PINNED_GITHUB_URL_RE.match(record.github_url)


# A seed's exampleFix is replaced by one that really fixes the record's trigger in the fixture
# project (tests/core/test_triggers.py, tests/e2e/test_triggers_live.py); the raise site is
# re-pinned to the jax 0.12.0.1 release (tests/core/test_record_sources.py), and the prose the
# fact-check found wrong is corrected (data/claims/FACT-CHECK.md, checked by data/claims/).
REPLACED = {"exampleFix"}
REPINNED = {"githubUrl", "lineNumber", "sourceCode", "sourceCodeStart", "sourceCodeEnd"}
REPINNED |= {"analyzedSha"}
CORRECTED = {
    "63e6b1e46f664735": {"documentation", "triggerScenarios", "commonSituations", "solutions"},
    "fc68e9128d55558c": {"documentation", "solutions"},
    "b6923a03d80f1179": {"documentation", "solutions"},
}


def test_seed_json_records_are_carried_over_unchanged() -> None:
    seeds = sorted(SEEDS.glob("*.txt"))
    assert len(seeds) == 3
    for seed in seeds:
        text = seed.read_text()
        if not text.startswith("{"):
            continue
        original = json.loads(text)
        ours = json.loads((bundled_record_dir() / f"{_code_of(original)}.json").read_text())
        assert ours["datasetVersion"] == original["datasetVersion"]
        added = set(ours["record"]) - set(original["record"])
        assert added <= {"code", "apis", "culprit"}
        kept = REPLACED | REPINNED | CORRECTED.get(original["record"]["id"], set())
        for key, value in original["record"].items():
            if key == "messagePattern":
                # The same pattern, its groups named for the code that reads them.
                assert re.sub(r"\(\?P<\w+>", "(", ours["record"][key]) == value
            elif key not in kept:
                assert ours["record"][key] == value, key


def _code_of(seed: dict[str, object]) -> str:
    record_id = seed["record"]["id"]  # type: ignore[index]
    return next(r.code for r in load_records().records if r.id == record_id)


def test_rendered_seed_page_is_converted_faithfully() -> None:
    """Every field but the replaced exampleFix, the re-pinned raise site and the corrected prose
    (see REPLACED, REPINNED, CORRECTED) is the page's."""
    text = (SEEDS / "000_d323b8ce3fca9db5.txt").read_text()
    record = next(r for r in load_records().records if r.id == "b6923a03d80f1179")
    raw = record.raw
    assert raw["errorMessage"] in text
    assert raw["validationCode"] in text
    assert raw["tryCatchPattern"] in text
    # The page's meaning and first solution are kept, each corrected by an added sentence.
    assert raw["documentation"].startswith(raw["documentation"].split(" jax 0.10 ")[0])
    assert raw["documentation"].split(" jax 0.10 ")[0] in text
    assert all(solution in text for solution in record.solutions[1:])
    assert f"Thrown at {raw['filePath']}:" in text
    example = "MyPrim" + raw["errorMessage"].split("}", 1)[1].replace(
        "{type(log).__name__}", "tuple"
    )
    assert re.search(raw["messagePattern"], example)


GOOD = {
    "id": "0123456789abcdef",
    "code": "example-error",
    "errorMessage": "something {x} went wrong",
    "messagePattern": "something (.+?) went wrong",
    "errorClass": "ValueError",
    "severity": "error",
    "documentation": "An example.",
    "solutions": ["Do it right."],
    "githubUrl": "https://github.com/jax-ml/jax/blob/jax-v0.12.0.1/jax/_src/api.py#L1",
}


@pytest.mark.parametrize(
    ("change", "field", "words"),
    [
        ({"messagePattern": "something (.+? went"}, "messagePattern", "does not compile"),
        # Backtracking patterns: exponential on Python's re, so never loaded.
        ({"messagePattern": "(a+)+$"}, "messagePattern", "exponential time"),
        ({"messagePattern": "bad (x|xy)* here"}, "messagePattern", "repeats an alternation"),
        ({"messagePattern": r"(\w+) and \1"}, "messagePattern", "backreference"),
        ({"errorMessage": 42}, "errorMessage", "must be a string"),
        ({"solutions": None}, "solutions", "missing"),
        ({"solutions": "just one"}, "solutions", "list of strings"),
        ({"severity": "fatal"}, "severity", "must be one of"),
        ({"lineNumber": -3}, "lineNumber", "positive integer"),
        ({"code": "Not A Code"}, "code", "is not a code"),
        ({"githubUrl": "ftp://example"}, "githubUrl", "https://"),
        ({"documentation": "   "}, "documentation", "must not be empty"),
        ({"raisedIn": []}, "raisedIn", "non-empty list"),
        ({"raisedIn": [{"path": "jax/_src/hijax.py"}]}, "raisedIn", '"function"'),
        ({"raisedIn": [{"path": "", "function": "vjp_bwd"}]}, "raisedIn", '"path"'),
        ({"raisedIn": "jax/_src/hijax.py"}, "raisedIn", "non-empty list"),
    ],
)
def test_a_broken_record_is_reported_with_file_and_field_and_skipped(
    tmp_path: Path, change: dict[str, object], field: str, words: str
) -> None:
    broken = {**GOOD, **change}
    (tmp_path / "broken.json").write_text(json.dumps({"record": broken}))
    good = {**GOOD, "id": "f" * 16, "code": "good"}
    (tmp_path / "good.json").write_text(json.dumps({"record": good}))
    loaded = load_records([tmp_path])
    assert [r.code for r in loaded.records] == ["good"]
    [problem] = loaded.problems
    assert problem.path.endswith("broken.json") and problem.field == field
    assert words in problem.message
    assert "broken.json" in str(problem) and field in str(problem)


@pytest.mark.parametrize(
    ("content", "words"),
    [
        (b"{not json", "not valid JSON"),
        (b"\xff\xfe\x00garbage", "not UTF-8"),
        (b"[1, 2, 3]", "expected"),
    ],
)
def test_unreadable_files_are_reported(tmp_path: Path, content: bytes, words: str) -> None:
    (tmp_path / "bad.json").write_bytes(content)
    loaded = load_records([tmp_path])
    assert loaded.records == []
    [problem] = loaded.problems
    assert words in problem.message and problem.path.endswith("bad.json")


def test_duplicate_ids_and_codes_keep_the_first(tmp_path: Path) -> None:
    first, second = tmp_path / "a", tmp_path / "b"
    first.mkdir()
    second.mkdir()
    (first / "one.json").write_text(json.dumps({"record": GOOD}))
    (second / "same-id.json").write_text(json.dumps({"record": {**GOOD, "code": "other"}}))
    (second / "same-code.json").write_text(json.dumps({"record": {**GOOD, "id": "e" * 16}}))
    loaded = load_records([first, second])
    assert [r.source_path for r in loaded.records] == [str(first / "one.json")]
    assert sorted(p.field for p in loaded.problems) == ["code", "id"]


def test_a_missing_folder_is_a_problem_not_a_crash(tmp_path: Path) -> None:
    loaded = load_records([tmp_path / "nowhere"])
    assert loaded.records == [] and "no such file" in loaded.problems[0].message


def test_no_two_records_claim_the_same_real_message() -> None:
    """Every message in the captured logs is claimed by at most one record's pattern, unless
    one of them says it is the more specific (``moreSpecificThan``: the other's id)."""
    from jaxerr_ls.matching import STAGE_PATTERN, RecordIndex
    from jaxerr_ls.tracebacks import parse_text

    index = RecordIndex(load_records().records)
    logs = Path(__file__).resolve().parents[1] / "fixtures" / "logs"
    checked = 0
    for log in sorted(logs.rglob("*.log")):
        for event in parse_text(log.read_text(encoding="utf-8", errors="replace")):
            for member in (event, *event.chain):
                claims = [
                    m
                    for m in index.match_all(member.message, member.exc_type)
                    if m.stage == STAGE_PATTERN
                ]
                checked += bool(claims)
                if len(claims) > 1:
                    first, *others = claims
                    declared = first.record.more_specific_than
                    assert all(other.record.id in declared for other in others), (
                        log.name,
                        [m.record.code for m in claims],
                    )
    assert checked >= 20
