import jax.numpy as jnp

import fit


def test_fit_recovers_capacity():
    params = fit.main()
    assert jnp.abs(params["q_max"] - 4.2) < 0.3
