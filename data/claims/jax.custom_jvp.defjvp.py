"""Claims of data/api/jax.custom_jvp.defjvp.json."""

import functools

import jax
import jax.numpy as jnp

from tests.claims import claim, raises


@claim("Returns jvp, so it can be used as a decorator: @f.defjvp.")
def returns_rule():
    f = jax.custom_jvp(jnp.sin)
    rule = lambda p, t: (jnp.sin(p[0]), jnp.cos(p[0]) * t[0])
    assert f.defjvp(rule) is rule


@claim("nondiff_argnums arguments come first, as separate leading parameters")
def nondiff_first():
    @functools.partial(jax.custom_jvp, nondiff_argnums=(0,))
    def f(k, x):
        return k * x

    f.defjvp(lambda k, p, t: (k * p[0], k * t[0]))
    assert jax.grad(f, argnums=1)(3.0, 1.0) == 3.0


@claim("whose second element matches it in structure and shape, with the tangent dtype")
def tangent_dtype():
    f = jax.custom_jvp(jnp.sin)
    f.defjvp(lambda p, t: (jnp.sin(p[0]), (jnp.cos(p[0]) * t[0]).astype(jnp.float16)))
    with raises(
        TypeError,
        "Custom JVP rule must produce primal and tangent outputs with corresponding shapes and dtypes",
    ):
        jax.jvp(f, (jnp.float32(1.0),), (jnp.float32(1.0),))
