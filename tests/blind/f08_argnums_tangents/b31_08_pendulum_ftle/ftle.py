"""Finite-time Lyapunov exponents of the double pendulum from tangent propagation."""
import functools

import jax
import jax.numpy as jnp

from pendulum import Phase, flow
from perturb import phase_norm, unit_perturbation


def ftle(state, key, t_final=5.0):
    delta0 = unit_perturbation(state, key)
    _, delta = jax.jvp(functools.partial(flow, t_final=t_final), (state,), (delta0,))
    return jnp.log(phase_norm(delta)) / t_final


def main():
    keys = jax.random.split(jax.random.key(0), 3)
    for energy_label, th in (("low", 0.3), ("high", 2.0)):
        state = Phase(jnp.array([th, th]), jnp.zeros(2))
        lam = jnp.mean(jnp.stack([ftle(state, k) for k in keys]))
        print(f"{energy_label} energy: FTLE ~ {float(lam):.3f} 1/s")
    return lam


if __name__ == "__main__":
    main()
