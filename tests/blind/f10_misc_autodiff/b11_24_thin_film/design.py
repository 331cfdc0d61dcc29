"""Tune the layer thicknesses of a two-layer MgF2/TiO2 coating for the visible band."""

import jax
import jax.numpy as jnp

from optics.stack import reflection_spectrum
from optics.targets import spectral_misfit

INDICES = jnp.array([1.38, 2.35])
WAVELENGTHS = jnp.linspace(450.0, 650.0, 21)  # nm


def objective(thickness):
    r = reflection_spectrum(thickness, INDICES, WAVELENGTHS)
    weights = jnp.exp(-(((WAVELENGTHS - 550.0) / 80.0) ** 2))
    return spectral_misfit(r, jnp.zeros_like(r), weights)


def design(iters=200, lr=50.0):
    thickness = jnp.array([100.0, 30.0])  # nm
    step = jax.jit(jax.value_and_grad(objective))
    for _ in range(iters):
        loss, g = step(thickness)
        thickness = jnp.clip(thickness - lr * g, 5.0, 300.0)
    return thickness, loss


def main():
    thickness, loss = design()
    print("thickness (nm)", thickness, "weighted reflectance", float(loss))


if __name__ == "__main__":
    main()
