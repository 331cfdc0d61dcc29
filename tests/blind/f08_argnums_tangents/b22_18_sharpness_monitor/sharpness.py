"""Track the top Hessian eigenvalue (sharpness) during training by power iteration."""

import jax

from curvature import hvp, tree_normalize, tree_vdot


def random_direction(key, params):
    leaves = jax.tree.leaves(params)
    keys = jax.random.split(key, len(leaves))
    return [jax.random.normal(k, p.shape, p.dtype) for k, p in zip(keys, leaves)]


def top_eigenvalue(loss_fn, params, key, *args, iters=20):
    v = tree_normalize(random_direction(key, params))
    eig = 0.0
    for _ in range(iters):
        hv = hvp(loss_fn, params, v, *args)
        eig = tree_vdot(v, hv)
        v = tree_normalize(hv)
    return eig
