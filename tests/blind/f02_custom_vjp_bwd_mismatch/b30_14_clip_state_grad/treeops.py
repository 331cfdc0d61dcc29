"""Pytree utilities shared by the optimizer and the gradient-shaping ops."""
import jax
import jax.numpy as jnp


def global_norm(tree):
    return jnp.sqrt(sum(jnp.sum(jnp.square(x)) for x in jax.tree.leaves(tree)))


def clip_by_global_norm(tree, max_norm):
    """Rescale ``tree`` so its global norm is at most ``max_norm``; also return the norm."""
    norm = global_norm(tree)
    scale = jnp.minimum(1.0, max_norm / jnp.maximum(norm, 1e-12))
    return jax.tree.map(lambda x: x * scale, tree), norm
