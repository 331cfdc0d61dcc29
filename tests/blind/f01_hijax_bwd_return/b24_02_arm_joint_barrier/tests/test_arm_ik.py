import jax.numpy as jnp

from ik import forward_kinematics, solve_ik


def test_ik_reaches_target():
    target = jnp.array([0.3, 0.7])
    q = solve_ik(target, jnp.array([0.2, 0.3, 0.1]), iters=300)
    assert jnp.linalg.norm(forward_kinematics(q) - target) < 0.05
