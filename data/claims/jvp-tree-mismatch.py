"""Claims of data/records/jvp-tree-mismatch.json."""

import jax
import jax.numpy as jnp

from tests.claims import claim, raises

X = jnp.ones(3)
MESSAGE = "primal and tangent arguments to jax.jvp must have the same tree structure"


@claim("A tuple and a list count as different containers, so `jax.jvp(f, (x,), [v])` fails too.")
def tuple_vs_list():
    with raises(TypeError, MESSAGE):
        jax.jvp(jnp.sin, (X,), [X])


@claim("fewer tangents than primals (`jax.jvp(f, (x, y), (vx,))`)")
def fewer():
    with raises(TypeError, MESSAGE):
        jax.jvp(lambda x, y: x * y, (X, X), (X,))


@claim("tangent dicts with a missing or renamed key (a forgotten bias)")
def missing_key():
    with raises(TypeError, MESSAGE):
        jax.jvp(lambda p: p["w"] + p["b"], ({"w": X, "b": X},), ({"w": X},))


@claim("`jax.tree.map(jnp.ones_like, params)`")
def tree_map_tangent():
    params = {"w": X, "b": (X, X)}
    jax.jvp(lambda p: p["w"] + p["b"][0], (params,), (jax.tree.map(jnp.ones_like, params),))
