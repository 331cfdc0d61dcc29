"""The wording history's reviewed successors: an old check tied to the site it lives on at."""

from __future__ import annotations

import gzip
import json
import re
from functools import cache
from pathlib import Path
from types import ModuleType
from typing import Any

import pytest

from jaxerr_ls.extract import RaiseSite
from jaxerr_ls.history import WordingHistory, bundled_history_path
from jaxerr_ls.matching import LayeredIndex, RecordIndex
from jaxerr_ls.records import Record, load_records
from tests.core.test_history import build_script

WHEELS = Path("/tmp/jaxwheels")


def script() -> ModuleType:
    return build_script()


@cache
def curated() -> list[Record]:
    return load_records().records


def curated_template(code: str) -> str:
    return next(record.error_message for record in curated() if record.code == code)


def site(template: str, file: str, function: str, error_class: str = "TypeError") -> RaiseSite:
    parts = tuple(
        ("expr", piece[1:-1]) if piece.startswith("{") else ("lit", piece)
        for piece in re.split(r"(\{[^}]*\})", template)
        if piece
    )
    return RaiseSite(template, error_class, file, 10, function, parts, "raise")


def ref(release: str, raise_site: RaiseSite) -> Any:
    return script().SiteRef(
        release, raise_site.file, raise_site.function, raise_site.error_class, raise_site.template
    )


def table_of(document: dict[str, object], tmp_path: Path) -> WordingHistory:
    path = tmp_path / "history.json.gz"
    with gzip.open(path, "wt", encoding="utf-8") as stream:
        json.dump(document, stream)
    return WordingHistory(path)


# An old check of my own wording, gone in the release where a check of another file and
# function (today's integer-input check) appeared: nothing in their text ties them.
OLD_INT = site("Inputs of the backward pass need a float dtype, not {dtype}", "jax/ad.py", "vjp")
NEW_INT = site(curated_template("grad-int-input"), "jax/_src/api.py", "_check_input")
# An old helper that served several conversions, today's checks of its own for some of them.
OLD_CONCRETE = site("Conversion {fname}() of a traced value needs it concrete", "jax/c.py", "err")
NEW_CONCRETE = site(
    curated_template("concretization-type-error"),
    "jax/_src/errors.py",
    "ConcretizationTypeError.__init__",
    "ConcretizationTypeError",
)
NEW_BOOL = site(
    curated_template("tracer-bool-conversion"),
    "jax/_src/errors.py",
    "TracerBoolConversionError.__init__",
    "TracerBoolConversionError",
)


def releases() -> list[Any]:
    release = script().Release
    return [
        release("1", None, [OLD_INT, OLD_CONCRETE]),
        release("2", None, [NEW_INT, NEW_CONCRETE, NEW_BOOL]),
    ]


def successors() -> list[Any]:
    successor = script().Successor
    return [
        successor(ref("1", OLD_INT), ref("2", NEW_INT), {}, "the same check"),
        successor(ref("1", OLD_CONCRETE), ref("2", NEW_CONCRETE), {}, "the same error"),
        successor(ref("1", OLD_CONCRETE), ref("2", NEW_BOOL), {"fname": ["bool"]}, "for bool"),
    ]


def matcher(table: WordingHistory) -> LayeredIndex:
    return LayeredIndex(RecordIndex(curated()), RecordIndex([]), table)


def test_without_a_successor_a_vanished_check_keeps_its_own_generated_record(
    tmp_path: Path,
) -> None:
    document = script().build(releases(), {})
    found = matcher(table_of(document, tmp_path)).match(
        "Inputs of the backward pass need a float dtype, not int32", "TypeError"
    )
    assert found is not None and "generated" in found.record.tags


def test_a_successor_ties_the_old_wording_to_the_record_of_the_new_site(tmp_path: Path) -> None:
    document = script().build(releases(), {}, successors())
    table = matcher(table_of(document, tmp_path))
    found = table.match("Inputs of the backward pass need a float dtype, not int32", "TypeError")
    assert found is not None and found.record.code == "grad-int-input"
    assert found.releases == "1"
    # Printed without its class, or with another (a release raised it as a TypeError).
    found = table.match("Inputs of the backward pass need a float dtype, not uint8", None)
    assert found is not None and found.record.code == "grad-int-input"


@pytest.mark.parametrize(
    ("function", "code"),
    [("bool", "tracer-bool-conversion"), ("int", "concretization-type-error")],
)
def test_a_placeholder_value_chooses_between_the_successors(
    tmp_path: Path, function: str, code: str
) -> None:
    document = script().build(releases(), {}, successors())
    found = matcher(table_of(document, tmp_path)).match(
        f"Conversion {function}() of a traced value needs it concrete", "TypeError"
    )
    assert found is not None and found.record.code == code


def test_a_successor_naming_no_site_or_two_stops_the_build() -> None:
    successor = script().Successor
    missing = dict(vars(ref("1", OLD_INT)), release="2")
    bad = successor(script().SiteRef(**missing), ref("2", NEW_INT), {}, "")
    with pytest.raises(SystemExit, match="0 sites"):
        script().build(releases(), {}, [bad])


def test_with_values_replaces_only_the_named_placeholder() -> None:
    with_values = script().with_values
    template = "passed to `{fname}` with {context}"
    assert with_values(template, {"fname": ["bool", "hex"]}) == [
        "passed to `bool` with {context}",
        "passed to `hex` with {context}",
    ]
    assert with_values(template, {"name": ["__bool__"]}) == []


# -- the shipped table of successors -------------------------------------------------------


