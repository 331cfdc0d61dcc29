import jax.numpy as jnp

from pricing import book_delta


def test_delta_between_zero_and_book_size():
    d = book_delta(100.0, jnp.array([90.0, 100.0, 110.0]))
    assert 0.0 < d < 3.0
