"""The wording history: the shipped table, matching past wordings, and naming releases."""

from __future__ import annotations

import dataclasses
import gzip
import importlib.machinery
import importlib.util
import json
import logging
import re
import sys
import textwrap
from functools import cache
from pathlib import Path
from types import ModuleType

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from jaxerr_ls.extract import RaiseSite
from jaxerr_ls.history import (
    STAGE_HISTORY,
    WordingHistory,
    bundled_history_path,
    first_own_word,
    single_spaced,
    wording_key,
)
from jaxerr_ls.matching import (
    STAGE_FUZZY,
    STAGE_PATTERN,
    STAGE_WITHIN,
    LayeredIndex,
    RecordIndex,
)
from jaxerr_ls.records import PINNED_GITHUB_URL_RE, Record, load_records
from jaxerr_ls.tracebacks import parse_text

REPO = Path(__file__).resolve().parents[2]
PASTES = REPO / "tests" / "fixtures" / "pastes"
LOGS = REPO / "tests" / "fixtures" / "logs"


@cache
def curated() -> list[Record]:
    return load_records().records


@cache
def history() -> WordingHistory:
    return WordingHistory()


def index(*, with_generated: bool = True, table: WordingHistory | None = None) -> LayeredIndex:
    # An empty second index stands for the generated set: what is tested here is the history,
    # which ties a wording to a generated record only when generated records are wanted.
    second = RecordIndex([]) if with_generated else None
    return LayeredIndex(RecordIndex(curated()), second, table or history())


def pasted(name: str) -> tuple[str, str]:
    """The (message, exception class) of the one error in a paste of the corpus."""
    (event,) = parse_text((PASTES / name).read_text(encoding="utf-8"))
    return event.message, event.exc_type


def test_the_shipped_table_covers_every_release_in_at_most_two_megabytes() -> None:
    path = bundled_history_path()
    assert path.stat().st_size <= 2 * 2**20
    with gzip.open(path, "rt", encoding="utf-8") as stream:
        document = json.load(stream)
    releases = document["releases"]
    # Every release on PyPI, from the first (0.1) on.
    assert releases[0] == "0.1" and releases[-1] == "0.12.0.1" and len(releases) == 191
    assert {"0.1.77", "0.2.28", "0.3.25", "0.4.1"} <= set(releases)
    assert all(re.fullmatch(r"[0-9a-f]{40}", c) for c in document["commits"] if c is not None)
    codes = {record.code for record in curated()}
    for template, _class, site, runs, code, _key, *_values in document["wordings"]:
        assert 0 <= site < len(document["sites"])
        assert all(0 <= first <= last < len(releases) for first, last in runs), template
        assert not code or code in codes
    # Reworded and removed sites are what the table is for; both are there in numbers.
    assert sum(not site[-1] for site in document["sites"]) > 1000
    assert len(document["wordings"]) > len(document["sites"])


def test_a_past_wording_finds_its_curated_record_and_says_which_releases_raise_it() -> None:
    message, exc_type = pasted("jax-28757-bwd-shape-dtype.txt")
    without = LayeredIndex(RecordIndex(curated())).match(message, exc_type)
    # Today's records alone match it loosely at most (the one sharing its beginning).
    assert without is None or without.stage in (STAGE_FUZZY, STAGE_WITHIN)
    found = index(with_generated=False).match(message, exc_type)
    assert found is not None
    assert found.record.code == "custom-vjp-bwd-args-mismatch"
    assert found.stage == STAGE_HISTORY
    assert found.releases is not None and found.releases.startswith("0.4.")
    assert "0.12.0.1" not in found.releases


def test_todays_wording_of_a_curated_record_names_releases_up_to_the_newest() -> None:
    log = LOGS / "jax-0.12.0.1" / "script" / "custom_vjp_bwd_shape.log"
    events = [e for e in parse_text(log.read_text(encoding="utf-8")) if "bwd rule" in e.message]
    found = index().match(events[0].message, events[0].exc_type)
    assert found is not None and found.stage == STAGE_PATTERN
    assert found.record.code == "custom-vjp-bwd-args-mismatch"
    assert found.releases is not None and found.releases.endswith("0.12.0.1")


