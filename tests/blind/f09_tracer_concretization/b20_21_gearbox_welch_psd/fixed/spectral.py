"""Welch power spectral density for vibration channels."""
import functools

import jax
import jax.numpy as jnp


@functools.partial(jax.jit, static_argnames="nperseg")
def welch_psd(x, fs, nperseg=256):
    """One-sided PSD of a 1-D signal with Hann windows and 50% overlap."""
    window = jnp.hanning(nperseg)
    step = nperseg // 2
    n_segments = (x.shape[0] - nperseg) // step + 1
    idx = jnp.arange(nperseg)[None, :] + step * jnp.arange(n_segments)[:, None]
    segments = (x[idx] - x[idx].mean(axis=1, keepdims=True)) * window
    spectra = jnp.abs(jnp.fft.rfft(segments, axis=1)) ** 2
    scale = 1.0 / (fs * jnp.sum(window ** 2))
    psd = scale * spectra.mean(axis=0)
    psd = psd.at[1:-1].multiply(2.0)
    return jnp.fft.rfftfreq(nperseg, 1.0 / fs), psd
