"""Curvature diagnostics: Hessian-vector products and Hutchinson's trace estimator."""
from functools import partial

import jax
import jax.numpy as jnp

from probes import rademacher_like


def tree_vdot(a, b):
    return sum(jnp.vdot(x, y) for x, y in zip(jax.tree.leaves(a), jax.tree.leaves(b)))


def hvp(loss_fn, params, v, *args):
    """Forward-over-reverse Hessian-vector product."""
    grad_fn = lambda p: jax.grad(loss_fn)(p, *args)
    return jax.jvp(grad_fn, (params,), (v,))[1]


@partial(jax.jit, static_argnums=(0, 4))
def hutchinson_trace(loss_fn, params, key, batch, n_probes=8):
    def one(k):
        v = rademacher_like(k, params)
        return tree_vdot(v, hvp(loss_fn, params, v, batch))

    return jnp.mean(jax.lax.map(one, jax.random.split(key, n_probes)))
