"""Robust linear regression with a Huber loss."""
import jax.numpy as jnp


def predict(params, x):
    return x @ params["w"] + params["b"]


def huber_loss(params, batch, delta=1.0):
    x, y = batch
    r = predict(params, x) - y
    quad = jnp.minimum(jnp.abs(r), delta)
    loss = jnp.mean(0.5 * quad**2 + delta * (jnp.abs(r) - quad))
    return loss, {"mae": jnp.mean(jnp.abs(r))}
