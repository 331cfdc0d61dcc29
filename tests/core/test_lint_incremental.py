"""Re-linting as the module is edited (``jaxerr_ls.lint.incremental``): the predictions are
always those of linting the whole text, and a group of statements the edit cannot reach is not
analysed again."""

from __future__ import annotations

import ast
import gc
import random
import textwrap
from pathlib import Path

import pytest
from hypothesis import given, settings

from jaxerr_ls.lint import LintResult, lint_source
from jaxerr_ls.lint.incremental import IncrementalLinter
from tests.core.test_lint_chunks import typing_edits

FIXTURES = Path(__file__).resolve().parents[1] / "fixtures"
MODULES = sorted(
    [
        *FIXTURES.glob("lint/*.py"),
        *FIXTURES.glob("project/**/*.py"),
    ]
)


def same(incremental: LintResult, whole: LintResult) -> None:
    assert incremental.predictions == whole.predictions
    assert incremental.expected == whole.expected
    assert incremental.syntax_error == whole.syntax_error


@pytest.mark.parametrize("path", MODULES, ids=lambda p: p.relative_to(FIXTURES).as_posix())
def test_random_line_edits_give_the_predictions_of_the_whole_text(path: Path) -> None:
    """Lines deleted, duplicated elsewhere or typed into, one after another (a duplicated line
    may bind a name a second time, or register a rule in another statement)."""
    source = path.read_text()
    linter = IncrementalLinter()
    rng = random.Random(path.name)
    for _ in range(8):
        same(linter.lint(source, path=path), lint_source(source, path=path))
        lines = source.split("\n")
        at = rng.randrange(len(lines))
        edit = rng.randrange(3)
        if edit == 0:
            del lines[at]
        elif edit == 1:
            lines.insert(at, lines[rng.randrange(len(lines))])
        else:
            lines[at] += rng.choice(["x", ")", " ", "  # jaxerr: ignore"])
        source = "\n".join(lines)


MODULE = textwrap.dedent(
    """
    import jax
    import jax.numpy as jnp


    @jax.custom_vjp
    def clip(x):
        return x


    def loss(w):
        return (w, w)


    g = jax.grad(loss)(1.0)


    def unrelated(x):
        return jnp.sin(x)


    def other(y):
        return jnp.cos(y)
    """
)


def codes(result: LintResult) -> list[tuple[str, int]]:
    return [(p.code, p.span.line) for p in result.predictions]


def test_only_the_group_an_edit_reaches_is_analysed_again() -> None:
    linter = IncrementalLinter()
    first = linter.lint(MODULE)
    assert codes(first) == [("custom-vjp-no-rule", 7), ("grad-output-not-array", 15)]
    # Typed in a function that nothing else names: only its own statement.
    edited = MODULE.replace("jnp.sin(x)", "jnp.sin(x) * 2.0")
    same(linter.lint(edited), lint_source(edited))
    assert linter.analysed == (1, 5)
    # The loss and the grad that differentiates it are one group.
    edited = edited.replace("return (w, w)", "return jnp.sum(w)")
    result = linter.lint(edited)
    same(result, lint_source(edited))
    assert codes(result) == [("custom-vjp-no-rule", 7)] and linter.analysed == (2, 5)
    # A rule registered in a statement of its own joins the custom function's group.
    edited += "clip.defvjp(lambda x: (x, None), lambda r, ct: (ct,))\n"
    result = linter.lint(edited)
    same(result, lint_source(edited))
    assert codes(result) == [] and linter.analysed == (2, 6)
    # An import changed: every group again.
    edited = edited.replace("import jax\n", "import jax as jax\n")
    same(linter.lint(edited), lint_source(edited))
    assert linter.analysed == (6, 6)


PIECES = ["x", "(", ")", "\n", "def g():\n", "    ", "#", "jax.grad(loss)\n", "loss = 1\n"]


