"""Claims of data/api/jax.custom_derivatives.linear_call.json."""

import jax
from jax.custom_derivatives import linear_call

from tests.claims import claim, raises


def scaled(transpose):
    return lambda x: linear_call(lambda r, x: r * x, transpose, 2.0, x)


@claim("jax.grad, jax.vjp and jax.linear_transpose use fun_transpose instead of transposing fun")
def transpose_used():
    f = scaled(lambda r, ct: 3.0 * ct)  # deliberately not fun's transpose
    assert jax.grad(f)(1.0) == 3.0
    assert jax.vjp(f, 1.0)[1](1.0) == (3.0,)
    assert jax.linear_transpose(f, 1.0)(1.0) == (3.0,)


@claim(
    "(a bare array for a bare array argument, not a one-element tuple), or JAX reports 'transpose output pytree structure must match that of linear inputs'"
)
def bare_array():
    with raises(TypeError, "transpose output pytree structure must match that of linear inputs"):
        jax.grad(scaled(lambda r, ct: (r * ct,)))(1.0)
