import jax.numpy as jnp

from bucket import SoilParams
from sensitivity import root_zone_sensitivity


def test_sensitivity_shapes():
    params = SoilParams(jnp.full(3, 50.0), jnp.full(3, 0.1), jnp.full(3, 0.02))
    grads = root_zone_sensitivity(params, jnp.full(20, 3.0), jnp.full(3, 25.0))
    assert grads.capacity.shape == (3,)
