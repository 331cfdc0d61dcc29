"""Claims of data/api/jax.jvp.json."""

import jax
import jax.numpy as jnp
import numpy as np

from tests.claims import claim, raises

X = jnp.ones(3)


@claim("primals and tangents are tuples (or lists) with one entry per positional argument of fun")
def tuples_or_lists():
    assert jnp.allclose(jax.jvp(jnp.sin, (X,), (X,))[1], jnp.cos(X))
    assert jnp.allclose(jax.jvp(jnp.sin, [X], [X])[1], jnp.cos(X))


@claim("(integer primals take float0 tangents)")
def float0():
    _, t = jax.jvp(lambda x, n: x * n, (1.0, 3), (1.0, np.zeros((), jax.dtypes.float0)))
    assert t == 3.0


@claim("Passing a bare array instead of a 1-tuple is the most common mistake.")
def bare_array():
    with raises(TypeError, "must be tuples or lists"):
        jax.jvp(jnp.sin, X, X)


@claim(
    "Functions decorated with jax.custom_vjp do not support forward mode; custom_jvp rules and hijax jvp rules are used here."
)
def custom_rules():
    f = jax.custom_vjp(jnp.sin)
    f.defvjp(lambda x: (jnp.sin(x), x), lambda x, g: (g,))
    with raises(TypeError, "can't apply forward-mode autodiff"):
        jax.jvp(f, (1.0,), (1.0,))
    g = jax.custom_jvp(jnp.sin)
    g.defjvp(lambda p, t: (jnp.sin(p[0]), 7.0 * t[0]))
    assert jax.jvp(g, (1.0,), (1.0,))[1] == 7.0
