"""Hessian-vector products by forward-over-reverse differentiation."""

import jax


def hvp(loss, params, v):
    """H(params) @ v without forming the Hessian."""
    return jax.jvp(jax.grad(loss), (params,), (v,))[1]
