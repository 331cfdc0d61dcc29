"""Gradient accumulation buffers, one Ref per parameter, reused across micro-batches."""
import jax
import jax.numpy as jnp

from config import LayerConfig


def make_grad_buffers(cfg: LayerConfig):
    return {
        "weight": jax.new_ref(jnp.zeros((cfg.in_features, cfg.out_features))),
        "bias": jax.new_ref(jnp.zeros((cfg.out_features,))),
    }


def zero_(buffers):
    for ref in buffers.values():
        ref[...] = jnp.zeros_like(ref[...])
