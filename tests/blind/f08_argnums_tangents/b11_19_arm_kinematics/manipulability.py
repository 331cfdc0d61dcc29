"""Yoshikawa manipulability sqrt(det(J J^T)) over a sweep of elbow angles."""

import jax
import jax.numpy as jnp

from arm.kinematics import end_effector, joint_basis


def jacobian_at(q):
    pose, pose_jvp = jax.linearize(end_effector, q)
    columns = pose_jvp(joint_basis(q.shape[0]))
    return columns.T  # (pose, joints)


def manipulability(q):
    j = jacobian_at(q)[:2]  # position rows only
    return jnp.sqrt(jnp.linalg.det(j @ j.T))


def sweep(n=5):
    elbows = jnp.linspace(0.1, 2.5, n)
    return [float(manipulability(jnp.array([0.3, e, -0.5]))) for e in elbows]


def main():
    print("manipulability", sweep())


if __name__ == "__main__":
    main()
