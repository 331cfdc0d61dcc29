"""Claims of data/api/jax.linearize.json."""

import inspect

import jax
import jax.numpy as jnp

from tests.claims import claim

X = jnp.arange(3.0)


@claim("f_jvp(*tangents) replays only the linear part")
def replay():
    y, f_jvp = jax.linearize(jnp.sin, X)
    assert jnp.allclose(y, jnp.sin(X)) and jnp.allclose(f_jvp(jnp.ones(3)), jnp.cos(X))


@claim("f_jvp is linear, so it can be transposed with jax.linear_transpose")
def transposable():
    _, f_jvp = jax.linearize(jnp.sin, X)
    (ct,) = jax.linear_transpose(f_jvp, X)(jnp.ones(3))
    assert jnp.allclose(ct, jnp.cos(X))


@claim("in_nzs is new in jax 0.12.")
def in_nzs():
    assert ("in_nzs" in inspect.signature(jax.linearize).parameters) is jax.__version__.startswith(
        "0.12"
    )
