"""Hourly demand regression on calendar and weather features."""

import jax.numpy as jnp


def features(hour, temp_c):
    angle = 2 * jnp.pi * hour / 24.0
    cooling = jnp.maximum(temp_c - 18.0, 0.0)
    heating = jnp.maximum(15.0 - temp_c, 0.0)
    return jnp.stack([jnp.sin(angle), jnp.cos(angle), cooling, heating], axis=-1)


def squared_error(params, x, demand):
    weights, bias = params
    pred = x @ weights[...] + bias[...]
    return jnp.mean((pred - demand) ** 2)
