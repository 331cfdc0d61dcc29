"""Packing of the two-species state into flat vectors for the Krylov solver."""
import jax.numpy as jnp


def pack(state):
    return jnp.concatenate([state["u"], state["v"]])


def unpack(flat, n):
    return flat[:n], flat[n:]
