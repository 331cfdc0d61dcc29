import jax.numpy as jnp

import invert


def test_inversion_runs():
    loss = invert.main(iterations=1)
    assert jnp.isfinite(loss)
