"""Culprits of the records whose failing call is at fault in one argument (``culpritAtCall``
with ``culpritAtCallArgument``): where the failing function only passes on a parameter of its
own there, the argument its traceback caller hands over, or that call where it leaves the
parameter to its default; none where the failing line writes the argument itself. On real
output of the small programs in tests/fixtures/transforms (``kinds_handed_*``, regenerated
by its capture.py), under both JAX versions."""

from __future__ import annotations

import pytest

from jaxerr_ls.records import CulpritKind, parse_at_call_argument
from tests.core.test_culprit_transforms import CASES, VERSIONS, assert_one_culprit, finding

# (case, record, file, text of the culprit line, words of the why)
CULPRITS = [
    # An integer signal handed to a helper that gives it to linear_transpose as its example.
    (
        "kinds_handed_transpose_example",
        "linear-transpose-dtype",
        "main.py",
        "adjoint = adjoint_of(jnp.array([0.25, 0.5, 0.25]), signal)",
        ["`signal` is handed here to `adjoint_of`", "`jax.linear_transpose`"],
    ),
    # A helper's ``aux`` option, given to jacrev as has_aux, left to its default False.
    (
        "kinds_handed_jacrev_aux_default",
        "jacrev-key-output",
        "main.py",
        "jac = sensitivity(noisy_step, x, key)",
        ["leaves `aux` of `sensitivity` to its default", "`has_aux`"],
    ),
    # An attribute of a parameter (copied by ``list``): where the object is made, a settings
    # dataclass field's default, through a ``field(default_factory=...)``.
    (
        "kinds_handed_policy_field",
        "checkpoint-policy-names-overlap",
        "settings.py",
        'kept: tuple = ("scores", "hidden")',
        ["`cfg.kept`, which `make_policy` gives", "`names_which_can_be_saved`, is made here"],
    ),
    # The same option, passed as False by the caller.
    (
        "kinds_handed_jacrev_aux_given",
        "jacrev-key-output",
        "main.py",
        "aux=False",
        ["`False` is handed here to `sensitivity`", "`has_aux`"],
    ),
]


@pytest.mark.parametrize("version", VERSIONS)
@pytest.mark.parametrize(("case", "code", "file", "text", "why"), CULPRITS)
def test_the_argument_a_caller_hands_on_to_the_failing_call_is_the_culprit(
    case: str, code: str, file: str, text: str, why: list[str], version: str
) -> None:
    found = finding(case, version)
    assert_one_culprit(found, code, CulpritKind.CALL_HANDED, CASES / case / file, text, why)


@pytest.mark.parametrize("version", VERSIONS)
@pytest.mark.parametrize(
    "case",
    [
        # The example is built on the failing line.
        "kinds_handed_transpose_here",
        # The parameter is rebound (made an integer) before the failing line: made there.
        "kinds_handed_transpose_rebound",
        # has_aux is left out of the failing call itself: it is added there.
        "kinds_handed_jacrev_aux_missing",
        # The names are written (in part) on the failing line.
        "kinds_handed_policy_here",
    ],
)
def test_no_culprit_where_the_failing_line_writes_the_argument(case: str, version: str) -> None:
    found = finding(case, version)
    assert found.match is not None
    assert found.culprits == []


def test_the_argument_is_declared_as_keyword_at_position() -> None:
    assert parse_at_call_argument("has_aux@2") == ("has_aux", 2)
    assert parse_at_call_argument("@1") == (None, 1)
    assert parse_at_call_argument("has_aux") == ("has_aux", None)
    assert parse_at_call_argument("@") is None
    assert parse_at_call_argument("has-aux@x") is None
