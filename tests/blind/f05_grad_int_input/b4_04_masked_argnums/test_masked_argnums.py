import jax.numpy as jnp

from complete import complete


def test_completion_keeps_shape():
    ratings = jnp.arange(12.0).reshape(3, 4) / 10.0
    observed = ratings > 0.3
    assert complete(ratings, observed, steps=2).shape == (3, 4)
