import jax.numpy as jnp

from refine import refine


def test_refinement_runs():
    cost, points = refine(iters=2)
    assert points.shape == (20, 3)
    assert jnp.all(jnp.isfinite(cost))
