"""Risk measures for long-only portfolios."""
import jax.numpy as jnp


def weights_from_logits(logits):
    return jnp.exp(logits) / jnp.sum(jnp.exp(logits))


def portfolio_variance(w, cov):
    return w @ cov


def mean_variance_utility(logits, mu, cov, risk_aversion):
    w = weights_from_logits(logits)
    return -(w @ mu) + 0.5 * risk_aversion * portfolio_variance(w, cov)
