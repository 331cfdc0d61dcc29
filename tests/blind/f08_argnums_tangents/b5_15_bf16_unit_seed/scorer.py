"""A scorer that runs its matmuls in reduced precision."""

from dataclasses import dataclass

import jax
import jax.numpy as jnp


@dataclass(frozen=True)
class Precision:
    compute_dtype: jnp.dtype = jnp.bfloat16


def init(key, n_in: int, n_out: int):
    k1, k2 = jax.random.split(key)
    return {
        "w": jax.random.normal(k1, (n_in, n_out)) / n_in**0.5,
        "v": jax.random.normal(k2, (n_out,)),
    }


def scores(params, x, prec: Precision = Precision()):
    h = jnp.tanh(x.astype(prec.compute_dtype) @ params["w"].astype(prec.compute_dtype))
    return h @ params["v"].astype(prec.compute_dtype)
