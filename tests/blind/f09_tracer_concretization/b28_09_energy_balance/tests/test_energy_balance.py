import jax
import jax.numpy as jnp

from sensitivity import final_temperature


def test_warming_under_positive_forcing():
    dTdF = jax.grad(final_temperature)(jnp.float32(3.7), True)
    assert 0.0 < dTdF < 2.0
