"""Claims of data/api/jax.custom_jvp.defjvps.json."""

import functools

import jax
import jax.numpy as jnp

from tests.claims import claim, raises


@claim(
    "each is called as jvp_i(tangent_i, primal_out, *primals) and returns that argument's contribution to the output tangent, which JAX sums"
)
def summed_contributions():
    f = jax.custom_jvp(lambda x, y: x * y)
    f.defjvps(lambda tx, ans, x, y: tx * y, lambda ty, ans, x, y: ty * x)
    assert jax.jvp(f, (2.0, 3.0), (1.0, 1.0))[1] == 5.0


@claim("or None for an argument with zero derivative")
def none_rule():
    f = jax.custom_jvp(lambda x, y: x * y)
    f.defjvps(lambda tx, ans, x, y: tx * y, None)
    assert jax.grad(f, argnums=1)(2.0, 3.0) == 0.0


@claim("It cannot be combined with nondiff_argnums, and it returns None")
def limits():
    f = jax.custom_jvp(jnp.sin)
    assert f.defjvps(lambda t, ans, x: jnp.cos(x) * t) is None
    g = functools.partial(jax.custom_jvp, nondiff_argnums=(1,))(lambda x, k: k * x)
    with raises(TypeError, "Can't use ``defjvps`` with ``nondiff_argnums``"):
        g.defjvps(lambda t, ans, x, k: k * t)
