import jax.numpy as jnp

from train import main


def test_recovers_weights():
    assert jnp.allclose(main(), jnp.arange(1.0, 6.0), atol=0.1)
