"""Spectral helpers for the hearing-aid fitting notebook."""
import jax.numpy as jnp

SR = 16000
N_FFT = 256


def stft_mag(x, n_fft=N_FFT, hop=128):
    n_frames = 1 + (x.shape[0] - n_fft) // hop
    idx = jnp.arange(n_fft)[None, :] + hop * jnp.arange(n_frames)[:, None]
    frames = x[idx] * jnp.hanning(n_fft)
    return jnp.abs(jnp.fft.rfft(frames, axis=-1))          # (frames, bins)


def band_matrix(n_bands, n_bins=N_FFT // 2 + 1):
    """Triangular band-pooling matrix (bins -> bands), mel-like spacing."""
    edges = jnp.round(jnp.geomspace(2, n_bins - 1, n_bands + 2)).astype(int)
    k = jnp.arange(n_bins)[:, None]
    lo, mid, hi = edges[:-2][None], edges[1:-1][None], edges[2:][None]
    up = (k - lo) / jnp.maximum(mid - lo, 1)
    down = (hi - k) / jnp.maximum(hi - mid, 1)
    return jnp.clip(jnp.minimum(up, down), 0.0, 1.0)          # (bins, bands)


def energy_per_band(weighted):
    """Total energy in each band of a (frames, bands) table."""
    return jnp.sum(weighted, axis=0)
