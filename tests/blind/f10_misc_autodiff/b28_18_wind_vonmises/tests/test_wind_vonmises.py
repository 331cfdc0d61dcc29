import jax
import jax.numpy as jnp

from wind_rose import DIRECTIONS, neg_log_lik


def test_gradient_wrt_concentrations():
    raw = jnp.array([0.0, 4.0, 1.0, 1.0, 1.0])
    g = jax.grad(neg_log_lik)(raw, DIRECTIONS)
    assert jnp.all(jnp.isfinite(g[3:]))
