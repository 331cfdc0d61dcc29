"""Random probe vectors shaped like a parameter pytree."""
import jax
import jax.numpy as jnp


def _split_like(key, tree):
    leaves = jax.tree.leaves(tree)
    return leaves, jax.random.split(key, len(leaves))


def rademacher_like(key, tree):
    """A vector of +-1 entries with one array per leaf of ``tree``."""
    leaves, keys = _split_like(key, tree)
    return jax.tree.unflatten(jax.tree.structure(tree), [
        jax.random.rademacher(k, leaf.shape, dtype=leaf.dtype)
        for k, leaf in zip(keys, leaves)
    ])


def gaussian_like(key, tree):
    leaves, keys = _split_like(key, tree)
    treedef = jax.tree.structure(tree)
    return jax.tree.unflatten(
        treedef, [jax.random.normal(k, leaf.shape, leaf.dtype) for k, leaf in zip(keys, leaves)]
    )
