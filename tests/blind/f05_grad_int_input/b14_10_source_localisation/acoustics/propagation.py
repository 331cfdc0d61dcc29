"""Spherical spreading and air absorption from a point source to microphones."""
import jax.numpy as jnp


def received_level(source, mics, power_db, alpha=0.005):
    dist = jnp.sqrt(jnp.sum((mics - source) ** 2, axis=-1) + 1.0)
    return power_db - 20.0 * jnp.log10(dist) - alpha * dist


def misfit(source, mics, levels, power_db):
    return jnp.mean((received_level(source, mics, power_db) - levels) ** 2)
