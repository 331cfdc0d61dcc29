import jax.numpy as jnp

from portfolio import main


def test_weights_sum_to_one():
    assert jnp.allclose(main(iters=5).sum(), 1.0)
