"""A linear softmax classifier whose parameters come from a declarative spec."""

import jax
import jax.numpy as jnp

from initializers import INITIALIZERS

SPEC = {
    "w": ((4, 3), "lecun"),
    "b": ((3,), "zeros"),
}


def init_params(key: jax.Array) -> dict[str, jax.Array]:
    keys = jax.random.split(key, len(SPEC))
    return {
        name: INITIALIZERS[init](k, shape)
        for k, (name, (shape, init)) in zip(keys, sorted(SPEC.items()))
    }


def logits(params, x):
    return x @ params["w"] + params["b"]


def cross_entropy(params, x, labels):
    logp = jax.nn.log_softmax(logits(params, x))
    return -jnp.mean(jnp.take_along_axis(logp, labels[:, None], axis=1))
