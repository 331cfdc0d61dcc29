"""Framing, band energies and spectral flux."""
import jax.numpy as jnp
import numpy as np


def frame(signal, cfg):
    n_frames = 1 + (signal.shape[0] - cfg.win) // cfg.hop
    starts = jnp.arange(n_frames) * cfg.hop
    idx = starts[:, None] + jnp.arange(cfg.win)[None, :]
    return signal[idx] * jnp.hanning(cfg.win)


def band_energies(frames, cfg):
    mag = jnp.abs(jnp.fft.rfft(frames, axis=-1))
    edges = np.linspace(0, mag.shape[-1], cfg.n_bands + 1).astype(int)
    bands = [jnp.sum(mag[:, lo:hi] ** 2, axis=-1) for lo, hi in zip(edges[:-1], edges[1:])]
    return jnp.log1p(jnp.stack(bands, axis=-1))


def spectral_flux(energies, weights):
    diff = jnp.maximum(jnp.diff(energies, axis=0), 0.0)
    return diff @ weights
