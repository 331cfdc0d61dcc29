"""Inhomogeneous Poisson likelihood of binned spikes given a stimulus drive."""
import jax
import jax.numpy as jnp


def rates(baseline, gain, stimulus, bin_s):
    drive = jax.nn.softplus(gain[None, :] * stimulus[:, None])
    return (baseline[None, :] / (bin_s * 50) + drive) * bin_s


def nll(baseline, gain, stimulus, raster, bin_s=0.01):
    lam = rates(baseline, gain, stimulus, bin_s)
    return jnp.sum(lam - raster * jnp.log(lam + 1e-9))
