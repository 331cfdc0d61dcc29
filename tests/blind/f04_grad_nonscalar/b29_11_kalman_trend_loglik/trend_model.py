"""Local linear trend model for a noisy river-level gauge."""
import jax.numpy as jnp

from kalman import KalmanFilter


def local_linear_trend(dt=1.0):
    F = jnp.array([[1.0, dt], [0.0, 1.0]])
    H = jnp.array([[1.0, 0.0]])
    m0 = jnp.zeros((2, 1))
    P0 = 10.0 * jnp.eye(2)
    return KalmanFilter(F, H, m0, P0)


def noise_matrices(log_params):
    q_level, q_slope, r = jnp.exp(log_params)
    return jnp.diag(jnp.stack([q_level, q_slope])), r.reshape(1, 1)
