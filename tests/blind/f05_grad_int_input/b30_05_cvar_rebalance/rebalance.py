"""Shrink the positions that contribute most to tail risk."""
import jax
import jax.numpy as jnp

from riskkit import Book, expected_shortfall_grad

POSITIONS = {"AAA": 120, "BBB": 40, "CCC": 300, "DDD": 75}


def scenarios(key, price_now, n=2000, vol=0.02):
    shocks = vol * jax.random.normal(key, (n, price_now.shape[0]))
    return price_now * jnp.exp(shocks)


def rebalance(book, price_now, paths, rate=50.0, rounds=3):
    for _ in range(rounds):
        marginal = expected_shortfall_grad(book, price_now, paths).units
        book = Book(jnp.maximum(book.units - rate * marginal / price_now, 0.0), book.tickers)
    return book


def main():
    book = Book.from_positions(POSITIONS)
    price_now = jnp.array([51.0, 230.0, 12.5, 88.0])
    paths = scenarios(jax.random.PRNGKey(0), price_now)
    print(rebalance(book, price_now, paths))


if __name__ == "__main__":
    main()
