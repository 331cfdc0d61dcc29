"""Explicit finite differences for the 1-D heat equation with Dirichlet ends."""

import jax
import jax.numpy as jnp


def simulate(boundary, s):
    n = s["nodes"]
    dx = s["length_m"] / (n - 1)
    r = s["diffusivity"] * s["dt_s"] / dx**2
    t0 = jnp.full(n, s["initial_c"])

    def step(t, _):
        t = t.at[0].set(boundary[0]).at[-1].set(boundary[1])
        lap = t[:-2] - 2.0 * t[1:-1] + t[2:]
        t = t.at[1:-1].add(r * lap)
        return t, t[jnp.array(s["sensor_nodes"])]

    _, readings = jax.lax.scan(step, t0, None, length=s["steps"])
    return readings  # (steps, sensors)


def misfit(boundary, readings, s):
    return jnp.mean((simulate(boundary, s) - readings) ** 2)
