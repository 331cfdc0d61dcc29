import jax
import jax.numpy as jnp

import fit_growth


def test_rate_gradient_is_scalar():
    v0 = jnp.array([50.0, 60.0])
    observed = fit_growth.trajectory(jnp.log(0.05), v0, 5)
    g = jax.grad(fit_growth.loss)(jnp.log(0.02), v0, observed)
    assert g.shape == ()
