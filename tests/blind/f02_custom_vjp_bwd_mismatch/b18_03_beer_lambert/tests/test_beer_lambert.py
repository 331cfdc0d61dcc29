import jax
import jax.numpy as jnp

from spectro import calibrate


def test_beer_lambert():
    conc = jnp.array([0.1, 0.2, 0.4, 0.8, 1.6])
    g = jax.grad(calibrate.loss)(jnp.ones(16), conc, jnp.zeros((5, 16)))
    assert g.shape == (16,)
