"""Regression losses."""
import jax.numpy as jnp


def mse(model, params, batch):
    x, y = batch
    pred = model(params, x)
    return jnp.mean((pred - y) ** 2)
