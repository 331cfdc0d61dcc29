"""Gradient buffers, allocated once from the layer sizes and reused every step."""

import jax
import jax.numpy as jnp


def allocate_grad_buffers(layer_sizes):
    bufs = []
    for n_in, n_out in zip(layer_sizes[:-1], layer_sizes[1:]):
        bufs.append(
            {
                "w": jax.new_ref(jnp.zeros((n_in, n_out))),
                "b": jax.new_ref(jnp.zeros(n_out)),
            }
        )
    return bufs


def zero_(bufs):
    for layer in bufs:
        for ref in layer.values():
            ref[...] = jnp.zeros_like(ref[...])
