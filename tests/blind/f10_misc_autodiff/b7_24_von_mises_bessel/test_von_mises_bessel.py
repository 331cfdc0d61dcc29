import jax
import jax.numpy as jnp

import circular


def test_mean_direction_recovered():
    angles = 1.2 + 0.4 * jax.random.normal(jax.random.key(1), (200,))
    mu, kappa = circular.fit(angles, steps=40)
    assert abs(mu - 1.2) < 0.3 and kappa > 0.0
    assert bool(jnp.isfinite(kappa))
