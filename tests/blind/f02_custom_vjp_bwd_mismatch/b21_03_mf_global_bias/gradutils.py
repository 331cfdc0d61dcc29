"""Small helpers shared by the hand-written backward rules."""
import jax.numpy as jnp


def reduce_bias_grad(g):
    """Cotangent of a bias broadcast over the batch: sum every axis but the feature axis."""
    return jnp.sum(g, axis=tuple(range(g.ndim - 1)))


def outer_grad(g, other):
    return g[:, None] * other
