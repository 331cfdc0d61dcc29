"""Minimal pytree linear algebra used by the curvature diagnostics."""
import jax
import jax.numpy as jnp


def tree_dot(a, b):
    return sum(jnp.vdot(x, y) for x, y in zip(jax.tree.leaves(a), jax.tree.leaves(b)))


def tree_scale(a, s):
    return jax.tree.map(lambda x: x * s, a)


def tree_norm(a):
    return jnp.sqrt(tree_dot(a, a))


def random_probe(key, params):
    """A Gaussian direction in parameter space, one draw per leaf."""
    leaves = jax.tree.leaves(params)
    keys = jax.random.split(key, len(leaves))
    probe = [jax.random.normal(k, p.shape, p.dtype) for k, p in zip(keys, leaves)]
    return jax.tree.unflatten(jax.tree.structure(params), probe)
