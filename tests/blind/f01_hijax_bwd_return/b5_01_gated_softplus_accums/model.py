"""A two-layer regressor whose hidden activation has a learned gain."""

from dataclasses import dataclass

import jax
import jax.numpy as jnp

from prims import gated_softplus


@dataclass(frozen=True)
class Shape:
    n_in: int = 3
    n_hidden: int = 8
    n_out: int = 1


def init(key: jax.Array, shape: Shape) -> dict[str, jax.Array]:
    k1, k2 = jax.random.split(key)
    return {
        "w1": jax.random.normal(k1, (shape.n_in, shape.n_hidden)) * 0.5,
        "alpha": jnp.ones((shape.n_hidden,)),
        "w2": jax.random.normal(k2, (shape.n_hidden, shape.n_out)) * 0.5,
    }


def forward(params: dict[str, jax.Array], x: jax.Array) -> jax.Array:
    h = gated_softplus(x @ params["w1"], params["alpha"])
    return h @ params["w2"]
