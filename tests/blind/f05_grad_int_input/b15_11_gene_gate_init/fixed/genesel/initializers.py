"""Named parameter initialisers, selected from the layer config."""
import jax
import jax.numpy as jnp

INITIALIZERS = {
    "zeros": lambda key, shape: jnp.zeros(shape),
    "lecun": lambda key, shape: jax.random.normal(key, shape) / jnp.sqrt(shape[0]),
    "coin": lambda key, shape: jax.random.bernoulli(key, 0.5, shape).astype(jnp.float32),
    "half": lambda key, shape: jnp.full(shape, 0.5),
}


def make(name):
    return INITIALIZERS[name]
