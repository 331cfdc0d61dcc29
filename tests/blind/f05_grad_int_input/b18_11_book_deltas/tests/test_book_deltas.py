import jax

from book.market import load_market
from book.pricing import book_value


def test_book_deltas():
    m = load_market()
    d = jax.grad(book_value)(m["spot"], m["vol"], m["rate"], m["spot"] * 1.0, m["vol"] * 4.0)
    assert d.shape == (4,)
