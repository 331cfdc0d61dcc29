"""Zeroed gradient accumulators matching a dict of parameter Refs."""
import jax
import jax.numpy as jnp


def grad_buffers(refs):
    return {name: jax.new_ref(jnp.zeros(ref.shape)) for name, ref in refs.items()}


def read(buffers):
    return {name: buf[...] for name, buf in buffers.items()}
