import jax.numpy as jnp

from ode import solve


def misfit(params, observed):
    return jnp.mean((solve(params) - observed) ** 2)
