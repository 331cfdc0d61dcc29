import jax.numpy as jnp

from fit import main


def test_local_level_kalman():
    assert jnp.all(jnp.isfinite(main(steps=5)))
