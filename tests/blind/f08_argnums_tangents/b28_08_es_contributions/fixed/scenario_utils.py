"""Scenario generation and tail-weight helpers for the market-risk report."""
import jax.numpy as jnp
import numpy as np


def historical_scenarios(n_scenarios, n_assets, seed=7):
    rng = np.random.default_rng(seed)
    vol = np.linspace(0.01, 0.03, n_assets)
    corr = 0.3 + 0.7 * np.eye(n_assets)
    chol = np.linalg.cholesky(corr)
    z = rng.standard_t(df=4, size=(n_scenarios, n_assets)) @ chol.T
    return jnp.asarray(z * vol, jnp.float32)


def tail_weights(pnl, alpha):
    """Equal weights on the worst (1 - alpha) share of scenarios, zero elsewhere."""
    n = pnl.shape[0]
    k = max(1, int(round(n * (1 - alpha))))
    cutoff = jnp.sort(pnl)[k - 1]
    in_tail = (pnl <= cutoff).astype(pnl.dtype)
    return in_tail / k
