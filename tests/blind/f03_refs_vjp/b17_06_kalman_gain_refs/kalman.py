"""Negative log-likelihood of a linear-Gaussian state space model (Kalman filter in lax.scan)."""
import jax.numpy as jnp
from jax import lax

A = jnp.array([[1.0, 1.0], [0.0, 1.0]])
H = jnp.array([[1.0, 0.0]])


def filter_nll(log_q_ref, log_r_ref, ys):
    q = jnp.exp(log_q_ref[...])
    r = jnp.exp(log_r_ref[...])
    Q = jnp.diag(q)

    def step(carry, y):
        m, P = carry
        m = A @ m
        P = A @ P @ A.T + Q
        S = H @ P @ H.T + r
        K = P @ H.T / S
        innov = y - H @ m
        m = m + (K @ innov)
        P = P - K @ H @ P
        nll = 0.5 * (jnp.log(2 * jnp.pi * S[0, 0]) + innov[0] ** 2 / S[0, 0])
        return (m, P), nll

    (_, _), nlls = lax.scan(step, (jnp.zeros(2), jnp.eye(2)), ys)
    return jnp.sum(nlls)
