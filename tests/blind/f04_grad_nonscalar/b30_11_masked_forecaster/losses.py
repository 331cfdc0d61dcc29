"""Masked sequence losses for variable-length series padded to a common length."""
import jax.numpy as jnp


def masked_mean(values, mask, axis=None):
    """Mean of ``values`` over the entries where ``mask`` is set."""
    mask = mask.astype(values.dtype)
    return jnp.sum(values * mask, axis=axis) / jnp.maximum(jnp.sum(mask, axis=axis), 1.0)


def quantile_loss(pred, target, mask, q=0.5):
    """Pinball loss per series, averaged over its observed time steps."""
    err = target - pred
    pinball = jnp.maximum(q * err, (q - 1.0) * err)
    return masked_mean(pinball, mask, axis=-1)


def per_step_mae(pred, target, mask):
    return masked_mean(jnp.abs(target - pred), mask, axis=0)
