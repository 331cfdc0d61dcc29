import jax
import jax.numpy as jnp

from nnkit.ops.activations import smooth_clip


def init_mlp(key, sizes):
    keys = jax.random.split(key, len(sizes) - 1)
    return [{"w": jax.random.normal(k, (m, n)) / jnp.sqrt(m), "b": jnp.zeros(n)}
            for k, m, n in zip(keys, sizes[:-1], sizes[1:])]


def mlp_apply(params, x):
    for layer in params[:-1]:
        x = smooth_clip(x @ layer["w"] + layer["b"])
    return x @ params[-1]["w"] + params[-1]["b"]
