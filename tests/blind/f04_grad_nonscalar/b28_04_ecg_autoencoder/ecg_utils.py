"""Helpers shared by the ECG beat autoencoder notebook and the alerting job."""
import jax
import jax.numpy as jnp
import numpy as np


def synthetic_beats(n, length=64, seed=0):
    rng = np.random.default_rng(seed)
    t = np.linspace(0, 1, length)
    qrs = np.exp(-((t - 0.4) ** 2) / 0.002)
    twave = 0.3 * np.exp(-((t - 0.7) ** 2) / 0.01)
    beats = (qrs + twave)[None, :] * rng.uniform(0.8, 1.2, (n, 1))
    return jnp.asarray(beats + 0.02 * rng.standard_normal((n, length)), jnp.float32)


def init_autoencoder(key, length=64, hidden=8):
    k1, k2 = jax.random.split(key)
    return {
        "enc": jax.random.normal(k1, (length, hidden)) / jnp.sqrt(length),
        "dec": jax.random.normal(k2, (hidden, length)) / jnp.sqrt(hidden),
    }


def reconstruct(params, beats):
    code = jnp.tanh(beats @ params["enc"])
    return code @ params["dec"]


def anomaly_score(beats, recon):
    """Per-beat reconstruction error, used to flag abnormal beats."""
    return jnp.mean((beats - recon) ** 2, axis=-1)
