"""Matching messages to records: the literal-segment matcher, the stages, and the index."""

from __future__ import annotations

import re
from dataclasses import replace
from pathlib import Path

from hypothesis import given, settings
from hypothesis import strategies as st

from jaxerr_ls.matching import (
    MIN_LOOSE_WORDS,
    STAGE_FUZZY,
    STAGE_PATTERN,
    STAGE_PREFIX,
    RecordIndex,
    segments_from_pattern,
    segments_from_template,
)
from jaxerr_ls.records import Record, load_records


def _record(number: int, template: str, pattern: str, error_class: str = "ValueError") -> Record:
    return Record(
        id=f"{number:016x}",
        code=f"decoy-{number}",
        error_message=template,
        message_pattern=pattern,
        error_class=error_class,
        severity="error",
        documentation="A decoy.",
        solutions=("None.",),
    )


literal = st.text(alphabet="abc .-()[]", min_size=1, max_size=6)


@settings(max_examples=300, deadline=None)
@given(pieces=st.lists(literal, min_size=1, max_size=4), text=st.text(alphabet="abc .-()[]\n"))
def test_segment_search_agrees_with_the_regex(pieces: list[str], text: str) -> None:
    pattern = "(.*?)".join(re.escape(piece) for piece in pieces)
    segments = segments_from_pattern(pattern)
    assert segments is not None
    expected = re.search(pattern, text, re.DOTALL)
    found = segments.search(text)
    assert (found is None) == (expected is None)
    if expected is not None and found is not None:
        assert found == expected.groups()


def test_patterns_with_other_regex_features_are_not_segmented() -> None:
    assert segments_from_pattern(r"got (\d+) items") is None
    assert segments_from_pattern(r"(?:old|new) wording") is None
    assert segments_from_pattern(r"tail\.$") is None


def test_template_placeholders_may_nest_and_braces_may_be_literal() -> None:
    segments = segments_from_template("{type(p).__name__}.vjp_bwd got {{x}} {f'{a}'}")
    assert segments is not None
    assert segments.literals == (".vjp_bwd got {x} ",)
    assert segments.leading_gap and segments.trailing_gap


def test_every_bundled_record_matches_its_own_template() -> None:
    """(But for a terse template, which only its pattern may match: see the next tests; and
    for a record that also needs a frame, which the message alone never gives: see the last.)"""
    records = load_records().records
    index = RecordIndex(records)
    for record in records:
        if record.raised_in:
            continue
        template = segments_from_template(record.error_message)
        assert template is not None
        if len(template.all_words()) < MIN_LOOSE_WORDS:
            continue
        message = "X1".join(("", *template.literals, ""))
        found = index.match(message, record.error_class)
        assert found is not None and found.record.id == record.id, record.code


def test_a_reworded_message_is_found_by_the_fuzzy_stage() -> None:
    index = RecordIndex(load_records().records)
    # jax 0.10.2's hijax wording of the seed record's message (jax/_src/hijax.py there).
    message = (
        "at output[0] the bwd rule produced an output of type float64[3] "
        "which doesn't match expected type float32[3]"
    )
    found = index.match(message, "ValueError")
    assert found is not None
    assert found.record.code == "custom-vjp-bwd-output-type" and found.stage == STAGE_FUZZY
    assert 0 < found.score < 1


def test_fuzzy_matching_can_be_switched_off() -> None:
    index = RecordIndex(load_records().records, fuzzy_threshold=101)
    assert index.match("the bwd rule produced an output of type f64[3] which doesn't match") is None


def test_unrelated_messages_match_nothing() -> None:
    index = RecordIndex(load_records().records)
    for message in (
        "dot_general requires contracting dimensions to have the same shape, got (3,) and (4,).",
        "division by zero",
        "",
        "type " * 50,
    ):
        assert index.match(message) is None


def test_a_different_exception_class_costs_a_little() -> None:
    index = RecordIndex(load_records().records)
    message = "Prim.vjp_bwd should return None or a dict of backward-pass log entries, got tuple"
    same = index.match(message, "TypeError")
    other = index.match(message, "ValueError")
    assert same is not None and other is not None and same.stage == STAGE_PATTERN
    assert same.record.id == other.record.id and same.score > other.score


def test_the_more_specific_of_two_matching_records_wins() -> None:
    general = _record(1, "{x} is not valid here", "(.+?) is not valid here")
    specific = _record(
        2, "the gradient {x} is not valid here", "the gradient (.+?) is not valid here"
    )
    index = RecordIndex([general, specific])
    matches = index.match_all("the gradient of f is not valid here")
    assert [m.record.code for m in matches] == ["decoy-2", "decoy-1"]


def test_candidates_do_not_grow_with_the_store() -> None:
    real = load_records().records
    message = "MyPrim.vjp_bwd should return None or a dict of backward-pass log entries, got tuple"
    decoys = [
        _record(
            1000 + n,
            f"decoy{n} failure in stage{n} with {{x}} and words{n}",
            f"decoy{n} failure in stage{n} with (.+?) and words{n}",
        )
        for n in range(3000)
    ]
    small, large = RecordIndex(real), RecordIndex(real + decoys)
    assert large.candidate_count(message) == small.candidate_count(message)
    assert large.candidate_count(message) <= 2
    found = large.match(message)
    assert found is not None and found.record.code == "hijax-vjp-bwd-return"


