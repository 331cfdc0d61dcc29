"""Probabilistic regression losses for the deep-ensemble experiments."""
import jax.numpy as jnp


def gaussian_nll(mean, log_var, y):
    """Heteroscedastic Gaussian negative log-likelihood, averaged over the batch."""
    inv_var = jnp.exp(-log_var)
    per_elem = 0.5 * (log_var + (y - mean) ** 2 * inv_var)
    return jnp.mean(per_elem, axis=0)


def ensemble_loss(member_fn, params, x, y):
    mean, log_var = member_fn(params, x)
    return gaussian_nll(mean, log_var, y)