def test_a_removed_check_is_known_by_the_record_of_its_last_release() -> None:
    message, exc_type = "vmap has mapped output but out_axes is None", "ValueError"
    found = index().match(message, exc_type)
    assert found is not None and found.stage == STAGE_HISTORY
    record = found.record
    assert record.code.startswith("jax-vmap-has-mapped-output-but-out-")
    assert record.file_path == "jax/_src/interpreters/batching.py"
    assert record.github_url is not None
    # Pinned to the release's commit, or its tag when the wheel names no commit.
    assert PINNED_GITHUB_URL_RE.match(record.github_url)
    assert "/jax/_src/interpreters/batching.py#L" in record.github_url
    # JAX 0.1.63 first raised it.
    assert found.releases is not None and found.releases.startswith("0.1.63")
    assert f"last raised by JAX {found.releases.rsplit(chr(0x2013), 1)[-1]}" in (
        record.documentation
    )
    # Asked for curated records alone, the history offers no generated one.
    assert index(with_generated=False).match(message, exc_type) is None


def test_an_exact_curated_match_is_never_replaced_by_a_past_wording() -> None:
    log = LOGS / "jax-0.12.0.1" / "script" / "grad_nonscalar.log"
    event = parse_text(log.read_text(encoding="utf-8"))[-1]
    plain = RecordIndex(curated()).match(event.message, event.exc_type)
    found = index().match(event.message, event.exc_type)
    assert plain is not None and found is not None
    assert (found.record.code, found.stage, found.score) == (
        plain.record.code,
        plain.stage,
        plain.score,
    )


def test_without_a_readable_table_matching_is_what_it_was(
    tmp_path: Path, caplog: pytest.LogCaptureFixture
) -> None:
    broken = tmp_path / "history.json.gz"
    broken.write_bytes(b"not gzip")
    table = WordingHistory(broken)
    message, exc_type = pasted("jax-28757-bwd-shape-dtype.txt")
    with caplog.at_level(logging.WARNING):
        found = index(table=table).match(message, exc_type)
    # At most a loose match (today's record sharing its beginning), never the history's.
    assert found is None or (found.stage in (STAGE_FUZZY, STAGE_WITHIN) and found.releases is None)
    assert "unreadable" in caplog.text


@cache
def build_script() -> ModuleType:
    loader = importlib.machinery.SourceFileLoader(
        "build_history", str(REPO / "scripts" / "build-history")
    )
    spec = importlib.util.spec_from_loader("build_history", loader)
    assert spec is not None
    module = importlib.util.module_from_spec(spec)
    sys.modules["build_history"] = module  # its dataclasses look their module up
    loader.exec_module(module)
    return module


def site(template: str, file: str = "jax/_src/api.py", function: str = "grad") -> RaiseSite:
    parts = tuple(
        ("expr", piece[1:-1]) if piece.startswith("{") else ("lit", piece)
        for piece in re.split(r"(\{[^}]*\})", template)
        if piece
    )
    return RaiseSite(template, "TypeError", file, 10, function, parts, "raise")


def test_sites_are_followed_when_they_move_and_when_they_are_reworded() -> None:
    script = build_script()
    release = script.Release
    kept = "Gradient only defined for scalar-output functions. Output had shape: {shape}."
    reworded_before = "Custom JVP rule must produce primal and tangent outputs with equal shapes"
    reworded_after = (
        "Custom JVP rule must produce primal and tangent outputs with corresponding shapes"
    )
    removed = "vmap has mapped output but out_axes is {dst}"
    releases = [
        release("1", None, [site(kept), site(reworded_before, function="jvp"), site(removed)]),
        release(
            "2", None, [site(kept, file="jax/_src/grad.py"), site(reworded_after, function="jvp")]
        ),
    ]
    lineages = script.follow(releases)
    by_first = {lineage.sites[min(lineage.sites)].template: lineage for lineage in lineages}
    assert len(lineages) == 3
    assert sorted(by_first[kept].sites) == [0, 1]
    assert by_first[kept].newest.file == "jax/_src/grad.py"
    assert by_first[reworded_before].newest.template == reworded_after
    assert by_first[removed].last == 0


