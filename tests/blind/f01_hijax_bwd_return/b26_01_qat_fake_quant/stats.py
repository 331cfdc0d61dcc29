"""Small statistics shared by the training diagnostics."""
import jax.numpy as jnp


def clip_fraction(inside):
    """Fraction of entries that fell outside the quantisation range."""
    return 1.0 - jnp.mean(inside.astype(jnp.float32))


def accuracy(logits, labels):
    return jnp.mean(jnp.argmax(logits, -1) == labels)
