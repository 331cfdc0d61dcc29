"""Discrete-time SIR model of an influenza outbreak in a boarding school."""
import jax.numpy as jnp

from jit_utils import compiled

POPULATION = 763.0


@compiled()
def simulate(log_beta, log_gamma, n_days, i0=1.0):
    beta, gamma = jnp.exp(log_beta), jnp.exp(log_gamma)
    s, i, r = POPULATION - i0, i0, 0.0
    infected = []
    for day in range(n_days):
        new_inf = beta * s * i / POPULATION
        new_rec = gamma * i
        s, i, r = s - new_inf, i + new_inf - new_rec, r + new_rec
        infected.append(i)
    return jnp.stack(infected)
