"""Claims of data/records/transpose-rule-missing.json."""

import jax
import jax.numpy as jnp

from tests.claims import claim, raises

MESSAGE = "Transpose rule \\(for reverse-mode differentiation\\) for '{}' not implemented"


def tangent_rule(transform):
    f = jax.custom_jvp(lambda x: x)
    f.defjvp(lambda p, t: (p[0], transform(t[0])))
    return f


@claim("the message names 'clamp', or 'min'/'max' for jnp.clip")
def clamp_and_clip():
    f = tangent_rule(lambda t: jax.lax.clamp(-1.0, t, 1.0))
    assert jax.jvp(f, (1.0,), (5.0,))[1] == 1.0  # jax.jvp accepts it
    with raises(NotImplementedError, MESSAGE.format("clamp")):
        jax.grad(f)(1.0)
    with raises(NotImplementedError, MESSAGE.format("(min|max)")):
        jax.grad(tangent_rule(lambda t: jnp.clip(t, -1.0, 1.0)))(1.0)


@claim("custom_jvp rules returning `jnp.abs(t)`, `jnp.sign(t)` or `jnp.sqrt(t)`")
def abs_tangent():
    with raises(NotImplementedError, MESSAGE.format("abs")):
        jax.grad(tangent_rule(jnp.abs))(1.0)


@claim("`jax.linear_transpose(f, ...)` on an f that is not linear (message names e.g. 'tanh')")
def linear_transpose_tanh():
    with raises(NotImplementedError, MESSAGE.format("tanh")):
        jax.linear_transpose(jnp.tanh, 1.0)(1.0)


@claim(
    "its bwd rule receives the cotangent and may apply any function to it, e.g. `return (jax.lax.clamp(-1.0, g, 1.0),)`"
)
def custom_vjp_clip():
    f = jax.custom_vjp(lambda x: x)
    f.defvjp(lambda x: (x, None), lambda r, g: (jax.lax.clamp(-1.0, g, 1.0),))
    assert jax.grad(lambda x: 5.0 * f(x))(1.0) == 1.0
