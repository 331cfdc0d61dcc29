import jax
import jax.numpy as jnp

from probe import directional_sensitivity


def test_sensitivity_is_positive():
    params = {"w": jnp.ones((3, 4)) * 0.1, "b": jnp.zeros(4)}
    x = jnp.ones((2, 3))
    assert float(directional_sensitivity(params, x, jax.random.PRNGKey(0), n_probes=2)) > 0.0
