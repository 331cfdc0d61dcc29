"""Find the launch angle that lands a projectile with drag at a target distance."""

import jax
import jax.numpy as jnp

from aero import drag_acceleration

GRAVITY = jnp.array([0.0, -9.81])


def landing_distance(angle, speed=400.0, dt=0.01, n_steps=3000):
    v0 = speed * jnp.array([jnp.cos(angle), jnp.sin(angle)])

    def step(state, _):
        pos, vel = state
        vel = vel + dt * (GRAVITY + drag_acceleration(vel))
        new_pos = pos + dt * vel
        # the position freezes once the projectile is back on the ground
        return (jnp.where(new_pos[1] >= 0.0, new_pos, pos), vel), None

    (pos, _), _ = jax.lax.scan(step, (jnp.zeros(2), v0), None, length=n_steps)
    return pos[0]


def aim(target, angle=0.3, lr=2e-8, steps=15):
    miss = lambda a: (landing_distance(a) - target) ** 2
    grad_fn = jax.jit(jax.value_and_grad(miss))
    for _ in range(steps):
        err, g = grad_fn(angle)
        angle = angle - lr * g
    return angle, err


def main():
    angle, err = aim(target=1500.0)
    print(f"angle {float(angle):.4f} rad, squared miss {float(err):.1f}")
    return float(angle)


if __name__ == "__main__":
    main()
