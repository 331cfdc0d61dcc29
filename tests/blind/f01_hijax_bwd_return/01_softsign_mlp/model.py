"""A two-layer MLP using the softsign primitive."""

import jax
import jax.numpy as jnp

from prims import ScaledSoftsign


def init_params(key, sizes=(4, 8, 1)):
    k1, k2 = jax.random.split(key)
    return {
        "w1": jax.random.normal(k1, (sizes[0], sizes[1])) * 0.5,
        "b1": jnp.zeros((sizes[1],)),
        "w2": jax.random.normal(k2, (sizes[1], sizes[2])) * 0.5,
        "b2": jnp.zeros((sizes[2],)),
    }


def forward(params, x):
    z = x @ params["w1"] + params["b1"]
    h = ScaledSoftsign(jax.typeof(z), 1.5)(z)
    return h @ params["w2"] + params["b2"]
