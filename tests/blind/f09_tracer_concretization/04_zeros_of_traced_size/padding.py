import jax.numpy as jnp


def pad_to(x, length):
    extra = length - x.shape[0]
    return jnp.concatenate([x, jnp.zeros(extra)])
