"""Inverse kinematics of a three-link planar arm by gradient descent."""
import jax
import jax.numpy as jnp

from joints import joint_barrier

LINKS = jnp.array([0.5, 0.4, 0.25])


def forward_kinematics(q):
    angles = jnp.cumsum(q)
    return jnp.stack([jnp.sum(LINKS * jnp.cos(angles)), jnp.sum(LINKS * jnp.sin(angles))])


def ik_cost(q, target):
    err = forward_kinematics(q) - target
    return 0.5 * jnp.dot(err, err) + joint_barrier(q)


def solve_ik(target, q0, lr=0.5, iters=200):
    q = q0
    cost_grad = jax.grad(ik_cost)
    for _ in range(iters):
        q = q - lr * cost_grad(q, target)
    return q


def main():
    target = jnp.array([0.6, 0.5])
    q = solve_ik(target, jnp.array([0.1, 0.2, 0.1]))
    print("joints", q, "reach error", jnp.linalg.norm(forward_kinematics(q) - target))


if __name__ == "__main__":
    main()
