"""Gradient-descent IK from the arm's home pose toward a list of targets."""
import jax
import jax.numpy as jnp

from arm.config import ARM, SOLVER
from arm.kinematics import PlanarArm


def solve(arm, target, settings=SOLVER):
    grad_cost = jax.jit(jax.grad(arm.ik_cost))
    q = arm.home
    for _ in range(settings["iterations"]):
        q = q - settings["step"] * grad_cost(q, target, settings["limit_weight"])
    return q


def main():
    arm = PlanarArm(ARM)
    for target in ([0.4, 0.3], [0.1, 0.55]):
        q = solve(arm, jnp.asarray(target))
        print(target, "->", q, arm.end_effector(q))


if __name__ == "__main__":
    main()
