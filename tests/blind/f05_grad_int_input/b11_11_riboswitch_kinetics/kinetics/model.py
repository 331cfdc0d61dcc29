"""Ligand-gated riboswitch: transcription repressed by a Hill function of the ligand."""

from typing import NamedTuple

import jax
import jax.numpy as jnp


class Rates(NamedTuple):
    k_tx: float  # max transcription rate
    k_deg: float  # mRNA degradation rate
    kd: float  # ligand dissociation constant
    hill: float = 2  # cooperativity of ligand binding
    leak: float = 0.05


def production(rates, ligand):
    occupancy = ligand**rates.hill / (rates.kd**rates.hill + ligand**rates.hill)
    return rates.k_tx * (rates.leak + (1.0 - rates.leak) * (1.0 - occupancy))


def trajectory(rates, ligand, t_max=60.0, n=120):
    dt = t_max / n

    def step(m, _):
        m = m + dt * (production(rates, ligand) - rates.k_deg * m)
        return m, m

    _, ms = jax.lax.scan(step, jnp.zeros_like(ligand), None, length=n)
    return ms  # (n, doses)


def steady_state(rates, ligand):
    return production(rates, ligand) / rates.k_deg
