import jax
import jax.numpy as jnp

from wec_sim import absorbed_power


def test_power_gradient_is_finite():
    g = jax.grad(absorbed_power)(jnp.log(jnp.float32(2.0e4)))
    assert jnp.isfinite(g)
