"""Claims of data/records/linear-call-transpose-structure.json."""

import jax
from jax.custom_derivatives import linear_call

from tests.claims import claim, raises


def doubled(transpose):
    return lambda x: linear_call(lambda r, x: 2.0 * x, transpose, None, x)


@claim("The forward call succeeds; the error appears when reverse mode first needs the transpose.")
def fails_in_reverse_only():
    f = doubled(lambda r, ct: (2.0 * ct,))
    assert f(1.0) == 2.0
    with raises(
        TypeError,
        "transpose output pytree structure must match that of linear inputs, got output structure PyTreeDef\\(\\(\\*,\\)\\) and input structure PyTreeDef\\(\\*\\)",
    ):
        jax.grad(f)(1.0)
    with raises(TypeError, "transpose output pytree structure must match"):
        jax.linear_transpose(f, 1.0)(1.0)


@claim("the bare array for one linear array")
def bare_array_works():
    assert jax.grad(doubled(lambda r, ct: 2.0 * ct))(1.0) == 2.0
