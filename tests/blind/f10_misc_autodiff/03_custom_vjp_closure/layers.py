"""Layer whose activation has a custom VJP built per call."""

import jax
import jax.numpy as jnp


def make_scaled_tanh(scale):
    @jax.custom_vjp
    def scaled_tanh(x):
        return jnp.tanh(scale * x)

    def fwd(x):
        y = jnp.tanh(scale * x)
        return y, y

    def bwd(y, g):
        return (g * scale * (1 - y**2),)

    scaled_tanh.defvjp(fwd, bwd)
    return scaled_tanh


def forward(params, x):
    act = make_scaled_tanh(params["scale"])
    return act(x @ params["w"])
