import jax.numpy as jnp

from planner import optimise


def test_optimised_path_is_finite():
    terms = optimise(iters=2)
    assert jnp.isfinite(terms.total)
