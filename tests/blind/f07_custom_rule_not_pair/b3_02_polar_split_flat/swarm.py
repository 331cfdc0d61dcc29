"""Agents steer towards a target at a preferred speed; fit the speed by gradient descent."""
import jax
import jax.numpy as jnp

from geometry import polar_split


def rollout(speed, positions, target, steps=10, dt=0.1):
    for _ in range(steps):
        dist, heading = polar_split(target - positions)
        positions = positions + dt * jnp.minimum(speed, dist)[:, None] * heading
    return positions


def spread(speed, positions, target):
    final = rollout(speed, positions, target)
    return jnp.mean(jnp.sum((final - target) ** 2, axis=-1))


def main():
    positions = jax.random.normal(jax.random.PRNGKey(5), (16, 2)) * 3.0
    target = jnp.array([1.0, -1.0])
    speed = jnp.array(0.5)
    grad_fn = jax.jit(jax.grad(spread))
    for _ in range(5):
        speed = speed - 0.1 * grad_fn(speed, positions, target)
    print("learned speed", float(speed))
    return speed


if __name__ == "__main__":
    main()
