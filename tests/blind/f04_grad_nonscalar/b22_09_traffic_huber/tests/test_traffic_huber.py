import jax.numpy as jnp

from forecast import main


def test_training_loss_finite():
    assert jnp.isfinite(main())
