import jax.numpy as jnp

from tune import main


def test_penalty_finite():
    assert jnp.isfinite(main(iters=5))
