import jax.numpy as jnp

from plan import plan


def test_plan_is_finite():
    assert jnp.all(jnp.isfinite(plan(iters=3)))
