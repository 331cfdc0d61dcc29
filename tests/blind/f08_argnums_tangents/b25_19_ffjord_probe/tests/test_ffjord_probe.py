import jax.numpy as jnp

from score import score


def test_score_is_finite():
    assert jnp.isfinite(score(n_points=2))
