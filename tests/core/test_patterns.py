"""Record patterns: the ones that could backtrack exponentially are refused, the others kept."""

from __future__ import annotations

import re

import pytest

from jaxerr_ls.patterns import UnsafePattern, check_safe_pattern
from jaxerr_ls.records import bundled_record_dir, load_records


@pytest.mark.parametrize(
    "pattern",
    [
        "(a+)+$",
        "(a*)*b",
        "(?:a{2,})+x",
        "(a|aa)+$",
        "(?:ab|a)*c",
        r"(\w+) is \1",
        r"(?P<n>a)(?(n)b|c)",
        "(?:(?:a+)b)+",
    ],
)
def test_patterns_that_can_blow_up_are_refused(pattern: str) -> None:
    with pytest.raises(UnsafePattern):
        check_safe_pattern(pattern)


@pytest.mark.parametrize(
    "pattern",
    [
        r"grad requires real-valued outputs \(output dtype that is a sub-dtype of np\.floating\)",
        "Custom VJP bwd rule (?:attached to (.+?) )?must produce (.*?) type",
        "(grad|jacrev) with holomorphic=True requires inputs, but got (.+?)\\.",
        r"shape \(\d+, \d+\) and (?:a*)?b",
        "(?:ab)*c",
        "a{1,1}b?",
    ],
)
def test_patterns_that_match_in_polynomial_time_are_kept(pattern: str) -> None:
    check_safe_pattern(pattern)


def test_every_curated_pattern_is_safe() -> None:
    loaded = load_records([bundled_record_dir()])
    assert loaded.problems == [] and loaded.records
    for record in loaded.records:
        check_safe_pattern(record.message_pattern)


def test_a_pattern_that_does_not_compile_raises_re_error() -> None:
    with pytest.raises(re.error):
        check_safe_pattern("(unclosed")
