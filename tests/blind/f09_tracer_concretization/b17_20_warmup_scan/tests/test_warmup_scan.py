import jax.numpy as jnp

import fit_scan


def test_losses_recorded():
    x = jnp.eye(4)
    w, losses = fit_scan.run(jnp.zeros(4), x, jnp.ones(4))
    assert losses.shape == (fit_scan.SCHEDULE["total"],)
