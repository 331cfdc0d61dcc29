"""Claims of data/api/jax.jit.json."""

import jax
import jax.numpy as jnp

from tests.claims import claim, raises


@claim(
    "jax.jit(jax.grad(f)) compiles forward and backward pass together; jax.grad(jax.jit(f)) differentiates through the compiled function."
)
def both_orders():
    f = lambda x: jnp.sin(x) * x
    assert jnp.allclose(jax.jit(jax.grad(f))(1.0), jax.grad(jax.jit(f))(1.0))


@claim("Python control flow on traced values fails (mark such arguments static)")
def control_flow():
    f = lambda x, n: x * 2 if n > 0 else x
    with raises(jax.errors.TracerBoolConversionError):
        jax.jit(f)(1.0, 1)
    assert jax.jit(f, static_argnums=1)(1.0, 1) == 2.0


@claim(
    "Arguments in static_argnums are not differentiable; jax.grad's argnums must point at non-static arguments."
)
def static_not_differentiable():
    g = jax.jit(lambda x, k: x * k, static_argnums=1)
    assert jax.grad(g)(1.0, 2.0) == 2.0
    with raises(ValueError, "Non-hashable static arguments are not supported"):
        jax.grad(g, argnums=1)(1.0, 2.0)