def test_a_record_declared_more_specific_wins_over_longer_literals() -> None:
    general = _record(
        1,
        "the gradient of {x} is not valid here at all",
        "the gradient of (.+?) is not valid here at all",
    )
    narrow = replace(
        _record(2, "{x} is not valid here", "(.+?) is not valid here"),
        more_specific_than=(general.id,),
    )
    index = RecordIndex([general, narrow])
    matches = index.match_all("the gradient of f is not valid here at all")
    assert [m.record.code for m in matches] == ["decoy-2", "decoy-1"]


def test_a_record_with_a_few_words_only_matches_by_its_pattern() -> None:
    """JAX's ``expected {tree}, got {tree}`` shares its words with many other messages: only
    its precise pattern may claim a message, neither its template nor the fuzzy stage."""
    terse = _record(
        1,
        "expected {in_avals.tree}, got {tangents_ft.tree}",
        r"^expected\ PyTreeDef\((.+)\),\ got\ PyTreeDef\((.+)\)$",
    )
    index = RecordIndex([terse])
    own = index.match("expected PyTreeDef((*, *)), got PyTreeDef(*)")
    assert own is not None and own.stage == STAGE_PATTERN
    for other in (
        "Wrong number of explicit pads for convolution: expected 2, got 3.",
        "expected a FTTuple or a FTFiltered",
        "expected 3, got 4",
    ):
        assert index.match_all(other) == [], other


def test_a_truncated_message_keeps_the_captures_its_beginning_fixes() -> None:
    from jaxerr_ls.catalog import Catalog

    catalog = Catalog.load()
    # As `pytest --tb=no` cuts them (tests/fixtures/logs/jax-0.12.0.1/pytest/tb-no-nocolor-q.log).
    found = catalog.match("ScaledTanh.vjp_bwd should return Non...", "TypeError")
    assert found is not None and found.record.code == "hijax-vjp-bwd-return"
    assert dict(found.named) == {"primitive": "ScaledTanh"}
    cut_in_the_name = catalog.match("ScaledTa...", "TypeError")
    assert cut_in_the_name is None or "primitive" not in cut_in_the_name.named


def test_a_message_cut_short_with_an_ellipsis_is_compared_with_the_start_of_records() -> None:
    # As pasted in jax-ml/jax#30401 (tests/fixtures/pastes): the rest of the message left out.
    index = RecordIndex(load_records().records)
    found = index.match("Pure callbacks do not support transpose. ...", "ValueError")
    assert found is not None and found.record.code == "pure-callback-transpose"
    # One line cut with "...": the record it is the beginning of (the prefix stage).
    assert found.stage == STAGE_PREFIX
    # Several lines, the last cut: compared with the start of each record (fuzzily).
    found = index.match("Pure callbacks do not support transpose.\nThe rest ...", "ValueError")
    assert found is not None and found.record.code == "pure-callback-transpose"
    # A fragment of too few words says nothing, ellipsis or not.
    assert index.match("callbacks do ...", "ValueError") is None


# -- records that own a message only where the traceback shows a frame (``raisedIn``) ---------

LINT_LOGS = Path(__file__).resolve().parents[1] / "fixtures" / "logs" / "lint"
CONDITIONED = "hijax-vjp-bwd-retval-structure"


def _pytree_messages() -> list[tuple[str, str]]:
    """The real messages of the pytree error, as both JAX versions word it (filtered runs)."""
    from jaxerr_ls.tracebacks import parse_text

    found = []
    for log in sorted(LINT_LOGS.glob(f"jax-*/{CONDITIONED.replace('-', '_')}*.log")):
        for event in parse_text(log.read_text()):
            found.extend((m.message, m.exc_type) for m in (event, *event.chain))
    return found


def test_a_record_with_frame_conditions_never_matches_by_the_message_alone() -> None:
    records = load_records().records
    [record] = [r for r in records if r.code == CONDITIONED]
    assert record.raised_in
    index = RecordIndex(records)
    messages = _pytree_messages()
    assert {"0.12", "0.10"} <= {
        "0.12" if m.startswith("Tuple arity") else "0.10"
        for m, _ in messages
        if m.startswith(("Tuple arity", "pytree structure error"))
    }
    messages.append((record.error_message, record.error_class))
    for message, exc_type in messages:
        for stage_matches in (index.match_all(message, exc_type), [index.match(message, exc_type)]):
            assert all(m is None or m.record.code != CONDITIONED for m in stage_matches)
        assert index.match_raised(message, exc_type, [("x.py", "vjp_bwd")]) is None
    for message, _ in messages:
        assert CONDITIONED not in (r.code for _, r in index.prefix_records(message[:40]))


def test_a_frame_meeting_the_condition_lets_the_record_own_the_message() -> None:
    index = RecordIndex(load_records().records)
    message = "Tuple arity mismatch: 1 != 2; tuple: (Array([1.], dtype=float32),)."
    site = "/venv/lib/python3.13/site-packages/jax/_src/hijax.py"
    found = index.match_raised(message, "ValueError", [("loss.py", "<module>"), (site, "vjp_bwd")])
    assert found is not None and found.record.code == CONDITIONED
    # The same function of another file, or another function of JAX's file, is not enough.
    assert index.match_raised(message, "ValueError", [("model/hijax.py", "vjp_bwd")]) is None
    assert index.match_raised(message, "ValueError", [(site, "vjp_bwd_retval_logs")]) is None
    # Nor is the frame with a message the record does not describe.
    assert index.match_raised("a different error", "ValueError", [(site, "vjp_bwd")]) is None
