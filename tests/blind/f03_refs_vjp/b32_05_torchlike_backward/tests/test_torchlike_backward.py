import jax.numpy as jnp

import train


def test_weights_move_towards_truth():
    w = train.main()
    assert jnp.all(jnp.isfinite(w))