def test_checks_reworded_together_in_one_function_keep_their_own_lineages() -> None:
    script = build_script()
    release = script.Release
    # JAX 0.2's wording of the escaped-tracer error and today's share a third of their text.
    tracer_before = (
        "Encountered an unexpected tracer. Perhaps this tracer escaped through global state "
        "from a previously traced function.\nThe functions being transformed should not save "
        "traced values to global state.{details}"
    )
    tracer_after = (
        "Encountered an unexpected tracer. A function transformed by JAX had a side effect, "
        "allowing for a reference to an intermediate value with {shape} to escape.\nJAX "
        "transformations require that functions explicitly return their outputs, and disallow "
        "saving intermediate values to global state.{details}"
    )
    # Two checks of one function reworded in the same release, one of them changing class.
    type_before = (
        "Type of cotangent input to vjp pullback function ({ct}) is not the expected tangent "
        "type ({expected}) of corresponding primal output with dtype {dtype}."
    )
    type_after = (
        "unexpected JAX type (e.g. shape/dtype) for argument to vjp function: got {ct}, but "
        "expected {expected} because the corresponding output of the differentiated function "
        "had JAX type {aval}"
    )
    tree_before = "Shape of cotangent input to vjp pullback function {shape} must be the same"
    tree_after = "unexpected tree structure of argument to vjp function: got {tree}"
    unrelated = "Some other check of that function failed with {x}"
    # Moved into its class, keeping only its opening sentence as literal text.
    concrete_before = (
        "Abstract tracer value encountered where concrete value is expected.\n\n{context}\n\n"
        "See https://jax.readthedocs.io/en/latest/faq.html for more information."
    )
    concrete_after = (
        "Abstract tracer value encountered where concrete value is expected: {tracer}\n{context}"
    )

    def concretization(template: str, file: str, function: str) -> RaiseSite:
        return dataclasses.replace(
            site(template, file=file, function=function), error_class="ConcretizationTypeError"
        )

    def value_error(template: str) -> RaiseSite:
        # Each its own raise statement (its own line).
        return dataclasses.replace(
            site(template, function="pullback"), error_class="ValueError", line=len(template)
        )

    releases = [
        release(
            "1",
            None,
            [
                site(tracer_before, function="full_raise"),
                site(type_before, function="pullback"),
                value_error(tree_before),
                concretization(concrete_before, "jax/core.py", "raise_concretization_error"),
            ],
        ),
        release(
            "2",
            None,
            [
                site(tracer_after, function="full_raise"),
                value_error(tree_after),
                value_error(type_after),
                value_error(unrelated),
                concretization(concrete_after, "jax/_src/errors.py", "Error.__init__"),
            ],
        ),
    ]
    lineages = script.follow(releases)
    by_first = {lineage.sites[min(lineage.sites)].template: lineage for lineage in lineages}
    assert by_first[tracer_before].newest.template == tracer_after
    assert by_first[type_before].newest.template == type_after
    assert by_first[tree_before].last == 0
    assert sorted(by_first[unrelated].sites) == [1]
    assert by_first[concrete_before].newest.template == concrete_after


def test_a_2020_wording_finds_the_record_of_the_check_it_became() -> None:
    # JAX 0.1 and 0.2's escaped-tracer message, whose check words it otherwise today.
    message, exc_type = pasted("jax-2912-unexpected-tracer-nondiff.txt")
    found = index().match(message, exc_type)
    assert found is not None and found.stage == STAGE_HISTORY
    assert found.record.code.startswith("jax-encountered-an-unexpected-tracer-a-function-")
    assert found.releases is not None and found.releases.startswith("0.1.6")
    # Cut short by the paste, it is still that wording rather than the shorter one of another
    # check ("Encountered an unexpected tracer." alone) that it contains.
    cut = message.split("\n", 1)[0] + "\nThe functions being transformed should not save t"
    found = index().match(cut, exc_type)
    assert found is not None
    assert found.record.code.startswith("jax-encountered-an-unexpected-tracer-a-function-")


