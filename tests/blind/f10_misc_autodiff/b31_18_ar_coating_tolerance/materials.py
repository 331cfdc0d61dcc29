"""Refractive indices at 550 nm (complex where the material absorbs)."""
import jax.numpy as jnp

INDEX_550NM = {
    "air": 1.0,
    "MgF2": 1.38,
    "SiO2": 1.46,
    "Si3N4": 2.02,
    "Si": 4.08 + 0.03j,
    "glass": 1.52,
}


def refractive_index(name):
    return jnp.asarray(INDEX_550NM[name])
