import jax.numpy as jnp

import tune


def test_gain_tuning_runs():
    value = tune.main(dict(tune.CONFIG, iterations=3))
    assert jnp.isfinite(value)
