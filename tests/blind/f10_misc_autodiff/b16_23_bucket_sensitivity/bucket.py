"""A single-bucket rainfall-runoff model (daily time step)."""
import jax.numpy as jnp
from jax import lax

from numerics import overflow


def simulate(params, rain, pet):
    capacity, k_base, et_scale = params[0], params[1], params[2]

    def day(storage, forcing):
        p, e = forcing
        storage = storage + p
        spill = overflow(storage, capacity)
        storage = storage - spill
        et = et_scale * e * storage / capacity
        base = k_base * storage
        storage = jnp.maximum(storage - et - base, 0.0)
        return storage, spill + base

    _, runoff = lax.scan(day, 0.5 * capacity, (rain, pet))
    return runoff
