"""Estimate k1 and k2 from the measured intermediate concentration."""
import jax
import jax.numpy as jnp

from reactor import trajectory
from settings import SETTINGS


def intermediate_misfit(rates, c0, observed, t_end, n_steps):
    cs = trajectory(rates, c0, t_end, n_steps)
    return jnp.mean((cs[:, 1] - observed) ** 2)


def fit(settings=SETTINGS):
    c0 = jnp.asarray(settings["conc0"])
    t_end, n_steps = settings["t_end"], settings["n_steps"]
    observed = trajectory(jnp.array([0.8, 0.25]), c0, t_end, n_steps)[:, 1]
    rates = jnp.asarray(settings["rates0"])
    grad_fn = jax.jit(jax.grad(intermediate_misfit), static_argnums=(3, 4))
    for _ in range(settings["n_iter"]):
        g = grad_fn(rates, c0, observed, t_end, n_steps)
        rates = rates - settings["lr"] * g
    return rates


def main():
    print("k1, k2 =", fit())


if __name__ == "__main__":
    main()
