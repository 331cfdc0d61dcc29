"""Smooth building blocks for conceptual hydrological models."""
import jax
import jax.numpy as jnp


@jax.custom_vjp
def overflow(storage, capacity):
    """Water above capacity, softened so the gradient never vanishes entirely."""
    return jax.nn.softplus(storage - capacity)


def _overflow_fwd(storage, capacity):
    return overflow(storage, capacity), jax.nn.sigmoid(storage - capacity)


def _overflow_bwd(slope, g):
    return g * slope, -g * slope


overflow.defvjp(_overflow_fwd, _overflow_bwd)
