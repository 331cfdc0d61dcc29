"""Price and vega for every contract in the book."""
import jax

from contracts import BOOK
from pricing import mc_price

price_and_vega = jax.jit(jax.value_and_grad(mc_price, argnums=1))


def risk_report(book, sigma=0.2, seed=0):
    key = jax.random.key(seed)
    report = {}
    for name, contract in book.items():
        price, vega = price_and_vega(contract, sigma, key)
        report[name] = (float(price), float(vega))
    return report


def main():
    for name, (price, vega) in risk_report(BOOK).items():
        print(f"{name:>14}: price {price:7.3f}  vega {vega:7.3f}")


if __name__ == "__main__":
    main()
