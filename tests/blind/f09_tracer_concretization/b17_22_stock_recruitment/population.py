"""Beverton-Holt stock-recruitment dynamics with harvesting, run to equilibrium."""
import jax.numpy as jnp
from jax import lax


def beverton_holt(stock, log_r, log_k, harvest):
    r, k = jnp.exp(log_r), jnp.exp(log_k)
    recruits = r * stock / (1.0 + (r - 1.0) * stock / k)
    return recruits * (1.0 - harvest)


def equilibrium(log_r, log_k, harvest, n_years, stock0=100.0):
    body = lambda _, s: beverton_holt(s, log_r, log_k, harvest)
    return lax.fori_loop(0, n_years, body, jnp.full_like(harvest, stock0))
