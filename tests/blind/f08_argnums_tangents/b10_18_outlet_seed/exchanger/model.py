"""Effectiveness-NTU model of a counter-flow heat exchanger, batched over scenarios."""
from dataclasses import dataclass

import jax.numpy as jnp


@dataclass(frozen=True)
class Exchanger:
    ua: float = 800.0          # W/K
    cp_hot: float = 4180.0     # J/(kg K)
    cp_cold: float = 4180.0


def outlet_temperatures(ex, inputs):
    """inputs: (n, 4) rows of [T_hot_in, T_cold_in, m_hot, m_cold]; returns (n, 2)."""
    t_hot, t_cold, m_hot, m_cold = inputs.T
    c_hot, c_cold = m_hot * ex.cp_hot, m_cold * ex.cp_cold
    c_min, c_max = jnp.minimum(c_hot, c_cold), jnp.maximum(c_hot, c_cold)
    cr = c_min / c_max
    ntu = ex.ua / c_min
    eff = (1 - jnp.exp(-ntu * (1 - cr))) / (1 - cr * jnp.exp(-ntu * (1 - cr)))
    q = eff * c_min * (t_hot - t_cold)
    return jnp.stack([t_hot - q / c_hot, t_cold + q / c_cold], axis=-1)
