import jax.numpy as jnp

import bnn


def test_training_runs():
    loss = bnn.main()
    assert jnp.isfinite(loss)
