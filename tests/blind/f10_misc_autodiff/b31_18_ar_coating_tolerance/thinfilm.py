"""Single-layer coating at normal incidence (characteristic-matrix form)."""
import jax.numpy as jnp


def reflection_amplitude(n_film, thickness, n_substrate, wavelength=550e-9, n_ambient=1.0):
    delta = 2.0 * jnp.pi * n_film * thickness / wavelength
    r01 = (n_ambient - n_film) / (n_ambient + n_film)
    r12 = (n_film - n_substrate) / (n_film + n_substrate)
    phase = jnp.exp(2j * delta)
    return (r01 + r12 * phase) / (1.0 + r01 * r12 * phase)


def reflectance(n_film, thickness, n_substrate, wavelength=550e-9):
    r = reflection_amplitude(n_film, thickness, n_substrate, wavelength)
    return jnp.abs(r) ** 2


def quarter_wave(n_film, wavelength=550e-9):
    return wavelength / (4.0 * jnp.real(n_film))
