"""Crop-yield regression from weather and soil covariates."""
import jax
import jax.numpy as jnp


def init_mlp(key, sizes):
    params = []
    for k, (n_in, n_out) in zip(jax.random.split(key, len(sizes) - 1), zip(sizes[:-1], sizes[1:])):
        params.append({"w": jax.random.normal(k, (n_in, n_out)) / jnp.sqrt(n_in), "b": jnp.zeros(n_out)})
    return params


def predict(params, x):
    for layer in params[:-1]:
        x = jax.nn.relu(x @ layer["w"] + layer["b"])
    return (x @ params[-1]["w"] + params[-1]["b"])[:, 0]


def loss_fn(params, x, y):
    pred = predict(params, x)
    mse = jnp.mean((pred - y) ** 2)
    return mse, {"mae": jnp.mean(jnp.abs(pred - y)), "bias": jnp.mean(pred - y)}
