import jax.numpy as jnp

from meta_train import main


def test_meta_loss_finite():
    assert jnp.isfinite(main(steps=3))
