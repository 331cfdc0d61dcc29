from functools import partial

import jax
import jax.numpy as jnp

import fit


def test_gradient_is_finite():
    n = fit.N_CELLS
    u0 = jnp.ones(n)
    src = jnp.zeros(n)
    g = jax.grad(partial(fit.objective, u0=u0, source=src, observed=u0))(jnp.zeros(n))
    assert jnp.all(jnp.isfinite(g))
