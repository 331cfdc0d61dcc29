import jax.numpy as jnp

from arm.config import ARM
from arm.kinematics import PlanarArm
from solve_ik import solve


def test_reaches_target():
    arm = PlanarArm(ARM)
    target = jnp.array([0.4, 0.3])
    q = solve(arm, target)
    assert float(jnp.linalg.norm(arm.end_effector(q) - target)) < 1e-2
