"""Autocorrelation features of multichannel EEG windows."""
import jax
import jax.numpy as jnp


def autocorr(x, max_lag):
    """Normalised autocorrelation of one channel at lags 1..max_lag."""
    x = x - x.mean()
    n = x.shape[0]
    denom = jnp.sum(x * x) + 1e-8
    idx = jnp.arange(n)

    def at_lag(k):
        shifted = jnp.where(idx + k < n, x[(idx + k) % n], 0.0)
        return jnp.sum(x * shifted) / denom

    return jax.vmap(at_lag)(jnp.arange(1, max_lag + 1))


def band_power(x, n_bands=4):
    spec = jnp.abs(jnp.fft.rfft(x)) ** 2
    return jnp.log(jnp.stack([b.sum() for b in jnp.array_split(spec, n_bands)]) + 1e-6)
