"""Conditional value-at-risk in the Rockafellar-Uryasev form."""
import jax
import jax.numpy as jnp

from stats import expectation


def portfolio_losses(weights, returns):
    return -returns @ weights


def cvar_objective(weights, threshold, returns, alpha=0.95):
    """F_alpha(w, t) = t + E[(L - t)^+] / (1 - alpha); its minimum over t is CVaR."""
    excess = jax.nn.relu(portfolio_losses(weights, returns) - threshold)
    return threshold + jnp.mean(excess) / (1.0 - alpha)


def project_to_simplex(w):
    """Euclidean projection onto {w >= 0, sum w = 1}."""
    u = jnp.sort(w)[::-1]
    css = jnp.cumsum(u)
    k = jnp.arange(1, w.shape[0] + 1)
    rho = jnp.max(jnp.where(u - (css - 1.0) / k > 0, k, 0))
    theta = (css[rho - 1] - 1.0) / rho
    return jnp.maximum(w - theta, 0.0)
