import jax.numpy as jnp

import sensitivity


def test_rue_elasticity_positive():
    elasticity = sensitivity.main()
    assert jnp.all(jnp.isfinite(elasticity)) and elasticity[-1, 0] > 0.0
