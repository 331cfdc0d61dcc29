import jax.numpy as jnp


def pad_to(x, length):
    extra = length - x.shape[0]
    return jnp.pad(x, (0, extra))
