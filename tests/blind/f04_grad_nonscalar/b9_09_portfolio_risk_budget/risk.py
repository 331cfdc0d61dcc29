"""Mean-variance objective for long-only portfolios."""
import jax.numpy as jnp


def portfolio_variance(w, cov):
    return w @ cov * w


def mean_variance(w, mu, cov, risk_aversion=3.0):
    ret = mu @ w
    var = portfolio_variance(w, cov)
    return 0.5 * risk_aversion * var - ret
