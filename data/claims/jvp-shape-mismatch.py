"""Claims of data/records/jvp-shape-mismatch.json."""

import jax
import jax.numpy as jnp

from tests.claims import claim, raises

X = jnp.ones((4, 3))
D = jnp.array([1.0, -1.0, 0.0])
f = lambda x: jnp.sin(x).sum(axis=1)


@claim("JAX does not broadcast tangents")
def no_broadcast():
    with raises(
        ValueError,
        "jvp called with different primal and tangent shapes; ?Got primal shape \\(4, 3\\) and tangent shape as \\(3,\\)",
    ):
        jax.jvp(f, (X,), (D,))
    with raises(ValueError, "jvp called with different primal and tangent shapes"):
        jax.jvp(f, (X,), (1.0,))


@claim("Broadcast the direction to the primal's shape: `jnp.broadcast_to(direction, x.shape)`")
def broadcast():
    jax.jvp(f, (X,), (jnp.broadcast_to(D, X.shape),))


@claim("`jax.vmap(lambda xi: jax.jvp(f, (xi,), (direction,))[1])(x)`")
def vmapped():
    g = lambda xi: jnp.sin(xi).sum()
    assert jax.vmap(lambda xi: jax.jvp(g, (xi,), (D,))[1])(X).shape == (4,)
