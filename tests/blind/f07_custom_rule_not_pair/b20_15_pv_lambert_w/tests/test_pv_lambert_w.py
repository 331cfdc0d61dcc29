import jax.numpy as jnp

import fit_iv


def test_photocurrent_recovered():
    theta = fit_iv.main(steps=150)
    assert abs(float(jnp.exp(theta[0])) - 5.0) < 0.5
