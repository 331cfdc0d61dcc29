"""Claims of data/records/custom-jvp-tangent-mismatch.json."""

import jax
import jax.numpy as jnp

from tests.claims import claim, raises

MESSAGE = (
    "Custom JVP rule must produce primal and tangent outputs with corresponding shapes and dtypes"
)


def with_tangent(tangent):
    f = jax.custom_jvp(jnp.sin)
    f.defjvp(lambda p, t: (jnp.sin(p[0]), tangent(p[0], t[0])))
    return f


X = jnp.ones(3, jnp.float32)


@claim(
    "A JVP rule that sums or means the tangent (`jnp.sum(deriv * t)`) for an element-wise function"
)
def reduced_tangent():
    f = with_tangent(lambda x, t: jnp.sum(jnp.cos(x) * t))
    with raises(
        TypeError,
        MESSAGE
        + ". Expected float32\\[3\\] \\(tangent type of float32\\[3\\]\\) but got float32\\[\\]",
    ):
        jax.jvp(f, (X,), (X,))


@claim("a tangent in float64 or float16 for a float32 output")
def other_dtype_tangent():
    f = with_tangent(lambda x, t: (jnp.cos(x) * t).astype(jnp.float16))
    with raises(TypeError, MESSAGE):
        jax.grad(lambda x: f(x).sum())(X)


@claim("JAX checks the rule when jax.jvp, jax.grad or another transformation runs it")
def plain_call_not_checked():
    f = with_tangent(lambda x, t: jnp.sum(t))
    f(X)


@claim("Cast the tangent to the primal output's dtype: `t_out.astype(y.dtype)`.")
def cast_fixes():
    f = with_tangent(lambda x, t: (jnp.cos(x) * t).astype(jnp.float16).astype(x.dtype))
    jax.grad(lambda x: f(x).sum())(X)
