"""The container conversions of ``jaxerr_ls.fixes.restructure``, on expressions and the
structures JAX prints for them (the pure step; the fixes built on it are proven on real
output in test_fix_matrix.py)."""

from __future__ import annotations

import ast
from pathlib import Path

import pytest

from jaxerr_ls.fixes.pytrees import parse_tree
from jaxerr_ls.fixes.restructure import Restructure
from jaxerr_ls.fixes.source import Source


def converted(expr: str, have: str, due: str, fields: dict[str, list[str]] | None = None):
    text = f"out = {expr}\n"
    tree = ast.parse(text)
    node = tree.body[0]
    assert isinstance(node, ast.Assign)
    convert = Restructure(Source(Path("m.py"), text, tree), fields or {})
    have_tree, due_tree = parse_tree(have), parse_tree(due)
    assert have_tree is not None and due_tree is not None
    edits = convert.edits(node.value, have_tree, due_tree)
    if edits is None:
        return None, convert
    lines = text
    # Edits are on line 1 and do not overlap: apply from the right.
    for edit in sorted(edits, key=lambda e: e.span.col, reverse=True):
        lines = lines[: edit.span.col] + edit.new_text + lines[edit.span.end_col :]
    ast.parse(lines)
    return lines[len("out = ") :].strip(), convert


@pytest.mark.parametrize(
    ("expr", "have", "due", "after", "kinds"),
    [
        # Displays keep their entries and change only their brackets, as deep as they differ.
        ("[a, b], c", "([*, *], *)", "((*, *), *)", "(a, b), c", {"container"}),
        ("(a, [b, c])", "(*, [*, *])", "[*, (*, *)]", "[a, (b, c)]", {"container"}),
        # A value that is not a display is converted by a call.
        (
            "grads[::-1], g",
            "([*, *, *], *)",
            "((*, *, *), *)",
            "tuple(grads[::-1]), g",
            {"container"},
        ),
        ("ts", "(*, *)", "[*, *]", "list(ts)", {"container"}),
        # A stack of one value per leaf is unstacked into the container due.
        ("x, jnp.stack([u, v])", "(*, *)", "(*, (*, *))", "x, (u, v)", {"unstacked"}),
        ("np.array((u, v, w))", "*", "[*, *, *]", "[u, v, w]", {"unstacked"}),
        # A class built by its fields, each value to the field named after it.
        (
            "(d_shift, d_scale), dz",
            "((*, *), *)",
            "(CustomNode(namedtuple[Affine], [*, *]), *)",
            "Affine(scale=d_scale, shift=d_shift), dz",
            {"class"},
        ),
        (
            "{'scale': s, 'shift': t}",
            "{'scale': *, 'shift': *}",
            "CustomNode(namedtuple[Affine], [*, *])",
            "Affine(scale=s, shift=t)",
            {"class"},
        ),
    ],
)
def test_a_proven_conversion_keeps_the_values_and_changes_only_the_containers(
    expr: str, have: str, due: str, after: str, kinds: set[str]
) -> None:
    text, convert = converted(expr, have, due, {"Affine": ["scale", "shift"]})
    assert text == after
    assert convert.done == kinds
    assert convert.safe


def test_a_class_built_by_position_is_unsafe() -> None:
    text, convert = converted(
        "(p, q), dz", "((*, *), *)", "(CustomNode(namedtuple[Affine], [*, *]), *)",
        {"Affine": ["scale", "shift"]},
    )  # fmt: skip
    assert text == "Affine(scale=p, shift=q), dz"
    assert not convert.safe


@pytest.mark.parametrize(
    ("expr", "have", "due"),
    [
        # A leaf where a container is due: the values are the code's to compute.
        ("g", "*", "(*, *)"),
        # Three values stacked where two are due.
        ("jnp.stack([a, b, c])", "*", "(*, *)"),
        # A stack along another axis is not one value per entry.
        ("jnp.stack([a, b], axis=1)", "*", "(*, *)"),
        # Containers of other lengths.
        ("[a, b, c]", "[*, *, *]", "(*, *)"),
        # A class whose fields are not known.
        ("(a, b)", "(*, *)", "CustomNode(namedtuple[Unknown], [*, *])"),
        # A dict whose keys are not the class's fields.
        ("{'w': a, 'b': b}", "{'b': *, 'w': *}", "CustomNode(namedtuple[Affine], [*, *])"),
    ],
)
def test_no_conversion_where_the_structures_do_not_prove_one(
    expr: str, have: str, due: str
) -> None:
    text, _ = converted(expr, have, due, {"Affine": ["scale", "shift"]})
    assert text is None
