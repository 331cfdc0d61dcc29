import jax.numpy as jnp

from study import study


def test_hot_outlet_rises_with_hot_inlet():
    assert jnp.all(study(channel=0)[:, 0] > 0)
