"""A linear-softmax classifier on fixed features."""
import jax
import jax.numpy as jnp


def init(key, d, num_classes):
    return {"w": 0.01 * jax.random.normal(key, (d, num_classes)), "b": jnp.zeros(num_classes)}


def apply(params, x):
    return x @ params["w"] + params["b"]
