"""Training objective: MSE that emphasises the assets the model ranks at the extremes."""
import jax
import jax.numpy as jnp

from np_bridge import cross_sectional_rank


def extreme_rank_weights(preds, power=2.0):
    r = cross_sectional_rank(preds)
    return 1.0 + jnp.abs(2.0 * r - 1.0) ** power


def weighted_mse(preds, targets):
    w = extreme_rank_weights(jax.lax.stop_gradient(preds))
    return jnp.sum(w * (preds - targets) ** 2) / jnp.sum(w)
