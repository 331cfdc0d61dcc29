import jax.numpy as jnp

from sampling import tempered_softmax


def cross_entropy(logits, temperature, labels):
    probs = tempered_softmax(logits, temperature)
    picked = jnp.take_along_axis(probs, labels[:, None], axis=-1)
    return -jnp.mean(jnp.log(picked + 1e-9))
