"""Two-layer energy-balance climate model (surface mixed layer + deep ocean)."""
import jax.numpy as jnp
from jax import lax

from instrument import counted


def simulate(params, forcing, dt=1.0):
    lam, gamma, c_up, c_deep = params
    def step(state, f):
        t, t_deep = state
        dt_up = (f - lam * t - gamma * (t - t_deep)) / c_up
        dt_deep = gamma * (t - t_deep) / c_deep
        new = (t + dt * dt_up, t_deep + dt * dt_deep)
        return new, new[0]

    _, temps = lax.scan(step, (0.0, 0.0), forcing)
    return temps


@counted("misfit")
def misfit(params, forcing, observed):
    return jnp.mean((simulate(params, forcing) - observed) ** 2)
