"""Subset-of-regressors GP mean with learned inducing points, fitted by validation MSE."""

from typing import NamedTuple

import jax.numpy as jnp

from sgp.kernels import rbf_cross


class SGPParams(NamedTuple):
    inducing: jnp.ndarray  # (m, d)
    log_noise: jnp.ndarray  # ()


def predict_mean(params, x_train, y_train, x_test):
    z = params.inducing / 0.5  # lengthscale 0.5
    noise = jnp.exp(2.0 * params.log_noise)
    k_nz = rbf_cross(x_train / 0.5, z)
    k_zz = rbf_cross(z, z) + 1e-5 * jnp.eye(z.shape[0])
    a = noise * k_zz + k_nz.T @ k_nz
    alpha = jnp.linalg.solve(a, k_nz.T @ y_train)
    return rbf_cross(x_test / 0.5, z) @ alpha


def validation_loss(params, x_train, y_train, x_val, y_val):
    return jnp.mean((predict_mean(params, x_train, y_train, x_val) - y_val) ** 2)
