import jax.numpy as jnp

import train


def test_loss_is_finite_and_decreasing():
    history = train.main(epochs=4)
    assert jnp.isfinite(jnp.array(history)).all()
    assert history[-1] < history[0]
