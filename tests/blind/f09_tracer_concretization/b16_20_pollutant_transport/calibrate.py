"""Estimate the longitudinal dispersion coefficient from a downstream concentration profile."""
import jax
import jax.numpy as jnp

from grid import make_grid
from transport import run


def initial_plume(grid):
    return jnp.exp(-0.5 * ((grid.x - 300.0) / 60.0) ** 2)


def profile_misfit(log_d, grid, velocity, observed):
    c = run(initial_plume(grid), velocity, jnp.exp(log_d), grid)
    return jnp.mean((c - observed) ** 2) * 1e3


def calibrate(n_iter=30, lr=0.5):
    grid = make_grid()
    velocity = 0.4
    observed = run(initial_plume(grid), velocity, 12.0, grid)
    log_d = jnp.log(5.0)
    step = jax.jit(jax.value_and_grad(profile_misfit))
    for _ in range(n_iter):
        value, g = step(log_d, grid, velocity, observed)
        log_d = log_d - lr * g
    return jnp.exp(log_d), value


def main():
    d, value = calibrate()
    print(f"dispersion {float(d):.2f} m2/s, misfit {float(value):.3e}")


if __name__ == "__main__":
    main()
