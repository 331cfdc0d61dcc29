"""Synthetic shot gathers: a Ricker pulse at each receiver's reflection time."""
import jax.numpy as jnp


def ricker(t, f0=15.0):
    a = (jnp.pi * f0 * t) ** 2
    return (1.0 - 2.0 * a) * jnp.exp(-a)


def reflection_times(velocity, depth, offsets):
    """Two-way time to a flat reflector below a constant-velocity layer."""
    return jnp.sqrt(offsets ** 2 + (2.0 * depth) ** 2) / velocity


def shot_gather(model, offsets, times):
    """Returns traces of shape (n_receivers, n_samples)."""
    tt = reflection_times(model["velocity"], model["depth"], offsets)
    return ricker(times[None, :] - tt[:, None])
