"""Kalman filter for the local-level model y_t = mu_t + eps, mu_t = mu_{t-1} + eta."""

import jax
import jax.numpy as jnp


def run_filter(y, q, r, m0=0.0, p0=10.0):
    def step(carry, obs):
        m, p = carry
        p_pred = p + q
        s = p_pred + r
        k = p_pred / s
        innov = obs - m
        ll = -0.5 * (jnp.log(2 * jnp.pi * s) + innov**2 / s)
        return (m + k * innov, (1 - k) * p_pred), (m + k * innov, ll)

    _, (means, lls) = jax.lax.scan(step, (jnp.asarray(m0), jnp.asarray(p0)), y)
    return means, lls
