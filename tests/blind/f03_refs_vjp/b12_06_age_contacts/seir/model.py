"""Discrete-time age-structured SIR dynamics."""
from typing import NamedTuple

import jax
import jax.numpy as jnp


class Epi(NamedTuple):
    log_beta: jax.Array      # (n_groups,) susceptibility by age group
    log_gamma: jax.Array     # () recovery rate


def simulate(epi, contacts, s0, i0, n_days=60):
    """Daily new infections per age group; `contacts` is a Ref read by every step."""
    beta = jnp.exp(epi.log_beta)
    gamma = jnp.exp(epi.log_gamma)

    def day(carry, _):
        s, i = carry
        force = beta * (contacts[...] @ i)
        new = s * (1.0 - jnp.exp(-force))
        return (s - new, i + new - gamma * i), new

    _, incidence = jax.lax.scan(day, (s0, i0), None, length=n_days)
    return incidence


def poisson_nll(epi, contacts, s0, i0, observed):
    rate = simulate(epi, contacts, s0, i0) * 1e4 + 1e-6
    return jnp.sum(rate - observed * jnp.log(rate))
