"""End-of-day risk: delta and vega of a digital book."""

import jax

from pricing import Book, DigitalCall


def sample_book():
    return Book([DigitalCall(k, t, 1e4) for k in (90.0, 100.0, 110.0) for t in (0.25, 1.0)])


def greeks(book, spot, vol):
    delta, vega = jax.grad(book.value, argnums=(0, 1))(spot, vol)
    return {"delta": float(delta), "vega": float(vega)}


def main():
    print(greeks(sample_book(), 100.0, 0.25))


if __name__ == "__main__":
    main()