def test_a_check_whose_message_extraction_no_longer_reads_is_still_raised() -> None:
    script = build_script()
    # JAX 0.3.23's template; today's JAX joins the same text from a list at run time.
    before = site(
        "{name} got inconsistent sizes for array axes to be mapped:\n{sizes}",
        file="jax/_src/api.py",
    )
    today = 'msg = [f"{name} got inconsistent sizes for array axes to be mapped:\\n"]'
    assert script.still_raised(before, {"jax/_src/api.py": today})
    assert not script.still_raised(before, {"jax/_src/api.py": "msg = []"})
    assert not script.still_raised(before, {"jax/_src/other.py": today})


def test_a_past_wording_wrapped_across_lines_is_still_that_wording() -> None:
    message = (
        "Type of cotangent input to vjp pullback function (float16) is not \n"
        "the expected tangent type (float32) of corresponding primal output with dtype float32."
    )
    found = index().match(message, "TypeError")
    assert found is not None and found.stage == STAGE_HISTORY
    assert found.record.code == "vjp-cotangent-shape"


def test_a_broken_table_leaves_the_curated_wordings_working(tmp_path: Path) -> None:
    broken = tmp_path / "history.json.gz"
    broken.write_bytes(b"not gzip")
    shipped = bundled_history_path().with_name("curated-wordings.json")
    (tmp_path / "curated-wordings.json").write_bytes(shipped.read_bytes())
    table = WordingHistory(broken)
    log = LOGS / "jax-0.12.0.1" / "script" / "custom_vjp_bwd_shape.log"
    events = [e for e in parse_text(log.read_text(encoding="utf-8")) if "bwd rule" in e.message]
    # A message no record of today matches reads the (broken) table, and that is all it costs.
    assert index(table=table).match("vmap has mapped output but out_axes is None") is None
    found = index(table=table).match(events[0].message, events[0].exc_type)
    assert found is not None and found.record.code == "custom-vjp-bwd-args-mismatch"
    assert found.releases is not None and found.releases.endswith("0.12.0.1")


def test_a_class_that_writes_its_own_message_names_its_record_from_the_class_alone() -> None:
    """An error known only by its class (a header cut before the message): a JAX class whose
    ``__init__`` writes the message names that message's record, curated or generated; a
    class whose raisers write the message names none."""
    with_generated, curated_only = index(), index(with_generated=False)
    found = with_generated.match("", "TracerArrayConversionError")
    assert found is not None and found.stage == "class"
    assert found.record.code.startswith("jax-the-numpy-ndarray-conversion-method-array-")
    assert found.releases is None  # no wording was read
    assert curated_only.match("", "TracerArrayConversionError") is None
    found = curated_only.match("", "jax.errors.TracerBoolConversionError")
    assert found is not None and found.record.code == "tracer-bool-conversion"
    # A message cut to a few letters says no more than the class.
    found = curated_only.match("Attempted bo", "TracerBoolConversionError")
    assert found is not None and found.record.code == "tracer-bool-conversion"
    for exc_type in ("UnexpectedTracerError", "TypeError", "ValueError", "KeyError", "Exception"):
        assert with_generated.match("", exc_type) is None, exc_type


