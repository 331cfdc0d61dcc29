"""Quantile (pinball) loss for interval forecasts."""
import jax.numpy as jnp


def pinball(w, X, y, tau):
    r = y - X @ w
    return jnp.mean(jnp.maximum(tau * r, (tau - 1.0) * r))
