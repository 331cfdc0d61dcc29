"""Claims of data/records/linearize-tangent-aval.json."""

import jax
import jax.numpy as jnp

from tests.claims import claim, raises

X = jnp.ones(3)
MESSAGE = (
    "linearized function called on tangent values inconsistent with the original primal values"
)


@claim(
    "The linearized function is not batched and does not broadcast, so a stack of tangents with an extra leading axis fails; use jax.vmap for that."
)
def not_batched():
    _, f_jvp = jax.linearize(jnp.sin, X)
    with raises(ValueError, MESSAGE):
        f_jvp(jnp.ones((2, 3)))
    assert jax.vmap(f_jvp)(jnp.ones((2, 3))).shape == (2, 3)


@claim("a float16/bfloat16 or float64 tangent for a float32 primal")
def other_dtypes():
    _, f_jvp = jax.linearize(jnp.sin, X)
    for dtype in (jnp.float16, jnp.bfloat16):
        with raises(ValueError, MESSAGE):
            f_jvp(jnp.ones(3, dtype))


@claim("use `jax.linear_transpose(f_jvp, x)` or `jax.vjp` instead of calling f_jvp on it")
def transpose_of_linearized():
    _, f_jvp = jax.linearize(lambda x: jnp.sin(x).sum(), X)
    (ct,) = jax.linear_transpose(f_jvp, X)(1.0)
    assert jnp.allclose(ct, jnp.cos(X))
