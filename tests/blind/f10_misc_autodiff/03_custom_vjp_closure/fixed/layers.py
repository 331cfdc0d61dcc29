"""Layer whose activation has a custom VJP."""

import jax
import jax.numpy as jnp


@jax.custom_vjp
def scaled_tanh(scale, x):
    return jnp.tanh(scale * x)


def _fwd(scale, x):
    y = jnp.tanh(scale * x)
    return y, (scale, x, y)


def _bwd(res, g):
    scale, x, y = res
    dy = g * (1 - y**2)
    return jnp.sum(dy * x), dy * scale


scaled_tanh.defvjp(_fwd, _bwd)


def forward(params, x):
    return scaled_tanh(params["scale"], x @ params["w"])
