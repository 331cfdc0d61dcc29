import jax.numpy as jnp


def accuracy(logits, labels):
    return jnp.mean(jnp.argmax(logits, -1) == labels)
