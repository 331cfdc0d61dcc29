"""Error output real users pasted into GitHub issues, run through ``check``'s pipeline.

The corpus (tests/fixtures/pastes, with its manifest) holds pastes from issues of jax and of
projects built on it; the record each one should get was decided by reading the message and
the record docs, never by running the matcher. The rates are a ratchet: they may rise, and a
change that makes them fall fails here. tests/fixtures/pastes/README.md lists the misses.
"""

from __future__ import annotations

import re

import pytest

from jaxerr_ls.records import load_records
from tests.fixtures.pastes.results import HERE, all_outcomes, manifest, rates

# Measured on this corpus; raise them when the matcher gets better.
MIN_RIGHT = {"current": 213, "older": 126}


def test_the_corpus_is_well_formed() -> None:
    entries = manifest()
    assert len(entries) >= 60
    assert len({e["file"] for e in entries}) == len(entries)
    codes = {record.code for record in load_records().records}
    for entry in entries:
        assert (HERE / entry["file"]).read_text(encoding="utf-8").strip(), entry["file"]
        # An issue or pull request, or (a notebook's output kept in a repository) the repository;
        # else a web page where a user pasted it (a question-and-answer page, a blog post).
        if entry["url"].startswith("https://github.com/"):
            assert re.match(
                r"^https://github\.com/[\w.-]+/[\w.-]+(/(issues|pull)/\d+|/blob/\S+)?$",
                entry["url"],
            )
        else:
            assert re.match(r"^https://[\w.-]+\.[a-z]+/\S*$", entry["url"]), entry["url"]
        assert entry["kind"] in ("curated", "generated", "class")
        assert entry["wording"] in ("current", "older")
        if entry["kind"] == "curated":
            assert entry["expected"] in codes, entry["file"]
        if entry["kind"] == "generated":
            assert entry["expected"].startswith("jax-"), entry["file"]


# The corpus against the whole catalogue (curated, generated, the wording history): loading the
# generated set is seconds, so these run with `-m slow` and in the whole suite, not in the tier.
@pytest.mark.slow
@pytest.mark.parametrize("wording", ["current", "older"])
def test_the_right_record_rate_does_not_drop(wording: str) -> None:
    outcomes = [o for o in all_outcomes() if o.entry["wording"] == wording]
    right, total = rates(outcomes)[wording]
    misses = [f"{o.entry['file']}: got {o.got}" for o in outcomes if not o.right]
    assert right >= MIN_RIGHT[wording], f"{right}/{total}; misses: {misses}"


# Records named in text that holds no JAX error (tests/fixtures/pastes/negatives.py): one,
# Python's own ``unsupported operand type(s) for +: 'int' and 'str'``, which today's JAX raises
# only for a tuple or a list (its record refuses it) but JAX 0.3.15 to 0.9.1 words as
# ``... for {opchar}: ...`` behind a check that extraction does not read.
MAX_FALSE_RECORDS = 1


@pytest.mark.slow
def test_text_without_a_jax_error_gets_no_record() -> None:
    from tests.fixtures.pastes.negatives import STDLIB_MODULES, false_records

    # Python's own errors, and the docstrings of a few modules (the script reads fifty).
    found = false_records(STDLIB_MODULES[:6])
    assert len(found) <= MAX_FALSE_RECORDS, found
