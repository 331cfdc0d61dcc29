import jax.numpy as jnp


def dot_last(a, b):
    """Row-wise dot product over the last (xyz) axis."""
    return jnp.sum(a * b, axis=-1, keepdims=True)


def sq_norm(v):
    return dot_last(v, v)
