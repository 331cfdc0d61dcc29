"""Scenario returns and the tilt directions used for risk attribution."""
import jax
import jax.numpy as jnp

from portfolio.config import Book


def simulate_returns(book: Book, key):
    n = book.n_assets
    vol = jnp.linspace(0.01, 0.03, n)
    corr = 0.3 * jnp.ones((n, n)) + 0.7 * jnp.eye(n)
    chol = jnp.linalg.cholesky(corr * vol[:, None] * vol[None, :])
    z = jax.random.t(key, 4.0, (book.n_scenarios, n))
    return 0.0004 + z @ chol.T


def tilt_direction(book: Book):
    """Move one unit of weight from `tilt_from` to `tilt_to` (cash untouched)."""
    size = book.n_assets + (1 if book.include_cash else 0)
    d = jnp.zeros(size)
    d = d.at[book.tickers.index(book.tilt_to)].set(1.0)
    return d.at[book.tickers.index(book.tilt_from)].set(-1.0)
