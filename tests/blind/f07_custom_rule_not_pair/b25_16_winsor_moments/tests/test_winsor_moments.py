import jax.numpy as jnp

from assimilate import tune


def test_inflation_tuning():
    assert jnp.isfinite(tune(iters=2))
