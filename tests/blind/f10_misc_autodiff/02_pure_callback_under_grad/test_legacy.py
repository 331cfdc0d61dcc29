import jax.numpy as jnp

import train


def test_gradient_matches_formula():
    x = jnp.linspace(0.0, 3.0, 5)
    f = jnp.cos(x) * jnp.exp(-0.1 * x)
    df = (-jnp.sin(x) - 0.1 * jnp.cos(x)) * jnp.exp(-0.1 * x)
    assert jnp.allclose(train.main(), 2 * f * df, atol=1e-5)
