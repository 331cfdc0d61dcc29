"""Smoothing, polynomial baseline removal and vector normalisation of spectra."""
import jax
import jax.numpy as jnp


def gaussian_taps(half_width, sigma):
    offsets = jnp.arange(-half_width, half_width + 1)
    taps = jnp.exp(-0.5 * (offsets / sigma) ** 2)
    return taps / jnp.sum(taps)


def smooth(spectrum, half_width, sigma):
    return jnp.convolve(spectrum, gaussian_taps(half_width, sigma), mode="same")


def remove_baseline(spectrum, degree):
    x = jnp.linspace(-1.0, 1.0, spectrum.shape[0])
    V = jnp.vander(x, degree + 1)
    coef, *_ = jnp.linalg.lstsq(V, spectrum)
    return spectrum - V @ coef


def preprocess(spectra, settings):
    out = jax.vmap(lambda s: smooth(s, settings.half_width, settings.sigma_points))(spectra)
    out = jax.vmap(lambda s: remove_baseline(s, settings.baseline_degree))(out)
    norms = jnp.linalg.norm(out, axis=1, keepdims=True)
    return jnp.where(settings.normalise, out / norms, out)


preprocess_batch = jax.jit(preprocess, static_argnames="settings")