@pytest.mark.parametrize(
    ("title", "exc_type", "code"),
    [
        ("Tracer can't be used with raw numpy functions?", "Exception", "jax-the-numpy-ndarray-"),
        (
            "jacfwd requires real-valued inputs (input dtype that is a sub-dtype of np.floating",
            "TypeError",
            "jacfwd-int-input",
        ),
        (
            "linearized function called on tangent values inconsistent with the original",
            None,
            "linearize-tangent-aval",
        ),
    ],
)
def test_a_past_wording_cut_short_like_a_title_finds_its_record(
    title: str, exc_type: str | None, code: str
) -> None:
    """An old issue's title: a past wording's beginning, cut without an ellipsis, maybe asking."""
    found = index().match(title, exc_type)
    assert found is not None and found.record.code.startswith(code), found


def test_a_line_that_only_starts_like_a_past_wording_is_not_it() -> None:
    for line in (
        "jacfwd requires real-valued inputs, which my loss gives it anyway",
        "Tracer can't be used with raw numpy functions, says the FAQ; is that still true?",
    ):
        found = index().match(line, None)
        assert found is None or found.stage == STAGE_FUZZY, (line, found)


def test_todays_long_wording_wrapped_by_the_paster_beats_a_short_past_one_inside_it() -> None:
    """``Encountered an unexpected tracer.`` alone was a wording (0.1.75 to 0.4.6); a paste of
    today's longer message, its lines wrapped where JAX's were not and cut, is today's."""
    today = (
        "Encountered an unexpected tracer. A function transformed by JAX had a side effect, "
        "allowing for a reference to an intermediate value with type float32[3] and shape (3,) "
        "to escape the scope of the transformation."
    )
    for width in (40, 63, 75):
        for cut in (140, 160, len(today)):
            wrapped = "\n".join(textwrap.wrap(today[:cut], width))
            found = index().match(wrapped, "UnexpectedTracerError")
            assert found is not None, (width, cut)
            assert found.record.code.startswith("jax-encountered-an-unexpected-tracer-a-function")


# Text with every kind of whitespace Python's ``\s`` knows, printable or not, and braces.
_SPACY_TEXT = st.text(
    st.sampled_from([*"ab{}x ", "\t", "\n", "\r", "\x0b", "\x0c", "\x1c", "\x85"])
    | st.sampled_from(["\xa0", "\u1680", "\u2000", "\u2028", "\u2029", "\u3000", "\x00"])
    | st.characters(),
    max_size=40,
)


@settings(max_examples=500, deadline=None)
@given(_SPACY_TEXT)
def test_single_spaced_and_wording_key_are_their_substitutions(text: str) -> None:
    """The shortcuts taken for text with nothing to change give what the substitutions give."""
    assert single_spaced(text) == re.sub(r"\s{2,}|[^\S ]", " ", text)
    assert wording_key(text) == re.sub(r"\{[^{}]*\}", "{}", text)


@settings(max_examples=500, deadline=None)
@given(st.text(st.sampled_from([*"ab_1 {}x.", "\n"]), max_size=24) | _SPACY_TEXT)
def test_a_templates_first_own_word_is_that_of_its_placeholders_blanked(text: str) -> None:
    """The shortcut for a template whose first word comes before any brace gives what
    searching it with its placeholders blanked gives."""
    blanked = re.search(r"[A-Za-z0-9_]{3,}", re.sub(r"\{[^{}]*\}", " ", text))
    assert first_own_word(text) == (None if blanked is None else blanked[0])


@pytest.mark.parametrize("jax", ["jax-0.10.2", "jax-0.12.0.1"])
def test_a_jacobian_argnums_error_names_the_releases_that_word_it_so(jax: str) -> None:
    """The record's wording is tied to it in the table (the check has been worded so since jax
    0.3.11): a real run's error under either pinned JAX names that range."""
    log = LOGS / "lint" / jax / "jacrev_argnums_range.log"
    events = [e for e in parse_text(log.read_text(encoding="utf-8")) if "argnums" in e.message]
    found = index().match(events[0].message, events[0].exc_type)
    assert found is not None and found.record.code == "jacobian-argnums-out-of-range"
    assert found.releases is not None
    assert found.releases.startswith("0.3.11") and found.releases.endswith("0.12.0.1")


