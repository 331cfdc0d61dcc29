"""Messages cut short by pytest's short summary: a prefix constraint, never a fuzzy guess.

Each message is copied from a real `--tb=no` capture under tests/fixtures/logs/ (named beside it).
"""

from __future__ import annotations

import pytest

from jaxerr_ls.matching import (
    STAGE_PREFIX,
    RecordIndex,
    relaxed_segments,
    segments_from_template,
    truncated_beginning,
)
from jaxerr_ls.records import load_records


@pytest.fixture(scope="module")
def index() -> RecordIndex:
    return RecordIndex(load_records().records)


@pytest.mark.parametrize(
    ("message", "code"),
    [
        # jax-0.12.0.1/pytest/tb-no-color-v.log
        (
            "Gradient only defined for scalar-output functions. Output had shape: (8,). "
            "To get th...",
            "grad-nonscalar-output",
        ),
        (
            "Gradient only defined for scalar-output functions. Output was (Array(3.849926, "
            "dtype...",
            "grad-output-not-array",
        ),
        # jax-0.12.0.1/pytest/tb-no-nocolor-q.log
        ("Custom VJP bwd rule attached to cl...", "custom-vjp-bwd-args-mismatch"),
        # jax-0.10.2/pytest/tb-no-nocolor-q.log: the pattern's "attached to" is optional
        (
            "Custom VJP bwd rule must produce an output with the same type as the args tuple "
            "of ...",
            "custom-vjp-bwd-args-mismatch",
        ),
    ],
)
def test_a_cut_message_gets_the_one_record_it_begins(
    index: RecordIndex, message: str, code: str
) -> None:
    found = index.match_all(message, "TypeError")
    assert [(m.record.code, m.stage) for m in found] == [(code, STAGE_PREFIX)]


@pytest.mark.parametrize(
    "message",
    [
        "Gradient only defined ...",  # both grad-output records begin so
        "primal and tangen...",  # three jvp records
        "Custom JVP rule _gelu_tanh_jv...",  # every custom_jvp rule record
        "jax.errors.ConcretizationTypeErr...",  # the class itself was cut
    ],
)
def test_a_cut_message_that_fits_several_records_or_none_gets_none(
    index: RecordIndex, message: str
) -> None:
    assert index.match_all(message, None) == []


def test_only_a_one_line_message_ending_in_dots_is_cut() -> None:
    assert truncated_beginning("Output had sh...") == "Output had sh"
    assert truncated_beginning("first line...\nsecond line") is None
    assert truncated_beginning("Output had shape (8,).") is None


def test_prefix_evidence_reads_the_text_as_a_beginning() -> None:
    segments = segments_from_template("Output was {x}.")
    assert segments is not None
    assert segments.prefix_evidence("Output was (Array(3.8") == len("Output was ")
    assert segments.prefix_evidence("Output w") == len("Output w")
    assert segments.prefix_evidence("Output had") is None
    loose = relaxed_segments(r"rule (?:attached to (.+?) )?must produce (\S+)$")
    assert loose is not None and loose.literals == ("rule ", "must produce ")
    assert loose.prefix_evidence("rule must produce an") == len("rule must produce ")
