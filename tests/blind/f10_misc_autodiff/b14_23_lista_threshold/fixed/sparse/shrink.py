"""Soft-thresholding operators with a straight-through style backward pass."""
import jax
import jax.numpy as jnp


@jax.custom_vjp
def soft_threshold(x, lam):
    return jnp.sign(x) * jnp.maximum(jnp.abs(x) - lam, 0.0)


def _soft_threshold_fwd(x, lam):
    active = jnp.abs(x) > lam
    return soft_threshold(x, lam), (active, jnp.sign(x), jnp.shape(lam))


def _soft_threshold_bwd(res, g):
    active, sign, lam_shape = res
    g_lam = -jnp.sum(jnp.where(active, g * sign, 0.0))
    return jnp.where(active, g, 0.0), jnp.broadcast_to(g_lam, lam_shape)


soft_threshold.defvjp(_soft_threshold_fwd, _soft_threshold_bwd)


def make_soft_threshold(lam):
    return lambda x: soft_threshold(x, lam)
