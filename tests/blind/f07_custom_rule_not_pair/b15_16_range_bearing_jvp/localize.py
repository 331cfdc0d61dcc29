"""Estimate the robot pose from one scan of range-bearing observations."""
import jax
import jax.numpy as jnp

from slam.measurement import predict, residual_cost

LANDMARKS = jnp.array([[4.0, 1.0], [-2.0, 3.0], [1.0, -5.0], [6.0, 6.0]])


def localize(iters=200, lr=1e-4):
    true_pose = jnp.array([0.5, -0.3, 0.2])
    ranges, bearings = predict(true_pose, LANDMARKS)
    pose = jnp.zeros(3)
    cost_grad = jax.jit(jax.grad(residual_cost))
    for _ in range(iters):
        pose = pose - lr * cost_grad(pose, LANDMARKS, ranges, bearings)
    return pose


def main():
    print("pose estimate", localize())


if __name__ == "__main__":
    main()
