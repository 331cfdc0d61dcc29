import jax
import jax.numpy as jnp

from robot import step


def wheel_gradient(pose, wheels, target_pose):
    (new_pose, odo), pullback = jax.vjp(lambda w: step(pose, w), wheels)
    (g_wheels,) = pullback(new_pose - target_pose, jnp.zeros_like(odo))
    return g_wheels


def main():
    pose = jnp.array([0.0, 0.0, 0.0])
    wheels = jnp.array([1.0, 1.2])
    g = wheel_gradient(pose, wheels, jnp.array([0.2, 0.05, 0.1]))
    print(g)
    return g


if __name__ == "__main__":
    main()
