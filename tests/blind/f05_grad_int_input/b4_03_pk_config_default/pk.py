"""Absorption/elimination ODE integrated with explicit Euler."""

import jax
import jax.numpy as jnp

from config import PKConfig


def params_from_config(cfg: PKConfig):
    return {"k_abs": jnp.asarray(cfg.k_abs), "k_el": jnp.asarray(cfg.k_el),
            "volume": jnp.asarray(cfg.volume)}


def concentration(params, dose, dt, n_steps):
    def rhs(state, _):
        gut, central = state
        d_gut = -params["k_abs"] * gut
        d_central = params["k_abs"] * gut - params["k_el"] * central
        new = (gut + dt * d_gut, central + dt * d_central)
        return new, new[1] / params["volume"]

    _, conc = jax.lax.scan(rhs, (jnp.asarray(dose), jnp.asarray(0.0)), None, length=n_steps)
    return conc


def sensitivity(cfg: PKConfig, observed):
    params = params_from_config(cfg)

    def sse(p):
        pred = concentration(p, cfg.dose, cfg.dt, cfg.n_steps)
        return jnp.sum((pred - observed) ** 2)

    return jax.grad(sse)(params)
