"""Let a small pile of beads settle onto a floor with damped velocity Verlet."""
import jax
import jax.numpy as jnp

from contacts import gravity_energy, hertz_energy


def floor_energy(pos, radii, k=1e4):
    pen = jnp.maximum(radii - pos[:, 2], 0.0)
    return 0.5 * k * jnp.sum(pen ** 2)


def total_energy(pos, radii):
    return hertz_energy(pos, radii) + gravity_energy(pos, radii) + floor_energy(pos, radii)


def make_stepper(radii, dt=2e-5, damping=5.0, density=1100.0):
    mass = (density * 4.0 / 3.0 * jnp.pi * radii ** 3)[:, None]
    force = jax.jit(lambda p: -jax.grad(total_energy)(p, radii))

    def step(pos, vel, f):
        vel = vel + 0.5 * dt * f / mass
        pos = pos + dt * vel
        f_new = force(pos)
        vel = (vel + 0.5 * dt * f_new / mass) * (1.0 - damping * dt)
        return pos, vel, f_new

    return force, step


def main(n_steps=200):
    key = jax.random.key(1)
    radii = jax.random.uniform(key, (10,), minval=0.004, maxval=0.006)
    grid = jnp.stack(jnp.meshgrid(jnp.arange(5), jnp.arange(2), indexing="ij"), -1).reshape(-1, 2)
    pos = jnp.concatenate([grid * 0.0105, jnp.full((10, 1), 0.01)], axis=1)
    vel = jnp.zeros_like(pos)
    force, step = make_stepper(radii)
    f = force(pos)
    for _ in range(n_steps):
        pos, vel, f = step(pos, vel, f)
    print(f"mean height {float(jnp.mean(pos[:, 2])) * 1e3:.2f} mm")
    return pos


if __name__ == "__main__":
    main()
