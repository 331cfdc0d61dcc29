"""Random probe directions in parameter space, normalised per tree."""

import jax
import jax.numpy as jnp


def random_direction(key, params):
    leaves, treedef = jax.tree.flatten(params)
    keys = jax.random.split(key, len(leaves))
    vecs = [jax.random.normal(k, p.shape) for k, p in zip(keys, leaves)]
    norm = jnp.sqrt(sum(jnp.sum(v.astype(jnp.float32) ** 2) for v in vecs))
    return jax.tree.unflatten(treedef, [v / norm for v in vecs])
