"""SEIR compartment model integrated with fixed-step RK2 sub-steps per day."""
from typing import NamedTuple

import jax
import jax.numpy as jnp


class SEIRParams(NamedTuple):
    log_beta: jax.Array
    log_sigma: jax.Array
    log_gamma: jax.Array


def _rhs(p, y):
    s, e, i, r = y
    beta, sigma, gamma = jnp.exp(p.log_beta), jnp.exp(p.log_sigma), jnp.exp(p.log_gamma)
    infection = beta * s * i
    return jnp.stack([-infection, infection - sigma * e, sigma * e - gamma * i, gamma * i])


def _day(p, cfg, y):
    h = cfg.h
    for _ in range(cfg.n_substeps):
        k1 = _rhs(p, y)
        y = y + h * _rhs(p, y + 0.5 * h * k1)
    return y


def simulate(p, cfg, y0):
    def step(y, _):
        y = _day(p, cfg, y)
        return y, y[2]

    _, infected = jax.lax.scan(step, y0, None, length=cfg.n_days)
    return infected
