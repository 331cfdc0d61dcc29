"""Relaxed fixed-point iteration x = g(x, params), differentiated implicitly."""
from functools import partial

import jax
import jax.numpy as jnp
from jax import lax

N_ITER = 300


def _iterate(g, params, x0, relax):
    def body(_, x):
        return (1.0 - relax) * x + relax * g(x, params)
    return lax.fori_loop(0, N_ITER, body, x0)


@partial(jax.custom_vjp, nondiff_argnums=(0,))
def fixed_point(g, params, x0, relax):
    return _iterate(g, params, x0, relax)


def _fixed_point_fwd(g, params, x0, relax):
    x = _iterate(g, params, x0, relax)
    return x, (params, x, relax)


def _fixed_point_bwd(g, res, x_bar):
    params, x, relax = res
    _, vjp_x = jax.vjp(lambda y: g(y, params), x)
    # adjoint equation w = x_bar + (dg/dx)^T w
    w = lax.fori_loop(0, N_ITER, lambda _, w: x_bar + vjp_x(w)[0], x_bar)
    _, vjp_p = jax.vjp(lambda p: g(x, p), params)
    return vjp_p(w)[0], jnp.zeros_like(x), None


fixed_point.defvjp(_fixed_point_fwd, _fixed_point_bwd)
