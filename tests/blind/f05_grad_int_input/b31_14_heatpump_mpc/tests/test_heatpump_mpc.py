import jax.numpy as jnp

import mpc


def test_plan_respects_limits():
    plan = mpc.main(iterations=5)
    assert jnp.all(plan >= 0.0)
