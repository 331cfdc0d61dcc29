import jax
import jax.numpy as jnp

from rebalance import POSITIONS, rebalance, scenarios
from riskkit import Book


def test_rebalance_never_goes_short():
    book = Book.from_positions(POSITIONS)
    price_now = jnp.array([51.0, 230.0, 12.5, 88.0])
    paths = scenarios(jax.random.PRNGKey(1), price_now, n=200)
    out = rebalance(book, price_now, paths, rounds=1)
    assert jnp.all(out.units >= 0)
