import jax.numpy as jnp

import train


def test_clipped_step_is_bounded():
    w = train.main()
    assert float(jnp.linalg.norm(w)) <= 0.05 + 1e-6
