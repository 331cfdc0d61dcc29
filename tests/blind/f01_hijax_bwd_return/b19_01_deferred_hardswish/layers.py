"""Quantisation-friendly MLP for keyword spotting, with a hard-swish primitive."""

import jax
import jax.numpy as jnp
from jax.experimental.hijax import HiPrim

from logbook import BACKWARD_LOG


class HardSwish(HiPrim):
    """x * relu6(x + 3) / 6, with a hand-written backward pass."""

    def __init__(self, x_aval):
        self.in_avals = (x_aval,)
        self.out_aval = x_aval
        self.params = {}
        super().__init__()

    def expand(self, x):
        return x * jnp.clip(x + 3.0, 0.0, 6.0) / 6.0

    def vjp_fwd(self, nzs_in, x):
        return self.expand(x), x

    def vjp_bwd(self, x, g, x_acc):
        slope = jnp.where(x < -3.0, 0.0, jnp.where(x > 3.0, 1.0, (2.0 * x + 3.0) / 6.0))
        x_acc.accum(g * slope)
        saturated = jnp.mean((x > 3.0).astype(jnp.float32))
        return BACKWARD_LOG.defer("hardswish/saturated", saturated)


def hard_swish(x):
    return HardSwish(jax.typeof(x))(x)


def init_mlp(key, sizes):
    params = []
    for k, (n_in, n_out) in zip(jax.random.split(key, len(sizes) - 1), zip(sizes[:-1], sizes[1:])):
        w = jax.random.normal(k, (n_in, n_out)) * jnp.sqrt(2.0 / n_in)
        params.append({"w": w, "b": jnp.zeros(n_out)})
    return params


def apply_mlp(params, x):
    for layer in params[:-1]:
        x = hard_swish(x @ layer["w"] + layer["b"])
    last = params[-1]
    return x @ last["w"] + last["b"]