@pytest.mark.parametrize(
    "line",
    [
        # 2024's wording as a paste left it: the exception line alone, its differences cut.
        "while_loop body function carry input and carry output must have equal types "
        "(e.g. shapes and dtypes of arrays), but they differ:",
        # The same check's wording of 0.4.24 to 0.4.31, for lax.scan.
        "Scanned function carry input and carry output must have equal types "
        "(e.g. shapes and dtypes of arrays), but they differ:",
    ],
)
def test_the_first_line_alone_of_a_past_multiline_wording_finds_its_record(line: str) -> None:
    found = index().match(line, "TypeError")
    assert found is not None and found.stage == STAGE_HISTORY, found
    assert found.record.code.startswith("jax-function-carry-input-and-carry-output"), found
    assert found.releases is not None
    # Read from the real paste too (a lone exception line, then paragraphs after a blank).
    message, exc_type = pasted("netket-1999-while-carry-types-older.txt")
    from_paste = index().match(message, exc_type)
    assert from_paste is not None and from_paste.record == found.record


def test_a_line_that_goes_on_past_a_wordings_line_end_or_has_another_class_is_not_it() -> None:
    line = (
        "while_loop body function carry input and carry output must have equal types "
        "(e.g. shapes and dtypes of arrays), but they differ:"
    )
    for text, exc_type in ((line + " see the docs", "TypeError"), (line, "ValueError")):
        found = index().match(text, exc_type)
        assert found is None or found.stage == STAGE_FUZZY, (text, found)


# The second paragraph of the 0.1.68-0.2.9 message of ``Tracer.__array__`` (jax/core.py), which
# no release since has: a paste that holds it alone, its first line left out.
ARRAY_CONVERSION_2020 = (
    "This error can occur when a JAX Tracer object is passed to a raw numpy function, or a "
    "method on a numpy.ndarray object. You might want to check that you are using `jnp` "
    "together with `import jax.numpy as jnp` rather than using `np` via `import numpy as np`."
)


@pytest.mark.parametrize(
    "text",
    [
        ARRAY_CONVERSION_2020,
        f"```\n{ARRAY_CONVERSION_2020}\n```\n\nThanks for reporting this!",
        # Wrapped by the paster where JAX did not, from its second sentence on.
        "\n".join(textwrap.wrap(ARRAY_CONVERSION_2020.split(". ", 1)[1], 60)),
    ],
    ids=["alone", "fenced-with-prose", "second-sentence-rewrapped"],
)
def test_a_past_wordings_later_paragraph_alone_finds_its_record(text: str) -> None:
    from jaxerr_ls.diagnose import Analyzer

    analyzer = Analyzer(index(), Path("/nonexistent-project"))
    (finding,) = analyzer.analyze_lines(text.splitlines(keepends=True))
    assert finding.match is not None and finding.match.stage == STAGE_WITHIN
    assert finding.code == "jax-the-numpy-ndarray-conversion-method-array-e3967413"
    assert finding.match.releases == "0.1.68\u20130.2.9"


def test_a_later_paragraph_of_any_past_wording_is_its_sites_or_nothing() -> None:
    """Each past wording's second paragraph read alone (its own text up to a placeholder, 90
    characters at least): its raise site's record (the variants of one message count as one),
    or nothing where the paragraph is in wordings of several records; never another's."""
    with gzip.open(bundled_history_path(), "rt", encoding="utf-8") as stream:
        document = json.load(stream)
    site_codes = [site[4] for site in document["sites"]]
    slug = lambda code: code.rsplit("-", 1)[0]  # noqa: E731 -- a generated code without its hash
    found = 0
    for template, _class, site, _runs, code, *_ in document["wordings"]:
        paragraphs = template.split("\n\n")
        later = paragraphs[1].split("{", 1)[0].strip() if len(paragraphs) > 1 else ""
        if len(later) < 90:
            continue
        got = index().match(later)
        if got is None:
            continue
        assert slug(got.record.code) == slug(code or site_codes[site]), (later, got.record.code)
        found += 1
    assert found >= 40
