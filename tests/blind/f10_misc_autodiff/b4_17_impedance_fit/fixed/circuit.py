"""Impedance of a Randles cell: series resistance plus R_ct parallel to a capacitor."""

from typing import NamedTuple

import jax.numpy as jnp


class Randles(NamedTuple):
    log_rs: float
    log_rct: float
    log_c: float


def impedance(p: Randles, omega):
    rs, rct, c = jnp.exp(p.log_rs), jnp.exp(p.log_rct), jnp.exp(p.log_c)
    return rs + rct / (1.0 + 1j * omega * rct * c)


def misfit(p: Randles, omega, z_measured):
    resid = (impedance(p, omega) - z_measured) / jnp.abs(z_measured)
    return jnp.mean(jnp.abs(resid) ** 2)
