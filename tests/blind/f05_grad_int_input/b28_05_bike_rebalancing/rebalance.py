"""Continuous relaxation of overnight bike rebalancing between docking stations."""
import functools

import jax
import jax.numpy as jnp

from config import cfg

# expected morning demand per station (bikes), from last month's trip logs
DEMAND = jnp.array([35.0, 12.0, 28.0, 8.0, 22.0, 15.0])


def softplus(x, sharpness=1.0):
    return jax.nn.softplus(sharpness * x) / sharpness


def daily_cost(fleet, demand, unmet_penalty, idle_cost):
    unmet = softplus(demand - fleet)
    idle = softplus(fleet - demand)
    moved = jnp.sum((fleet - jnp.mean(fleet)) ** 2) * 0.01
    return jnp.sum(unmet_penalty * unmet + idle_cost * idle) + moved


cost = functools.partial(daily_cost, demand=DEMAND,
                         unmet_penalty=cfg.unmet_penalty, idle_cost=cfg.idle_cost)


def initial_fleet():
    return jnp.full((cfg.n_stations,), cfg.init_fleet)


@jax.jit
def step(fleet):
    g = jax.grad(cost)(fleet)
    return fleet - cfg.lr * g
