"""Hypocentre misfit for a homogeneous half-space, averaged over the velocity ensemble."""
import jax
import jax.numpy as jnp


def travel_times(hypo, v, stations):
    """hypo = (x, y, depth, origin_time); stations (n, 2) in km at the surface."""
    x, y, z, t0 = hypo
    dist = jnp.sqrt((stations[:, 0] - x) ** 2 + (stations[:, 1] - y) ** 2 + z**2)
    return t0 + dist / v


def member_misfit(hypo, v, stations, picks):
    return jnp.mean((travel_times(hypo, v, stations) - picks) ** 2)


def ensemble_misfit(hypo, velocities, stations, picks):
    per_member = jax.vmap(member_misfit, in_axes=(None, 0, None, None))
    return jnp.mean(per_member(hypo, velocities, stations, picks))
