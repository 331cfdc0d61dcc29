"""Curvature products of a loss with respect to a parameter pytree."""

import jax


def hvp(loss_fn, params, direction, *args):
    """Hessian-vector product ``H(params) @ direction`` by forward-over-reverse."""
    grad_fn = lambda p: jax.grad(loss_fn)(p, *args)
    return jax.jvp(grad_fn, (params,), (direction,))[1]


def tree_vdot(a, b):
    return sum(jax.numpy.vdot(x, y) for x, y in zip(jax.tree.leaves(a), jax.tree.leaves(b)))


def tree_normalize(v):
    norm = jax.numpy.sqrt(tree_vdot(v, v))
    return jax.tree.map(lambda x: x / norm, v)
