"""Claims of data/records/custom-vjp-bwd-args-mismatch.json."""

import jax
import jax.numpy as jnp

from tests.claims import claim, flags, raises

X = jnp.ones(3, jnp.float32)


def grad_with(bwd):
    f = jax.custom_vjp(lambda x: x * 2)
    f.defvjp(lambda x: (x * 2, x), bwd)
    return jax.grad(lambda x: f(x).sum())(X)


@claim("JAX checks the shape of every entry when jax.grad or jax.vjp runs the backward pass")
def shape_checked():
    with raises(
        ValueError,
        "must produce an output with the same type as the args tuple of the primal function",
    ):
        grad_with(lambda x, g: (jnp.sum(g),))


@claim(
    "A cotangent of another float dtype (float16, bfloat16, or float64 under jax_enable_x64) is not reported: it is accepted silently and the gradient comes back in that dtype."
)
def other_float_dtypes_silent():
    for dtype in (jnp.float16, jnp.bfloat16):
        assert grad_with(lambda x, g, d=dtype: ((2 * g).astype(d),)).dtype == dtype
    with flags(jax_enable_x64=True):
        assert grad_with(lambda x, g: ((2 * g).astype(jnp.float64),)).dtype == jnp.float64


@claim("Cast each cotangent back to its argument's dtype, e.g. `ct.astype(x.dtype)`")
def cast_back():
    assert grad_with(lambda x, g: ((2 * g).astype(jnp.float16).astype(x.dtype),)).dtype == X.dtype
