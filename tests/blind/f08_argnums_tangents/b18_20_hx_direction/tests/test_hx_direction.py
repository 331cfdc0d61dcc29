import jax
import jax.numpy as jnp

from hx.sensitivity import directional_sensitivity


def test_hx_direction():
    out = directional_sensitivity(jnp.ones((3, 5)), jnp.ones(3), jnp.ones(3), jax.random.PRNGKey(0))
    assert out.shape == (3, 5)
