"""Overdamped Langevin dynamics of a bead in a harmonic optical trap (SI units)."""
import jax
import jax.numpy as jnp

KB_T = 4.11e-21      # J at 298 K
GAMMA = 1.88e-8      # kg/s, 1 um bead in water


def trajectory(key, n_steps, stiffness=2e-6, dt=1e-4):
    """Euler-Maruyama positions (m) for n_steps steps, started at the trap centre."""
    x = 0.0
    xs = []
    for _ in range(n_steps):
        key, sub = jax.random.split(key)
        x = x - stiffness / GAMMA * x * dt + jnp.sqrt(2 * KB_T / GAMMA * dt) * jax.random.normal(sub)
        xs.append(x)
    return jnp.stack(xs)
