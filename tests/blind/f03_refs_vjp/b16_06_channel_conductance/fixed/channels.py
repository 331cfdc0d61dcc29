"""Steady-state clamp currents of a dendrite with shared channel densities."""
import jax
import jax.numpy as jnp

from config import CableConfig

REVERSAL = jnp.array([50.0, -77.0, -54.4])       # mV, Na / K / leak
HALF_ACT = jnp.array([-40.0, -55.0, 0.0])
SLOPE = jnp.array([9.0, 12.0, 1.0e6])


def gating(v):
    """Steady-state open fraction of each channel at holding potentials ``v``: (n_holds, n_channels)."""
    return jax.nn.sigmoid((v[:, None] - HALF_ACT) / SLOPE)


def clamp_currents(gbar_ref, v, area):
    """Current per compartment at each holding potential: (n_holds, n_compartments)."""
    per_channel = gbar_ref[...] * gating(v) * (v[:, None] - REVERSAL)
    return jnp.sum(per_channel, axis=1)[:, None] * area[None, :]


def holding_potentials(cfg: CableConfig):
    return jnp.linspace(cfg.v_min, cfg.v_max, cfg.n_holds)


def grad_buffer(cfg: CableConfig):
    """A zeroed gradient Ref for the channel densities."""
    return jax.new_ref(jnp.zeros((cfg.n_channels,)))
