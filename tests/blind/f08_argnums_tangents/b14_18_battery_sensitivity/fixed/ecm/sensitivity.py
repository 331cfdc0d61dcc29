"""Directional sensitivities of the voltage trace to each circuit parameter."""
import jax
import jax.numpy as jnp

from ecm.circuit import terminal_voltage


def unit_directions(params, cfg):
    n = len(params)
    return [tuple(jnp.asarray(cfg.relative_step * p * (i == j), dtype=p.dtype)
                  for j, p in enumerate(params)) for i in range(n)]


def voltage_sensitivities(params, current, cfg):
    sims = []
    for direction in unit_directions(params, cfg):
        _, dv = jax.jvp(lambda p: terminal_voltage(p, current, cfg.dt), (params,), (direction,))
        sims.append(dv.astype(cfg.report_dtype))
    return jnp.stack(sims)
