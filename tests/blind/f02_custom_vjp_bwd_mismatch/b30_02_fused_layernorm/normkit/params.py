"""Parameter containers for normalisation layers."""
import dataclasses
from functools import partial

import jax
import jax.numpy as jnp


@partial(jax.tree_util.register_dataclass, data_fields=["scale", "offset"], meta_fields=["eps"])
@dataclasses.dataclass(frozen=True)
class NormParams:
    scale: jax.Array
    offset: jax.Array
    eps: float = dataclasses.field(default=1e-5)


def init_norm(features, eps=1e-5):
    return NormParams(jnp.ones((features,)), jnp.zeros((features,)), eps)


def param_cotangents(x_hat, g):
    """Cotangents of scale and offset, reduced over every leading axis."""
    axes = tuple(range(g.ndim - 1))
    return jnp.sum(g * x_hat, axis=axes), jnp.sum(g, axis=axes)
