import jax.numpy as jnp

import experiment


def test_sensitivity_is_finite():
    assert bool(jnp.all(jnp.isfinite(experiment.main())))
