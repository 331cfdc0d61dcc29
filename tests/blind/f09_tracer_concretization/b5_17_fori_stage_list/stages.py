"""Residual stages of a small iterative refiner; each shares the weight shape."""

import jax
import jax.numpy as jnp


def smooth_stage(w, h):
    return h + 0.5 * jnp.tanh(h @ w)


def gate_stage(w, h):
    return h * jax.nn.sigmoid(h @ w)


def mix_stage(w, h):
    return 0.5 * (h + jnp.sin(h @ w))


STAGES = [smooth_stage, gate_stage, mix_stage]
