import jax.numpy as jnp

from fit import fit, loss


def test_fit_reduces_loss():
    ea0 = jnp.array([45.0, 48.0, 52.0, 56.0])
    assert loss(fit(ea0, steps=3)) <= loss(ea0)
