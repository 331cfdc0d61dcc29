"""Directional derivative of expected shortfall along a rebalancing tilt."""
import jax
import jax.numpy as jnp

from portfolio.config import Book
from portfolio.scenarios import simulate_returns, tilt_direction


def expected_shortfall(weights, returns, alpha):
    """CVaR (Rockafellar-Uryasev form) of the equity sleeve's loss."""
    losses = -(returns @ weights)
    var = jnp.quantile(losses, alpha)
    excess = jnp.maximum(losses - var, 0.0)
    return var + jnp.mean(excess) / (1.0 - alpha)


def tilt_sensitivity(book=Book()):
    returns = simulate_returns(book, jax.random.PRNGKey(7))
    equity = jnp.array([0.3, 0.25, 0.2, 0.15, 0.1])
    es, d_es = jax.jvp(lambda w: expected_shortfall(w, returns, book.alpha),
                       (equity,), (tilt_direction(book),))
    return es, d_es


def main():
    es, d_es = tilt_sensitivity()
    print(f"ES {float(es):.4f}, change per unit tilt {float(d_es):+.4f}")


if __name__ == "__main__":
    main()
