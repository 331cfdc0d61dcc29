import jax.numpy as jnp

import identify


def test_identification_runs():
    params = identify.main(steps=3)
    assert jnp.isfinite(params["log_f"])
