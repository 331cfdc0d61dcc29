import jax
import jax.numpy as jnp

from curvature import hutchinson_trace
from sharpness import init, mse


def test_trace_is_finite():
    params = init(jax.random.PRNGKey(5))
    x = jax.random.normal(jax.random.PRNGKey(6), (16, 3))
    y = x[:, 0]
    trace = hutchinson_trace(mse, params, jax.random.PRNGKey(7), (x, y), 2)
    assert jnp.isfinite(trace)
