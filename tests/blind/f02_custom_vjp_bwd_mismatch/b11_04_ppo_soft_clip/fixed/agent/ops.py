"""Smooth clipping used in the surrogate objective (tanh squashing with a straight gradient)."""

import jax
import jax.numpy as jnp


@jax.custom_vjp
def soft_clip(ratio_minus_one, bound):
    return bound * jnp.tanh(ratio_minus_one / bound)


def _soft_clip_fwd(ratio_minus_one, bound):
    t = jnp.tanh(ratio_minus_one / bound)
    return bound * t, t


def _soft_clip_bwd(t, g):
    # d/dx [b tanh(x / b)] = 1 - tanh^2; the bound is a hyper-parameter
    return (g * (1.0 - t * t), None)


soft_clip.defvjp(_soft_clip_fwd, _soft_clip_bwd)
