"""Proximal operators with gradients that stay defined at the kink."""

import jax
import jax.numpy as jnp


@jax.custom_vjp
def soft_threshold(x, lam):
    return jnp.sign(x) * jnp.maximum(jnp.abs(x) - lam, 0.0)


def _soft_threshold_fwd(x, lam):
    active = jnp.abs(x) > lam
    return soft_threshold(x, lam), (jnp.sign(x), active)


def _soft_threshold_bwd(res, g):
    sign, active = res
    g_active = jnp.where(active, g, 0.0)
    return g_active, -(g_active * sign).sum()


soft_threshold.defvjp(_soft_threshold_fwd, _soft_threshold_bwd)
