import jax.numpy as jnp

from train import main


def test_loss_finite():
    assert jnp.isfinite(main(steps=5))
