"""A weight-tied residual MLP whose depth is chosen per call."""
import jax
import jax.numpy as jnp


def init(key, width):
    k1, k2 = jax.random.split(key)
    return {
        "w": jax.random.normal(k1, (width, width)) * 0.1,
        "b": jnp.zeros((width,)),
        "head": jax.random.normal(k2, (width,)) * 0.1,
    }


def forward(params, x, depth):
    h = x
    for _ in range(depth):
        h = h + jnp.tanh(h @ params["w"] + params["b"])
    return h @ params["head"]
