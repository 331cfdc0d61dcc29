"""Bias-add with a memory-light custom backward pass."""

import jax
import jax.numpy as jnp


@jax.custom_vjp
def add_bias(h, bias):
    return h + bias


def _add_bias_fwd(h, bias):
    return h + bias, None


def _add_bias_bwd(_, g):
    d_h = g
    d_bias = jnp.sum(g, axis=0)
    return d_h, d_bias


add_bias.defvjp(_add_bias_fwd, _add_bias_bwd)


def mlp(params, x):
    h = jnp.tanh(add_bias(x @ params["w1"], params["b1"]))
    return add_bias(h @ params["w2"], params["b2"])