@settings(max_examples=100, deadline=None)
@given(edits=typing_edits(PIECES, 10))
def test_every_lint_while_typing_is_the_whole_texts(edits: list[tuple[float, int, str]]) -> None:
    linter = IncrementalLinter()
    source = MODULE
    same(linter.lint(source), lint_source(source))
    for where, deleted, inserted in edits:
        at = int(where * len(source))
        source = source[:at] + inserted + source[at + deleted :]
        same(linter.lint(source), lint_source(source))


def test_other_codes_or_another_jax_analyse_everything_again() -> None:
    linter = IncrementalLinter()
    linter.lint(MODULE)
    fewer = frozenset({"grad-output-not-array"})
    assert codes(linter.lint(MODULE, enabled=fewer)) == [("grad-output-not-array", 15)]
    assert linter.analysed == (5, 5)
    same(linter.lint(MODULE, jax_version="0.10.2"), lint_source(MODULE, jax_version="0.10.2"))
    assert linter.analysed == (5, 5)


def test_a_line_added_or_removed_moves_the_groups_below_without_analysing_them() -> None:
    linter = IncrementalLinter()
    linter.lint(MODULE)
    # A statement of its own added above both findings: only it is analysed, and the
    # predictions below move by a line.
    edited = MODULE.replace("@jax.custom_vjp", "added = 1\n@jax.custom_vjp")
    result = linter.lint(edited)
    same(result, lint_source(edited))
    assert codes(result) == [("custom-vjp-no-rule", 8), ("grad-output-not-array", 16)]
    assert linter.analysed == (1, 6)
    # Removed again: every group moves back, none is analysed.
    result = linter.lint(MODULE)
    same(result, lint_source(MODULE))
    assert codes(result) == [("custom-vjp-no-rule", 7), ("grad-output-not-array", 15)]
    assert linter.analysed == (0, 5)


def test_repeated_statements_keep_their_predictions_apart() -> None:
    """Two statements of the same text that share no name are two groups of the same pieces:
    each keeps its own prediction, moved or not."""
    twice = "import jax\n\njax.grad(lambda x: (x, x))(1.0)\njax.grad(lambda x: (x, x))(1.0)\n"
    linter = IncrementalLinter()
    same(linter.lint(twice), lint_source(twice))
    assert len(lint_source(twice).predictions) == 2
    moved = "import jax\n\nadded = 1\n" + twice.split("\n\n", 1)[1]
    same(linter.lint(moved), lint_source(moved))
    assert linter.analysed == (1, 3)


def test_a_name_bound_by_an_assignment_expression_in_a_default_joins_its_readers() -> None:
    """``loss := ...`` in a default binds ``loss`` at module level: the gradient that reads it
    is analysed again when the default changes."""
    scalar = (
        "import jax\n\ndef make(a=(loss := lambda x: x.sum())):\n    return a\n\n"
        "h = jax.grad(loss)\n"
    )
    vector = scalar.replace("x.sum()", "(x, x)")
    linter = IncrementalLinter()
    for source in (scalar, vector, scalar):
        same(linter.lint(source), lint_source(source))
    assert [p.code for p in lint_source(vector).predictions] == ["grad-output-not-array"]


def test_the_collector_is_paused_during_a_lint_and_left_as_it_was() -> None:
    seen: list[bool] = []

    def parse(source: str) -> ast.Module | None:
        seen.append(gc.isenabled())
        return None if "(" in source.split("\n")[-2] else ast.parse(source)

    assert gc.isenabled()
    lint_source(MODULE, parse=parse)
    lint_source(MODULE + "x = (\n", parse=parse)
    IncrementalLinter().lint(MODULE + "x = (\n")
    assert seen == [False, False] and gc.isenabled()
    gc.disable()
    try:
        lint_source(MODULE, parse=parse)
        IncrementalLinter().lint(MODULE)
        assert not gc.isenabled()
    finally:
        gc.enable()
