import jax.numpy as jnp

import fit


def test_charge_transfer_resistance():
    log_params = fit.main()
    assert abs(jnp.exp(log_params[1]) - 250.0) < 25.0
