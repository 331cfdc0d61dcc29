"""Placeholder values a raise site's check fixes, and matches whose captures fall outside them."""

from __future__ import annotations

import gzip
import json
import textwrap
from pathlib import Path

import pytest

from jaxerr_ls.extract import extract_source
from jaxerr_ls.generated import JaxSource, records_from_sites
from jaxerr_ls.history import WordingHistory
from jaxerr_ls.matching import LayeredIndex, RecordIndex, captures_allowed
from jaxerr_ls.records import Record, record_from_dict

SOURCE = textwrap.dedent(
    """
    def concat(self, other):
        if type(other) in (tuple, list):
            raise TypeError(f"cannot join a {type(self).__name__!r} to {type(other).__name__!r}")
        return NotImplemented

    def pick(mode, size):
        if mode in ("fast", "slow") and size > 3:
            raise ValueError(f"mode {mode} needs a size of three at most, got {size}")
        elif mode == "exact":
            raise ValueError(f"mode {mode!r} needs an integer size, got {size}")
        else:
            raise ValueError(f"mode {mode} is not one this function knows of")

    def kinds(value, helper):
        if type(value) is dict:
            def later():
                raise TypeError(f"a {type(value).__name__} left over after the transform")
            return later
        if type(value) is Custom:
            raise TypeError(f"no support for values of type {type(value).__name__} here")
        if isinstance(value, (tuple, list)):
            raise TypeError(f"sequences of type {type(value).__name__} are not accepted")
        if value == "a":
            raise TypeError(f"two placeholders side by side: {value}{helper} in one text")
    """
)


def values_of(start: str) -> tuple[tuple[int, tuple[str, ...]], ...]:
    (found,) = [s for s in extract_source(SOURCE, "jax/mod.py") if s.template.startswith(start)]
    return found.values


def test_a_type_test_fixes_the_printed_type_name_and_a_comparison_the_printed_word() -> None:
    # ``!r`` prints the name quoted; the first placeholder, ``type(self)``, is free.
    assert values_of("cannot join") == ((1, ("'tuple'", "'list'")),)
    # Each test an ``and`` joins; an ``elif`` fixes its own branch; no value fixes ``size``.
    assert values_of("mode {mode} needs") == ((0, ("fast", "slow")),)
    assert values_of("mode {mode!r}") == ((0, ("'exact'",)),)


@pytest.mark.parametrize(
    "start",
    [
        "mode {mode} is not",  # the ``else`` of the tests
        "a {type(value)",  # a nested function runs later, outside the test around it
        "no support",  # a class of the project's own: its ``__name__`` is unknown
        "sequences",  # ``isinstance``, which subclasses pass with their own names
        "two placeholders",  # a placeholder beside another shares one wildcard
    ],
)
def test_what_no_test_fixes_exactly_keeps_no_values(start: str) -> None:
    assert values_of(start) == ()


def records(source: str) -> list[Record]:
    sites = extract_source(source, "jax/mod.py")
    raw = records_from_sites(sites, JaxSource(Path("jax"), "9.9", None, "test"))
    return [record_from_dict(r, check_pattern=False) for r in raw]


def test_a_generated_record_does_not_take_a_message_printing_a_value_its_check_excludes() -> None:
    index = LayeredIndex(RecordIndex([]), RecordIndex(records(SOURCE)))
    found = index.match("cannot join a 'ArrayImpl' to 'tuple'", "TypeError")
    assert found is not None and found.record.code.startswith("jax-cannot-join")
    assert index.match("cannot join a 'float' to 'Linear'", "TypeError") is None
    found = index.match("mode slow needs a size of three at most, got 9", "ValueError")
    assert found is not None
    assert index.match("mode turbo needs a size of three at most, got 9", "ValueError") is None


def test_one_template_raised_twice_is_fixed_only_where_both_raises_fix_it() -> None:
    twice = textwrap.dedent(
        """
        def one(x):
            if type(x) is tuple:
                raise TypeError(f"this operation got a {type(x).__name__} it cannot use")

        def two(x):
            if type(x) in (list, set):
                raise TypeError(f"this operation got a {type(x).__name__} it cannot use")
        """
    )
    (record,) = records(twice)
    assert record.raw["placeholderValues"] == [[0, ["list", "set", "tuple"]]]
    unfixed = twice + textwrap.dedent(
        """
        def three(x):
            raise TypeError(f"this operation got a {type(x).__name__} it cannot use")
        """
    )
    (record,) = records(unfixed)
    assert "placeholderValues" not in record.raw


@pytest.mark.parametrize(
    ("values", "captures", "allowed"),
    [
        (None, ("anything",), True),
        ([[1, ["'tuple'"]]], ("'float'", "'tuple'"), True),
        ([[1, ["'tuple'"]]], ("'float'", "'Linear'"), False),
        ([[0, ["a", "b"]]], ("b",), True),
        # A message cut before the wildcard leaves nothing to judge.
        ([[3, ["a"]]], ("x",), True),
    ],
)
def test_captures_allowed(values: object, captures: tuple[str, ...], allowed: bool) -> None:
    assert captures_allowed(values, captures) is allowed


def test_a_history_wording_does_not_take_a_message_printing_a_value_its_check_excludes(
    tmp_path: Path,
) -> None:
    template = "cannot join a {type(self).__name__!r} with a {type(other).__name__!r}"
    document = {
        "format": 1,
        "releases": ["1"],
        "commits": [None],
        "sites": [["jax/mod.py", 3, "concat", "TypeError", "jax-cannot-join-1234abcd", 0, 1]],
        "wordings": [[template, "TypeError", 0, [[0, 0]], "", "", [[1, ["'tuple'", "'list'"]]]]],
    }
    path = tmp_path / "history.json.gz"
    with gzip.open(path, "wt", encoding="utf-8") as stream:
        json.dump(document, stream)
    index = LayeredIndex(RecordIndex([]), RecordIndex([]), WordingHistory(path))
    found = index.match("cannot join a 'ArrayImpl' with a 'list'", "TypeError")
    assert found is not None and found.record.code == "jax-cannot-join-1234abcd"
    assert index.match("cannot join a 'int' with a 'str'", "TypeError") is None
