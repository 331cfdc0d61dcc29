import jax.numpy as jnp

from train import main


def test_relu_moments():
    assert jnp.isfinite(main(steps=3))
