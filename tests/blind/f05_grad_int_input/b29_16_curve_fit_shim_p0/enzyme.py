"""Michaelis-Menten rate law and a substrate-inhibition variant."""
import jax.numpy as jnp


def michaelis_menten(s, vmax, km):
    return vmax * s / (km + s)


def substrate_inhibition(s, vmax, km, ki):
    return vmax * s / (km + s * (1.0 + s / ki))


MODELS = {"mm": michaelis_menten, "si": substrate_inhibition}
