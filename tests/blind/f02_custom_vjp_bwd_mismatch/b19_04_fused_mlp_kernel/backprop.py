"""Manual backpropagation through a stack of tanh layers (used by the fused kernel)."""

import jax.numpy as jnp


def forward_stack(weights, x):
    acts = [x]
    for w in weights:
        x = jnp.tanh(x @ w)
        acts.append(x)
    return acts


def backward_stack(weights, acts, g):
    """Return (per-layer weight cotangents in layer order, input cotangent)."""
    grads = []
    for w, a_in, a_out in zip(reversed(weights), reversed(acts[:-1]), reversed(acts[1:])):
        gz = g * (1.0 - a_out**2)
        grads.append(a_in.T @ gz)
        g = gz @ w.T
    return grads[::-1], g
