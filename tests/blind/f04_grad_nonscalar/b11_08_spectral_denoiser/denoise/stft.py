"""Framing and magnitude spectra (Hann window, no overlap-add needed for training)."""

import jax.numpy as jnp


def frames(x, size=64, hop=32):
    n = 1 + (x.shape[-1] - size) // hop
    idx = jnp.arange(size)[None, :] + hop * jnp.arange(n)[:, None]
    return x[..., idx] * jnp.hanning(size)


def magnitude(x, size=64, hop=32):
    return jnp.abs(jnp.fft.rfft(frames(x, size, hop), axis=-1))
