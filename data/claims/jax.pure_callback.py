"""Claims of data/api/jax.pure_callback.json."""

import jax
import jax.numpy as jnp
import numpy as np

from tests.claims import claim, raises

SPEC = jax.ShapeDtypeStruct((2,), jnp.float32)
X = jnp.ones(2)


@claim("jax.grad or jax.jvp through a pure_callback fails with 'Pure callbacks do not support JVP'")
def no_derivative():
    f = lambda x: jax.pure_callback(np.sin, SPEC, x)
    with raises(ValueError, "Pure callbacks do not support JVP"):
        jax.grad(lambda x: f(x).sum())(X)
    with raises(ValueError, "Pure callbacks do not support JVP"):
        jax.jvp(f, (X,), (X,))


@claim(
    "Wrap the call in a jax.custom_jvp or jax.custom_vjp function whose rule computes the derivative (for example with a second callback)."
)
def wrapped():
    f = jax.custom_jvp(lambda x: jax.pure_callback(np.sin, SPEC, x))
    f.defjvp(lambda p, t: (f(p[0]), jax.pure_callback(np.cos, SPEC, p[0]) * t[0]))
    assert jnp.allclose(jax.grad(lambda x: f(x).sum())(X), jnp.cos(X))


@claim("Under vmap, vmap_method says how the callback is batched.")
def vmap_method():
    f = lambda x: jax.pure_callback(
        np.sin, jax.ShapeDtypeStruct((), jnp.float32), x, vmap_method="sequential"
    )
    assert jnp.allclose(jax.vmap(f)(X), jnp.sin(X))
