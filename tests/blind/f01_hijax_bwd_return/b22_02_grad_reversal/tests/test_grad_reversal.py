import jax.numpy as jnp

from dann import main


def test_training_runs():
    assert jnp.isfinite(main())
