"""Geometric Brownian motion paths on a monitoring grid."""

import jax
import jax.numpy as jnp


def gbm_paths(key, s0, vol, rate, maturity, n_steps, n_paths):
    dt = maturity / n_steps
    t = jnp.arange(1, n_steps + 1) * dt
    w = jnp.cumsum(jax.random.normal(key, (n_paths, n_steps)) * jnp.sqrt(dt), axis=1)
    return s0 * jnp.exp((rate - 0.5 * vol**2) * t + vol * w)
