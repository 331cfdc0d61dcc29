"""Composable training objectives."""
import jax.numpy as jnp


def gaussian_log_prior(params, scale=2.0):
    return sum(jnp.sum((p / scale) ** 2) for p in params.values())


def with_prior(data_loss, prior=gaussian_log_prior, weight=1e-2):
    """Wrap a ``(loss, metrics)`` objective with a weighted prior penalty."""
    def loss(params, batch):
        value, metrics = data_loss(params, batch)
        penalty = prior(params)
        return value + weight * penalty, metrics, penalty
    return loss
