"""Sensitivity of the final kinetic-energy-like norm to the initial state."""
import jax
import jax.numpy as jnp

from config import LORENZ
from lorenz import LorenzParams, integrate


def load(cfg):
    params = LorenzParams(cfg["sigma"], cfg["rho"], cfg["beta"])
    s0 = jnp.asarray(cfg["initial_state"])
    return params, s0, cfg["dt"], cfg["n_steps"]


def final_energy(s0, params, dt, n_steps):
    final, _ = integrate(s0, params, dt, n_steps)
    return 0.5 * jnp.sum(final ** 2)


def main():
    params, s0, dt, n_steps = load(LORENZ)
    g = jax.grad(final_energy)(s0, params, dt, n_steps)
    print("d E / d s0 =", g, "growth", float(jnp.linalg.norm(g)))


if __name__ == "__main__":
    main()
