"""Smoothed pinball loss for multi-quantile forecasts."""
from functools import partial

import jax
import jax.numpy as jnp

from forecast.reduce import over_batch


@partial(jax.custom_vjp, nondiff_argnums=(2,))
def pinball(pred, tau, smooth, target):
    u = target - pred
    return jnp.sum(tau * u + smooth * jax.nn.softplus(-u / smooth))


def _fwd(pred, tau, smooth, target):
    return pinball(pred, tau, smooth, target), (pred, tau, target)


def _bwd(smooth, res, g):
    pred, tau, target = res
    u = target - pred
    s = jax.nn.sigmoid(-u / smooth)
    g_pred = g * (s - tau)
    g_tau = over_batch(g * u)
    g_target = -jnp.sum(g_pred, axis=-1, keepdims=True)
    return g_pred, g_tau, g_target


pinball.defvjp(_fwd, _bwd)
