"""Small weighted-reduction helpers shared by the signal code."""
import jax
import jax.numpy as jnp


def soft_weights(x, temperature, axis=-1):
    return jax.nn.softmax(x / temperature, axis=axis)


def expectation(w, v, axis=-1):
    """E_w[v] along `axis`, kept broadcastable against `v`."""
    return jnp.sum(w * v, axis=axis, keepdims=True)


def center(v, w, axis=-1):
    return v - expectation(w, v, axis)
