"""Estimate a drag coefficient from the measured range of a projectile."""
import jax
import jax.numpy as jnp

from forces import drag

GRAVITY = jnp.array([0.0, -9.81])


def flight(c, v0, dt=0.01, steps=150):
    def step(carry, _):
        x, v = carry
        a = GRAVITY + drag(c, v)
        return (x + dt * v, v + dt * a), None

    (x, _), _ = jax.lax.scan(step, (jnp.zeros(2), v0), None, length=steps)
    return x[0]


def calibrate(measured_range, v0, c=0.05, iters=15):
    range_and_slope = jax.jit(jax.value_and_grad(flight))
    for _ in range(iters):
        r, dr_dc = range_and_slope(c, v0)
        c = c - (r - measured_range) / dr_dc
    return c


def main():
    v0 = jnp.array([20.0, 15.0])
    measured = flight(0.02, v0)
    c = calibrate(measured, v0)
    print("estimated drag coefficient", float(c))
    return float(c)


if __name__ == "__main__":
    main()
