"""Gradient utilities (ported from the PyTorch version of the project)."""
from functools import partial

import jax
import jax.numpy as jnp


def global_norm(tree):
    return jnp.sqrt(sum(jnp.sum(jnp.square(l)) for l in jax.tree.leaves(tree)))


def clip_by_global_norm(grads, max_norm):
    """Like torch.nn.utils.clip_grad_norm_, but returns the clipped gradients."""
    norm = global_norm(grads)
    scale = jnp.minimum(1.0, max_norm / (norm + 1e-6))
    return jax.tree.map(lambda g: g * scale, grads)


@partial(jax.custom_vjp, nondiff_argnums=(1,))
def clip_gradient(params, max_norm):
    """Identity on the forward pass; clips the incoming gradient on the backward pass."""
    return params


def _clip_fwd(params, max_norm):
    return params, None


def _clip_bwd(max_norm, _, g):
    return (clip_by_global_norm(g, max_norm),)


clip_gradient.defvjp(_clip_fwd, _clip_bwd)
