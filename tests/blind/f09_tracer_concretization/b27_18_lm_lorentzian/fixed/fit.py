"""Fit a Lorentzian line (amplitude, centre, half-width, baseline) to a Raman band."""
from functools import partial

import jax
import jax.numpy as jnp

from config import LMConfig
from lm import lm_step


def lorentzian(p, x):
    amp, x0, gamma, base = p
    return amp * gamma ** 2 / ((x - x0) ** 2 + gamma ** 2) + base


def make_residual(x, y):
    return lambda p: lorentzian(p, x) - y


@partial(jax.jit, static_argnums=(0, 2))
def solve_step(residual_fn, params, cfg):
    return lm_step(residual_fn, params, cfg)


def fit(x, y, p0, cfg=LMConfig()):
    residual_fn = make_residual(x, y)
    params = p0
    for _ in range(cfg.max_iters):
        params, cost = solve_step(residual_fn, params, cfg)
    return params, cost


def main():
    x = jnp.linspace(950.0, 1050.0, 200)
    y = lorentzian(jnp.array([3.0, 1001.5, 4.0, 0.2]), x)
    y = y + 0.02 * jax.random.normal(jax.random.key(0), x.shape)
    params, cost = fit(x, y, jnp.array([2.0, 998.0, 6.0, 0.0]))
    print("params", params, "cost", float(cost))


if __name__ == "__main__":
    main()
