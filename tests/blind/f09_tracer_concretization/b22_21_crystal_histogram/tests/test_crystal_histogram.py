import jax.numpy as jnp

from calibrate import main


def test_mismatch_finite():
    assert jnp.isfinite(main(iters=5))
