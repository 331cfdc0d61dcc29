"""Least-squares fit of the riboswitch rates, kept positive by clipping."""

import jax
import jax.numpy as jnp

from kinetics import Rates, trajectory
from kinetics.data import DOSES, observed


def mse(rates, ligand, obs):
    return jnp.mean((trajectory(rates, ligand) - obs) ** 2)


def fit(iters=40, lr=2e-4):
    obs = observed(jax.random.key(5))
    rates = Rates(k_tx=1.0, k_deg=0.1, kd=1.0)
    grad_fn = jax.jit(jax.grad(mse))
    for _ in range(iters):
        g = grad_fn(rates, DOSES, obs)
        rates = Rates(*(jnp.maximum(r - lr * gr, 1e-3) for r, gr in zip(rates, g)))
    return rates


def main():
    print(fit())


if __name__ == "__main__":
    main()
