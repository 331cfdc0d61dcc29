"""What the code reads of records (fix providers' codes and captures, culprit kinds and their
captures) agrees with what the curated records declare, in both directions."""

from __future__ import annotations

from jaxerr_ls.culprit_transforms import CAPTURES_READ
from jaxerr_ls.fixes import PROVIDERS
from jaxerr_ls.records import (
    CULPRIT_CAPTURES,
    FALLBACK_KINDS,
    FOUND_WITH,
    CulpritKind,
    load_records,
)

RECORDS = {record.code: record for record in load_records().records}


def test_every_provider_fixes_loaded_records_and_reads_only_their_captures() -> None:
    for provider in PROVIDERS:
        for code in provider.codes:
            assert code in RECORDS, f"a fix provider names {code!r}, which no record has"
            missing = provider.captures - RECORDS[code].capture_names
            assert not missing, f"{code}: the provider reads captures {missing} it lacks"


def test_every_culprit_kind_is_declared_by_a_record_with_its_captures() -> None:
    declared = {record.culprit for record in RECORDS.values() if record.culprit is not None}
    declared |= {k for kind in declared for k in FALLBACK_KINDS.get(kind, ())}
    declared |= {kind for kind, finder in FOUND_WITH.items() if finder in declared}
    # Found for the records that name the failing call's argument at fault.
    if any(record.culprit_at_call_argument for record in RECORDS.values()):
        declared.add(CulpritKind.CALL_HANDED)
    assert declared == set(CulpritKind), f"never declared: {set(CulpritKind) - declared}"
    for record in RECORDS.values():
        if record.culprit is not None:
            assert CULPRIT_CAPTURES[record.culprit] <= record.capture_names, record.code


def test_every_record_says_where_its_fault_lies() -> None:
    """A culprit kind whose finder follows the error to where its fault was made, or the
    explicit declaration (``culpritAtCall``, with its reason) that the failing call itself is
    where the change belongs: a record with neither names nothing when its error surfaces far
    from its cause, and nobody decided that it should."""
    undecided = [
        code
        for code, record in RECORDS.items()
        if record.culprit is None and not record.culprit_at_call
    ]
    assert undecided == [], f"records with no culprit kind and no culpritAtCall: {undecided}"


def test_every_named_capture_of_a_record_is_read_by_something() -> None:
    culprit_reads = {"primal", "primitive", "rule", *CAPTURES_READ}
    for record in RECORDS.values():
        readers = set(culprit_reads if record.culprit is not None else ())
        if record.culprit is not None:
            readers |= CULPRIT_CAPTURES[record.culprit]
        for provider in PROVIDERS:
            if record.code in provider.codes:
                readers |= provider.captures
        unread = record.capture_names - readers
        assert not unread, f"{record.code}: named captures {unread} that nothing reads"


def test_every_lint_code_is_a_record_and_each_traceback_conditioned_record_is_predicted() -> None:
    """A check reports a record's code; a record that owns its message only where JAX's own
    frames show (``raisedIn``, which JAX's default traceback filtering removes) has a check,
    so that its error is named before the run whatever the filtering."""
    from jaxerr_ls.lint import CODES

    assert set(CODES) - RECORDS.keys() == set()
    conditioned = {code for code, record in RECORDS.items() if record.raised_in}
    assert conditioned and conditioned <= CODES
