"""Random probe directions, one per parameter leaf."""
import jax


def gaussian_probe(key, params):
    leaves, treedef = jax.tree.flatten(params)
    keys = jax.random.split(key, len(leaves))
    probe = [jax.random.normal(k, (leaf.size,), leaf.dtype) for k, leaf in zip(keys, leaves)]
    return jax.tree.unflatten(treedef, probe)
