"""Fit a Randles circuit to an impedance spectrum."""

import jax
import jax.numpy as jnp

from circuit import Randles, impedance, misfit


def fit(omega, z_measured, steps=100, lr=0.2):
    p = Randles(jnp.log(5.0), jnp.log(50.0), jnp.log(1e-4))
    for _ in range(steps):
        g = jax.grad(misfit)(p, omega, z_measured)
        p = Randles(*(a - lr * b for a, b in zip(p, g)))
    return p


def main():
    omega = jnp.logspace(0, 5, 30)
    truth = Randles(jnp.log(10.0), jnp.log(100.0), jnp.log(2e-5))
    p = fit(omega, impedance(truth, omega))
    print("R_s", float(jnp.exp(p.log_rs)), "R_ct", float(jnp.exp(p.log_rct)))


if __name__ == "__main__":
    main()
