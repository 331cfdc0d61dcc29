"""Fit wheel radii and track width to a ground-truth motion-capture endpoint."""
import jax
import jax.numpy as jnp

from odom.kinematics import integrate

TRUE = {"r_left": jnp.array(0.051), "r_right": jnp.array(0.049), "track": jnp.array(0.31)}


def drive(n=200):
    t = jnp.arange(n) * 0.05
    left = 0.02 + 0.01 * jnp.sin(0.5 * t)
    right = 0.02 + 0.01 * jnp.cos(0.3 * t)
    return jnp.stack([left, right], axis=-1)


def loss(calib, ticks, end_xy, end_heading):
    path, heading = integrate(calib, ticks)
    return jnp.sum((path[-1] - end_xy) ** 2) + 0.1 * (heading - end_heading) ** 2


def calibrate(n_steps=100, lr=1e-4):
    ticks = drive()
    path, heading = integrate(TRUE, ticks)
    calib = {"r_left": jnp.array(0.05), "r_right": jnp.array(0.05), "track": jnp.array(0.30)}
    grad_fn = jax.jit(jax.value_and_grad(loss))
    first = None
    for _ in range(n_steps):
        value, g = grad_fn(calib, ticks, path[-1], heading)
        first = value if first is None else first
        calib = jax.tree.map(lambda p, d: p - lr * d, calib, g)
    return calib, float(first), float(value)


def main():
    calib, first, last = calibrate()
    print("loss", first, "->", last, calib)


if __name__ == "__main__":
    main()
