"""Dense layers propagating a Gaussian mean and variance through the network."""

import jax
import jax.numpy as jnp

from bnn.moments import relu_moments


def init_layer(key, n_in, n_out):
    return {
        "w_mu": jax.random.normal(key, (n_in, n_out)) / jnp.sqrt(n_in),
        "w_logvar": jnp.full((n_in, n_out), -6.0),
        "b": jnp.zeros(n_out),
    }


def dense_moments(layer, mean, var):
    w_var = jnp.exp(layer["w_logvar"])
    out_mean = mean @ layer["w_mu"] + layer["b"]
    out_var = var @ (layer["w_mu"] ** 2) + (mean**2 + var) @ w_var
    return out_mean, out_var


def forward(params, x):
    mean, var = x, jnp.zeros_like(x)
    for layer in params[:-1]:
        mean, var = dense_moments(layer, mean, var)
        mean, var = relu_moments(mean, var)
    return dense_moments(params[-1], mean, var)
