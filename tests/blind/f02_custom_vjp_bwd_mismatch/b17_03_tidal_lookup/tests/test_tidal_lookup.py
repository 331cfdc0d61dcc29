import jax
import jax.numpy as jnp

import tides


def test_table_gradient_shape():
    hours = jnp.linspace(0.0, 10.0, 7)
    g = jax.grad(tides.gauge_loss)(jnp.zeros(tides.GRID["n_knots"]), hours, hours, hours)
    assert g.shape == (tides.GRID["n_knots"],)
