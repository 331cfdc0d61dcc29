"""Short-time spectra for spectral losses."""
import jax.numpy as jnp


def stft(x, win=512, hop=256):
    n_frames = 1 + (x.shape[0] - win) // hop
    idx = jnp.arange(n_frames)[:, None] * hop + jnp.arange(win)[None, :]
    frames = x[idx] * jnp.hanning(win)
    return jnp.abs(jnp.fft.rfft(frames, axis=-1))


def log_spectral_distance(x, y):
    sx, sy = stft(x), stft(y)
    return jnp.mean((jnp.log1p(sx) - jnp.log1p(sy)) ** 2)
