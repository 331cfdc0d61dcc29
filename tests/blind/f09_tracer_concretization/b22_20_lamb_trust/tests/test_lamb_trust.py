import jax.numpy as jnp

from train import main


def test_training_finite():
    assert jnp.isfinite(main(steps=10))
