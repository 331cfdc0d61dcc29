import jax.numpy as jnp

import train


def test_loss_decreases():
    loss = train.main()
    assert jnp.isfinite(loss)
