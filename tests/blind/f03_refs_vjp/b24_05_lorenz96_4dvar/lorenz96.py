"""Lorenz-96 model and its RK4 integrator."""
import jax
import jax.numpy as jnp

FORCING = 8.0


def tendency(x):
    return (jnp.roll(x, -1) - jnp.roll(x, 2)) * jnp.roll(x, 1) - x + FORCING


def rk4(x, dt):
    k1 = tendency(x)
    k2 = tendency(x + 0.5 * dt * k1)
    k3 = tendency(x + 0.5 * dt * k2)
    k4 = tendency(x + dt * k3)
    return x + dt / 6.0 * (k1 + 2 * k2 + 2 * k3 + k4)


def integrate(x0, n_steps, dt=0.01):
    def step(x, _):
        x = rk4(x, dt)
        return x, x
    _, traj = jax.lax.scan(step, x0, None, length=n_steps)
    return traj