def shipped_successors() -> list[Any]:
    found: list[Any] = script().load_successors()
    return found


def test_every_successor_says_why() -> None:
    entries = shipped_successors()
    assert entries
    assert all(len(entry.why) > 40 for entry in entries)


@pytest.mark.parametrize("entry", shipped_successors(), ids=lambda e: e.old.function)
def test_every_successor_is_applied_in_the_shipped_history(entry: Any) -> None:
    document = json.loads(gzip.decompress(bundled_history_path().read_bytes()))
    releases = document["releases"]
    old_release = releases.index(entry.old.release)
    # The old site's wordings: at its own site row, or (tied to a generated record) at the
    # new site's.
    places = {(entry.old.file, entry.old.function), (entry.new.file, entry.new.function)}
    rows = [
        row
        for row in document["wordings"]
        if row[0].startswith(entry.old.wording)
        and row[1] == entry.old.error_class
        and row[3][-1][1] == old_release
        and tuple(document["sites"][row[2]][i] for i in (0, 2)) in places
    ]
    # The new site's wordings in its release, and the record they are tied to.
    new_release = releases.index(entry.new.release)
    new_codes = set()
    for row in document["wordings"]:
        row_site = document["sites"][row[2]]
        if (
            row[0].startswith(entry.new.wording)
            and (row_site[0], row_site[2]) == (entry.new.file, entry.new.function)
            and any(first <= new_release <= last for first, last in row[3])
        ):
            new_codes.add(row[4] or row_site[4])
    assert len(new_codes) == 1
    if entry.when:
        # The old wordings with the placeholder given each value: wordings of their own.
        special = {t for row in rows for t in script().with_values(row[0], entry.when)}
        rows = [row for row in document["wordings"] if row[0] in special]
    assert rows and all((row[4] or document["sites"][row[2]][4]) in new_codes for row in rows)


# Downloads the releases a fresh machine lacks and reads each one's whole source: seconds to a
# minute each, so with `-m slow` and in the whole suite (CI), not in the core tier.
@pytest.mark.slow
@pytest.mark.parametrize("entry", shipped_successors(), ids=lambda e: e.old.function)
def test_every_successor_names_sites_the_releases_really_have(entry: Any) -> None:
    build = script()
    for named in (entry.old, entry.new):
        if build.archive_for(WHEELS, named.release) is None:
            # As `scripts/build-history --download` does: a fresh machine fetches the release.
            WHEELS.mkdir(parents=True, exist_ok=True)
            build.download(WHEELS, [named.release])
        archive = build.archive_for(WHEELS, named.release)
        assert archive is not None, f"pip download jax=={named.release} gave no archive"
        release = build.extract_release(archive, named.release)
        assert len([s for s in release.sites if named.names(s)]) >= 1, named


# -- what the shipped table makes of past messages (written here in each release's words) --


@cache
def shipped() -> LayeredIndex:
    return LayeredIndex(RecordIndex(curated()), RecordIndex([]), WordingHistory())


@pytest.mark.parametrize(
    ("message", "exc_type", "code"),
    [
        (
            "Primal inputs to reverse-mode differentiation must be of float or complex type, "
            "got type int16",
            "TypeError",
            "grad-int-input",
        ),
        (
            "Abstract value passed to `bool`, which requires a concrete value. The function "
            "to be transformed can't be traced at the required level of abstraction.",
            "TypeError",
            "tracer-bool-conversion",
        ),
        (
            "Abstract value passed to `int`, which requires a concrete value. The function "
            "to be transformed can't be traced at the required level of abstraction.",
            "TypeError",
            "concretization-type-error",
        ),
        (
            "JAX Tracer object cannot be interpreted as a complex. Try using "
            "`x.astype(complex)` instead.",
            "TypeError",
            "concretization-type-error",
        ),
        (
            "Gradient only defined for real-output functions (with dtype that is a subdtype "
            "of np.floating), but got dtype complex64. For holomorphic differentiation, pass "
            "holomorphic=True.",
            "TypeError",
            "grad-complex-output",
        ),
        (
            "jacrev only defined for functions with output dtypes that are sub-dtypes of "
            "`np.floating` (i.e. that model real values), but got int32. For holomorphic "
            "differentiation, pass holomorphic=True.",
            "TypeError",
            "grad-int-output",
        ),
        (
            "jacfwd only defined for functions with input dtypes that are sub-dtypes of "
            "`np.floating` (i.e. that model real values), but got int8. For holomorphic "
            "differentiation, pass holomorphic=True.",
            "TypeError",
            "jacfwd-int-input",
        ),
        (
            "Shape of cotangent input to vjp pullback function (3,) must be the same as the "
            "shape of corresponding primal input (4,).",
            "ValueError",
            "vjp-cotangent-shape",
        ),
    ],
)
def test_a_message_of_a_check_that_moved_finds_the_record_of_the_check_today(
    message: str, exc_type: str, code: str
) -> None:
    found = shipped().match(message, exc_type)
    assert found is not None and found.record.code == code
    assert found.releases is not None


def test_a_value_no_successor_lists_keeps_the_old_sites_own_record() -> None:
    # A float8 output is neither complex nor integer: which of today's messages it gets is not
    # something the table claims.
    found = shipped().match(
        "Gradient only defined for real-output functions (with dtype that is a subdtype of "
        "np.floating), but got dtype float8_e4m3. For holomorphic differentiation, pass "
        "holomorphic=True.",
        "TypeError",
    )
    assert found is None or found.record.code not in ("grad-complex-output", "grad-int-output")
