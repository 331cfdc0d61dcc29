"""Claims of data/api/jax.lax.stop_gradient.json."""

import jax
import jax.numpy as jnp

from tests.claims import claim


@claim(
    "The value passes through, and its tangent and cotangent are zero, for every leaf of the pytree x."
)
def zero_derivatives():
    f = lambda x: jax.lax.stop_gradient({"a": x, "b": (2 * x,)})
    out = f(3.0)
    assert out["a"] == 3.0 and out["b"][0] == 6.0
    assert jax.grad(lambda x: f(x)["b"][0] + x)(3.0) == 1.0
    assert jax.jvp(lambda x: f(x)["a"], (3.0,), (1.0,))[1] == 0.0


@claim("straight-through estimators (x + stop_gradient(f(x) - x))")
def straight_through():
    ste = lambda x: x + jax.lax.stop_gradient(jnp.round(x) - x)
    assert ste(1.3) == 1.0 and jax.grad(ste)(1.3) == 1.0


@claim("It does not change values under jit or vmap; integer leaves pass through untouched.")
def jit_vmap_ints():
    x = jnp.arange(3)
    assert (jax.jit(jax.lax.stop_gradient)(x) == x).all() and jax.lax.stop_gradient(
        x
    ).dtype == x.dtype
    assert (jax.vmap(jax.lax.stop_gradient)(jnp.ones((2, 2))) == 1).all()
