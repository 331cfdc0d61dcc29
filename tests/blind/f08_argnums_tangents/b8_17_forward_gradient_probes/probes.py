"""Random tangent directions for forward-gradient training (one probe per step)."""
import jax
import jax.numpy as jnp


def gaussian_probe(key, params):
    leaves, treedef = jax.tree_util.tree_flatten(params)
    keys = jax.random.split(key, len(leaves))
    return jax.tree_util.tree_unflatten(
        treedef,
        [jax.random.normal(k, leaf.shape) for k, leaf in zip(keys, leaves)],
    )
